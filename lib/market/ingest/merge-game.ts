/**
 * Merge rules, per appid and per field family. Within a family the first source that has a value wins,
 * and `sources[family]` records that source and its observation day (YYYY-MM-DD); a family no source has
 * is absent from `sources`. Missing stays null: nothing is ever 0 by default.
 * - catalog (name, developers, publishers, slug): SteamSpy 2025, SteamSpy 2023, appdetails, Store 2019,
 *   Store search 2023. SteamSpy's comma-joined companies are split on ", " keeping "Co., Ltd." whole.
 *   An app no source names is not stored (reported under "merge").
 * - type: appdetails `type`, else null.
 * - release: appdetails ("21 Aug, 2012"), Store 2019 (ISO day), Store search 2023 (free text: day, month,
 *   year or unknown, e.g. "Coming soon"); releaseText keeps the raw text.
 * - price: the newest SteamSpy snapshot with the app (USD cents), appdetails price_overview, Store search
 *   2023 (USD dollars; "Free" is 0), Store 2019 (GBP). isFree: appdetails is_free, else price == 0.
 * - platforms: appdetails, Store 2019, Store search 2023. genres, categories: appdetails, Store 2019.
 *   Not collected: an empty array and no family in `sources`, so the API can answer null.
 * - tags: Store search 2023 (store order), else Store 2019's SteamSpy tags (vote order).
 * - reviews: SteamSpy 2025, SteamSpy 2023, review stats (as of 2018-07-01), Store 2019; rating and
 *   Steam's label are computed from the counts (review-label.ts).
 * - owners, ccu: SteamSpy 2025, then 2023 (owners also Store 2019).
 * - playtime: SteamSpy 2023, Store 2019, only where non-zero: SteamSpy's 0 means "no data" (the 2025
 *   snapshot did not collect playtime at all), so it is stored as null, never as zero minutes.
 * - storeDetails: appdetails (selected fields, languages as plain text).
 * - coverage: basic (catalog and review counts), partial (also tags and a known release date), full
 *   (also review texts and store details).
 */
import { slugify } from "../slugify";
import { steamReviewLabel } from "../review-label";
import type { SteamSpyRecord } from "./read-steamspy";
import type { AppDetails, ReviewStats, StoreRecord } from "./read-store";
import type { ReleaseDate } from "./release-date";

export interface SourceTag {
  source: string;
  observedAt: string;
}

/**
 * Observation days. None of these files carries its collection date, so each is the best the data or the
 * source's own repository supports:
 * - store 2019: the newest release date in the file (2019-04-24); Kaggle's page says "around May 2019".
 * - store search 2023: the newest past release date in the file (2023-06-05; later ones are month-only
 *   "coming soon" dates), so the scrape was on or soon after that day.
 * - appdetails: fetched with the review dumps, whose newest review is from 2019-03-06.
 * - review stats: woctezuma/steam-reviews-to-sales downloads them (in 2021) with end_date 2018-07-01, and its
 *   README says "review numbers as they were on July 1, 2018": the counts describe 2018-07-01.
 */
export const SOURCES = {
  store2019: { source: "steam-store-2019", observedAt: "2019-04-24" },
  search2023: { source: "steam-store-search-2023", observedAt: "2023-06-05" },
  appdetails: { source: "steam-appdetails", observedAt: "2019-03-06" },
  reviewStats2021: { source: "steam-review-stats-2021", observedAt: "2018-07-01" },
} satisfies Record<string, SourceTag>;

export interface MergeInputs {
  spy: { tag: SourceTag; record: SteamSpyRecord }[];
  details?: AppDetails;
  store2019?: StoreRecord;
  search2023?: StoreRecord;
  reviewStats2021?: ReviewStats;
  hasReviewTexts: boolean;
  /** whether a tag name is in the tag list: a source whose tags are all unknown does not give the game tags */
  isKnownTag: (name: string) => boolean;
}

export interface MergedGame {
  appId: number;
  name: string;
  slug: string;
  type: string | null;
  developers: string[];
  publishers: string[];
  release: ReleaseDate & { text: string | null };
  priceCents: number | null;
  initialPriceCents: number | null;
  currency: string | null;
  discountPercent: number | null;
  isFree: boolean | null;
  platforms: string[];
  genres: string[];
  categories: string[];
  tagNames: string[];
  reviewsPositive: number | null;
  reviewsNegative: number | null;
  ownersLow: number | null;
  ownersHigh: number | null;
  ccu: number | null;
  playtimeAvg: number | null;
  playtimeMedian: number | null;
  sources: Record<string, SourceTag>;
  storeDetails: Record<string, unknown> | null;
  coverage: "basic" | "partial" | "full";
}

export function mergeGame(appId: number, input: MergeInputs): MergedGame | null {
  const sources: Record<string, SourceTag> = {};
  const pick = <T>(family: string, candidates: [SourceTag, T | null | undefined][]): T | null => {
    for (const [tag, value] of candidates) {
      if (value !== null && value !== undefined) {
        sources[family] = tag;
        return value;
      }
    }
    return null;
  };
  const d = input.details?.data;
  const spy = input.spy;
  const { store2019: s19, search2023: s23 } = input;

  const catalog = pick("catalog", [
    ...spy.map(({ tag, record }) => [tag, record.name ? { name: record.name, developers: record.developers, publishers: record.publishers } : null] as [SourceTag, CatalogFields | null]),
    [SOURCES.appdetails, d ? { name: d.name, developers: strings(d.developers), publishers: strings(d.publishers) } : null],
    [SOURCES.store2019, s19?.name ? { name: s19.name, developers: s19.developers, publishers: s19.publishers } : null],
    [SOURCES.search2023, s23?.name ? { name: s23.name, developers: [], publishers: [] } : null],
  ]);
  if (!catalog) return null;

  // A dated release wins; else the raw text a store printed ("Coming soon", "someday") with precision unknown.
  const releases: [SourceTag, MergedGame["release"] | undefined][] = [
    [SOURCES.appdetails, input.details?.release],
    [SOURCES.store2019, s19?.release],
    [SOURCES.search2023, s23?.release],
  ];
  const release =
    pick("release", releases.map(([tag, r]) => [tag, r?.precision !== "unknown" ? r : null])) ??
    pick("release", releases.map(([tag, r]) => [tag, r?.text ? r : null])) ??
    { date: null, precision: "unknown" as const, year: null, text: null };

  const price = pick("price", [
    ...spy.slice(0, 1).map(({ tag, record }) => [tag, record.priceCents === null ? null : { cents: record.priceCents, initialCents: record.initialPriceCents, currency: "USD", discountPercent: record.discountPercent }] as [SourceTag, PriceFields | null]),
    [SOURCES.appdetails, d?.price_overview ? { cents: d.price_overview.final, initialCents: d.price_overview.initial, currency: d.price_overview.currency, discountPercent: d.price_overview.discount_percent } : d?.is_free ? { cents: 0, initialCents: 0, currency: null, discountPercent: 0 } : null],
    [SOURCES.search2023, s23?.price],
    [SOURCES.store2019, s19?.price],
  ]);

  const platforms = pick("platforms", [
    [SOURCES.appdetails, d?.platforms ? (["windows", "mac", "linux"] as const).filter((p) => d.platforms[p]) : null],
    [SOURCES.store2019, nonEmpty(s19?.platforms)],
    [SOURCES.search2023, nonEmpty(s23?.platforms)],
  ]);
  const genres = pick("genres", [[SOURCES.appdetails, nonEmpty(descriptions(d?.genres))], [SOURCES.store2019, nonEmpty(s19?.genres)]]);
  const categories = pick("categories", [[SOURCES.appdetails, nonEmpty(descriptions(d?.categories))], [SOURCES.store2019, nonEmpty(s19?.categories)]]);
  const knownTags = (names: string[] | null | undefined) => (names?.some(input.isKnownTag) ? names : null);
  const tagNames = pick("tags", [[SOURCES.search2023, knownTags(s23?.tagNames)], [SOURCES.store2019, knownTags(s19?.tagNames)]]);

  const reviews = pick("reviews", [
    ...spy.map(({ tag, record }) => [tag, record.positive !== null && record.negative !== null ? { positive: record.positive, negative: record.negative } : null] as [SourceTag, ReviewStats | null]),
    [SOURCES.reviewStats2021, input.reviewStats2021],
    [SOURCES.store2019, s19?.positive != null && s19.negative != null ? { positive: s19.positive, negative: s19.negative } : null],
  ]);
  const owners = pick("owners", [
    ...spy.map(({ tag, record }) => [tag, record.ownersLow !== null ? { low: record.ownersLow, high: record.ownersHigh! } : null] as [SourceTag, { low: number; high: number } | null]),
    [SOURCES.store2019, s19?.owners],
  ]);
  const ccu = pick("ccu", spy.map(({ tag, record }) => [tag, record.ccu] as [SourceTag, number | null]));
  const playtime = pick("playtime", [
    ...spy.filter(({ record }) => record.playtimeAvg || record.playtimeMedian).map(({ tag, record }) => [tag, { avg: record.playtimeAvg || null, median: record.playtimeMedian || null }] as [SourceTag, { avg: number | null; median: number | null }]),
    [SOURCES.store2019, s19 && (s19.playtimeAvg || s19.playtimeMedian) ? { avg: s19.playtimeAvg, median: s19.playtimeMedian } : null],
  ]);
  const storeDetails = d ? pick("storeDetails", [[SOURCES.appdetails, storeDetailsOf(d)]]) : null;

  const hasPartial = Boolean(tagNames?.length) && release.precision !== "unknown";
  return {
    appId,
    name: catalog.name,
    slug: slugify(catalog.name) || String(appId),
    type: typeof d?.type === "string" ? d.type : null,
    developers: catalog.developers,
    publishers: catalog.publishers,
    release,
    priceCents: price?.cents ?? null,
    initialPriceCents: price?.initialCents ?? null,
    currency: price?.currency ?? null,
    discountPercent: price?.discountPercent ?? null,
    isFree: typeof d?.is_free === "boolean" ? d.is_free : price?.cents === 0 ? true : price?.cents ? false : null,
    platforms: platforms ?? [],
    genres: genres ?? [],
    categories: categories ?? [],
    tagNames: tagNames ?? [],
    reviewsPositive: reviews?.positive ?? null,
    reviewsNegative: reviews?.negative ?? null,
    ownersLow: owners?.low ?? null,
    ownersHigh: owners?.high ?? null,
    ccu,
    playtimeAvg: playtime?.avg ?? null,
    playtimeMedian: playtime?.median ?? null,
    sources,
    storeDetails,
    coverage: hasPartial && input.hasReviewTexts && storeDetails ? "full" : hasPartial ? "partial" : "basic",
  };
}

export function reviewFields(game: MergedGame) {
  if (game.reviewsPositive === null || game.reviewsNegative === null) {
    return { total: null, rating: null, score: null, label: null };
  }
  const total = game.reviewsPositive + game.reviewsNegative;
  const { score, label } = steamReviewLabel(game.reviewsPositive, game.reviewsNegative);
  return { total, rating: total > 0 ? game.reviewsPositive / total : null, score, label };
}

type CatalogFields = { name: string; developers: string[]; publishers: string[] };
type PriceFields = { cents: number | null; initialCents: number | null; currency: string | null; discountPercent: number | null };

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim()) : [];
}

export function descriptions(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => v?.description).filter((v): v is string => typeof v === "string") : [];
}

function nonEmpty<T>(value: T[] | null | undefined): T[] | null {
  return value && value.length > 0 ? value : null;
}

/** The store page's fields Ludex keeps (storeDetails), from an appdetails `data` object. */
export function storeDetailsOf(d: Record<string, any>): Record<string, unknown> {
  return {
    shortDescription: d.short_description ?? null,
    headerImage: d.header_image ?? null,
    website: d.website ?? null,
    controllerSupport: d.controller_support ?? null,
    requiredAge: d.required_age === undefined || d.required_age === null || d.required_age === "" || Number.isNaN(Number(d.required_age)) ? null : Number(d.required_age),
    supportedLanguages: typeof d.supported_languages === "string" ? d.supported_languages.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim() : null,
    metacritic: d.metacritic?.score ?? null,
    recommendations: d.recommendations?.total ?? null,
    achievements: d.achievements?.total ?? null,
    isFree: typeof d.is_free === "boolean" ? d.is_free : null,
  };
}
