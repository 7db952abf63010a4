import { steamReviewLabel } from "../market/review-label";
import { slugify } from "../market/slugify";
import type { Family } from "../market/field-families";
import type { ReleaseDate } from "../market/ingest/release-date";

/**
 * What one answer of a source says about one app on one day, by field family, ready to be written
 * (write-observation.ts). A family present here is observed whole; a family absent is not observed, and
 * what is stored for it stays.
 */
export interface Observation {
  appId: number;
  /** the source id recorded in games.sources and snapshots: steam-store, steam-appreviews, steam-players, steamspy, steam-applist */
  source: string;
  /** YYYY-MM-DD */
  day: string;
  families: FamilyValues;
  /** tag names, most prominent first (SteamSpy's by votes) */
  tags?: string[];
  /** Steam's app type, from the store page */
  type?: string;
  /** a row for the day in the game's series */
  snapshot?: SnapshotValues;
}

export interface FamilyValues {
  catalog?: { name: string; developers: string[]; publishers: string[] };
  release?: ReleaseDate & { text: string | null };
  price?: { cents: number | null; initialCents: number | null; currency: string | null; discountPercent: number | null; isFree: boolean | null };
  platforms?: string[];
  genres?: string[];
  categories?: string[];
  reviews?: { positive: number; negative: number };
  owners?: { low: number; high: number };
  ccu?: number;
  players?: number;
  playtime?: { avg: number | null; median: number | null };
  storeDetails?: Record<string, unknown>;
}

export interface SnapshotValues {
  reviewsPositive?: number | null;
  reviewsNegative?: number | null;
  ownersLow?: number | null;
  ownersHigh?: number | null;
  ccu?: number | null;
  priceCents?: number | null;
  initialPriceCents?: number | null;
  discountPercent?: number | null;
  players?: number | null;
}

export const SNAPSHOT_COLUMNS: Record<keyof SnapshotValues, string> = {
  reviewsPositive: "reviews_positive",
  reviewsNegative: "reviews_negative",
  ownersLow: "owners_low",
  ownersHigh: "owners_high",
  ccu: "ccu",
  priceCents: "price_cents",
  initialPriceCents: "initial_price_cents",
  discountPercent: "discount_percent",
  players: "players",
};

/** SQL type of each column an observation writes, so parameters arrive typed. */
export const COLUMN_TYPES: Record<string, string> = {
  name: "text", slug: "text", developers: "text[]", publishers: "text[]", type: "text",
  release_date: "date", release_precision: "text", release_year: "int", release_text: "text",
  price_cents: "int", initial_price_cents: "int", currency: "text", discount_percent: "int", is_free: "boolean",
  platforms: "text[]", genres: "text[]", categories: "text[]",
  reviews_positive: "int", reviews_negative: "int", reviews_total: "int", rating: "float8", review_score: "int", review_label: "text",
  owners_low: "int", owners_high: "int", ccu: "int", players: "int", playtime_avg_minutes: "int", playtime_median_minutes: "int",
  store_details: "jsonb", tag_ids: "int[]", coverage: "text", sources: "jsonb",
};

/** The stored columns of one observed family. Lists a source left empty are not observed: they never erase stored ones. */
export function familyColumns(family: Family, values: FamilyValues, appId: number): Record<string, unknown> | null {
  switch (family) {
    case "catalog": {
      const v = values.catalog!;
      return { name: v.name, slug: slugify(v.name) || String(appId), ...nonEmpty("developers", v.developers), ...nonEmpty("publishers", v.publishers) };
    }
    case "release": {
      const v = values.release!;
      return { release_date: v.date, release_precision: v.precision, release_year: v.year, release_text: v.text };
    }
    case "price": {
      const v = values.price!;
      return { price_cents: v.cents, initial_price_cents: v.initialCents, currency: v.currency, discount_percent: v.discountPercent, is_free: v.isFree };
    }
    case "reviews": {
      const { positive, negative } = values.reviews!;
      const total = positive + negative;
      const { score, label } = steamReviewLabel(positive, negative);
      return { reviews_positive: positive, reviews_negative: negative, reviews_total: total, rating: total > 0 ? positive / total : null, review_score: score, review_label: label };
    }
    case "owners":
      return { owners_low: values.owners!.low, owners_high: values.owners!.high };
    case "ccu":
      return { ccu: values.ccu! };
    case "players":
      return { players: values.players! };
    case "playtime":
      return { playtime_avg_minutes: values.playtime!.avg, playtime_median_minutes: values.playtime!.median };
    case "storeDetails":
      return { store_details: values.storeDetails! };
    case "platforms":
    case "genres":
    case "categories":
      return values[family]!.length > 0 ? { [family]: values[family] } : null;
    default:
      return null;
  }
}

function nonEmpty(column: string, list: string[]): Record<string, string[]> {
  return list.length > 0 ? { [column]: list } : {};
}
