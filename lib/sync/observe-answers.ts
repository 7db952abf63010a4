import { descriptions, storeDetailsOf, strings } from "../market/ingest/merge-game";
import type { SteamSpyRecord } from "../market/ingest/read-steamspy";
import { parseReleaseDate } from "../market/ingest/release-date";
import { cleanText } from "../market/ingest/text";
import type { FamilyValues, Observation } from "./observation";
import type { PriceOverview, ReviewTotals, StoreAppData } from "./sources/steam-store";

/**
 * Each source's answer as an observation (observation.ts), by the same rules as ingestion's merge
 * (lib/market/ingest/merge-game.ts): a missing field is not observed, never zero.
 */
const PLATFORMS = ["windows", "mac", "linux"] as const;

/** The store page (appdetails `data`, cc=us). */
export function observeStorePage(appId: number, day: string, data: StoreAppData): Observation {
  const d = data as Record<string, any>;
  const families: FamilyValues = {
    catalog: { name: cleanText(d.name) ?? String(d.name), developers: strings(d.developers), publishers: strings(d.publishers) },
    genres: descriptions(d.genres),
    categories: descriptions(d.categories),
    storeDetails: storeDetailsOf(d),
  };
  if (d.platforms && typeof d.platforms === "object") families.platforms = PLATFORMS.filter((p) => d.platforms[p] === true);
  const release = storeRelease(d.release_date);
  if (release) families.release = release;
  const price = d.price_overview ? priceFromOverview(d.price_overview) : d.is_free === true ? freePrice() : null;
  if (price) families.price = price.family;
  return {
    appId,
    source: "steam-store",
    day,
    families,
    type: typeof d.type === "string" ? d.type : undefined,
    snapshot: price?.snapshot,
  };
}

/** A price check (appdetails with filters=price_overview). */
export function observePrice(appId: number, day: string, overview: PriceOverview): Observation {
  const price = priceFromOverview({ currency: overview.currency, initial: overview.initial, final: overview.final, discount_percent: overview.discountPercent })!;
  return { appId, source: "steam-store", day, families: { price: price.family }, snapshot: price.snapshot };
}

/** A price check's `data: []` for a game the store calls free: still free, and seen so today. */
export function observeFreePrice(appId: number, day: string): Observation {
  const price = freePrice();
  return { appId, source: "steam-store", day, families: { price: price.family }, snapshot: price.snapshot };
}

/** Review totals (appreviews query_summary). */
export function observeReviews(appId: number, day: string, totals: ReviewTotals): Observation {
  const { positive, negative } = totals;
  return {
    appId,
    source: "steam-appreviews",
    day,
    families: { reviews: { positive, negative } },
    snapshot: { reviewsPositive: positive, reviewsNegative: negative },
  };
}

export function observePlayers(appId: number, day: string, players: number): Observation {
  return { appId, source: "steam-players", day, families: { players }, snapshot: { players } };
}

/** SteamSpy's tags, most voted first. */
export function observeTags(appId: number, day: string, tags: { name: string }[]): Observation {
  return { appId, source: "steamspy", day, families: {}, tags: tags.map((tag) => tag.name) };
}

/** An app-list entry: its name (a new app is created from it). */
export function observeListedName(appId: number, day: string, name: string): Observation {
  return { appId, source: "steam-applist", day, families: { catalog: { name, developers: [], publishers: [] } } };
}

/** One entry of a SteamSpy `all` page. Playtime 0 means "not collected" there, never zero minutes. */
export function observeSteamSpy(record: SteamSpyRecord, day: string): Observation {
  const families: FamilyValues = {};
  if (record.name) families.catalog = { name: record.name, developers: record.developers, publishers: record.publishers };
  if (record.positive !== null && record.negative !== null) families.reviews = { positive: record.positive, negative: record.negative };
  if (record.ownersLow !== null && record.ownersHigh !== null) families.owners = { low: record.ownersLow, high: record.ownersHigh };
  if (record.ccu !== null) families.ccu = record.ccu;
  if (record.priceCents !== null) {
    families.price = {
      cents: record.priceCents,
      initialCents: record.initialPriceCents,
      currency: "USD",
      discountPercent: record.discountPercent,
      isFree: record.priceCents === 0,
    };
  }
  if (record.playtimeAvg || record.playtimeMedian) families.playtime = { avg: record.playtimeAvg || null, median: record.playtimeMedian || null };
  return {
    appId: record.appId,
    source: "steamspy",
    day,
    families,
    snapshot: {
      reviewsPositive: record.positive,
      reviewsNegative: record.negative,
      ownersLow: record.ownersLow,
      ownersHigh: record.ownersHigh,
      ccu: record.ccu,
      priceCents: record.priceCents,
      initialPriceCents: record.initialPriceCents,
      discountPercent: record.discountPercent,
    },
  };
}

/** `{coming_soon, date}`: a dated release, or the store's own words ("Coming soon") with precision unknown. */
function storeRelease(value: unknown): FamilyValues["release"] | null {
  if (!value || typeof value !== "object") return null;
  const { coming_soon: comingSoon, date } = value as { coming_soon?: boolean; date?: string };
  const text = typeof date === "string" && date.trim() ? date.trim() : comingSoon ? "Coming soon" : null;
  if (!text) return null;
  return { ...parseReleaseDate(text), text };
}

function priceFromOverview(overview: Record<string, any>) {
  const { currency, initial, final, discount_percent: discount } = overview;
  if (!Number.isInteger(final) || !Number.isInteger(initial)) return null;
  const family = { cents: final, initialCents: initial, currency: typeof currency === "string" ? currency : null, discountPercent: Number.isInteger(discount) ? discount : null, isFree: false };
  // snapshot prices are US cents (cc=us); another currency is kept on the game, not in the US series
  const snapshot = family.currency === "USD" ? { priceCents: final, initialPriceCents: initial, discountPercent: family.discountPercent } : undefined;
  return { family, snapshot };
}

function freePrice() {
  return {
    family: { cents: 0, initialCents: 0, currency: null, discountPercent: 0, isFree: true },
    snapshot: { priceCents: 0, initialPriceCents: 0, discountPercent: 0 },
  };
}
