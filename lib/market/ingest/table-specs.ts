import { familyOf } from "../field-families";
import type { MergedGame } from "./merge-game";
import { reviewFields } from "./merge-game";
import type { ReviewRow } from "./read-reviews";
import type { UpsertSpec } from "./upsert-rows";

const keep = (table: string, column: string) => `COALESCE(EXCLUDED.${column}, ${table}.${column})`;
const keepArray = (table: string, column: string) =>
  `CASE WHEN cardinality(EXCLUDED.${column}) > 0 THEN EXCLUDED.${column} ELSE ${table}.${column} END`;

const GAME_COLUMNS: [string, string][] = [
  ["app_id", "int"], ["name", "text"], ["slug", "text"], ["type", "text"], ["developers", "text[]"], ["publishers", "text[]"],
  ["release_date", "date"], ["release_precision", "text"], ["release_year", "int"], ["release_text", "text"],
  ["price_cents", "int"], ["initial_price_cents", "int"], ["currency", "text"], ["discount_percent", "int"], ["is_free", "boolean"],
  ["platforms", "text[]"], ["genres", "text[]"], ["categories", "text[]"],
  ["reviews_positive", "int"], ["reviews_negative", "int"], ["reviews_total", "int"], ["rating", "float8"],
  ["review_score", "int"], ["review_label", "text"], ["owners_low", "int"], ["owners_high", "int"], ["ccu", "int"],
  ["playtime_avg_minutes", "int"], ["playtime_median_minutes", "int"], ["coverage", "text"], ["sources", "jsonb"],
  ["store_details", "jsonb"],
];

const ARRAYS = new Set(["developers", "publishers", "platforms", "genres", "categories"]);

/** Whether the stored value of a family was observed later than the incoming one (the sync's, on a re-run). */
const storedIsNewer = (family: string) =>
  `COALESCE((games.sources -> '${family}' ->> 'observedAt') > (EXCLUDED.sources -> '${family}' ->> 'observedAt'), false)`;

/** A column's merge, unless its family holds a newer observation than this load's: then it stays. */
function guarded(column: string, merge: string): string {
  const family = familyOf(column);
  return family ? `CASE WHEN ${storedIsNewer(family)} THEN games.${column} ELSE ${merge} END` : merge;
}

/** Per family, the newer of the stored and incoming source tags (lib/market/field-families.ts). */
const NEWER_SOURCES = `games.sources || (SELECT COALESCE(jsonb_object_agg(e.key, e.value), '{}'::jsonb) FROM jsonb_each(EXCLUDED.sources) e
  WHERE NOT COALESCE((games.sources -> e.key ->> 'observedAt') > (e.value ->> 'observedAt'), false))`;

const BASE_MERGE: Record<string, string> = {
  ...Object.fromEntries(GAME_COLUMNS.slice(1).map(([name]) => [name, ARRAYS.has(name) ? keepArray("games", name) : keep("games", name)])),
  release_precision: "CASE WHEN EXCLUDED.release_precision = 'unknown' THEN games.release_precision ELSE EXCLUDED.release_precision END",
  coverage:
    "CASE WHEN games.coverage = 'full' OR (games.coverage = 'partial' AND EXCLUDED.coverage = 'basic') THEN games.coverage ELSE EXCLUDED.coverage END",
};

/**
 * Games: a new value replaces a stored one, but a source that lacks a field never erases it, and a family the
 * sync observed later than these files is kept whole (a re-run of `npm run ingest` never rolls data back).
 */
export const GAMES: UpsertSpec = {
  table: "games",
  columns: GAME_COLUMNS.map(([name]) => name),
  types: GAME_COLUMNS.map(([, type]) => type),
  key: ["app_id"],
  merge: {
    ...Object.fromEntries(Object.entries(BASE_MERGE).map(([column, merge]) => [column, guarded(column, merge)])),
    sources: NEWER_SOURCES,
  },
  touch: "updated_at = now()",
};

export function gameRow(game: MergedGame): unknown[] {
  const reviews = reviewFields(game);
  return [
    game.appId, game.name, game.slug, game.type, game.developers, game.publishers,
    game.release.date, game.release.precision, game.release.year, game.release.text,
    game.priceCents, game.initialPriceCents, game.currency, game.discountPercent, game.isFree,
    game.platforms, game.genres, game.categories,
    game.reviewsPositive, game.reviewsNegative, reviews.total, reviews.rating, reviews.score, reviews.label,
    game.ownersLow, game.ownersHigh, game.ccu, game.playtimeAvg, game.playtimeMedian, game.coverage,
    JSON.stringify(game.sources), game.storeDetails ? JSON.stringify(game.storeDetails) : null,
  ];
}

export const TAGS: UpsertSpec = {
  table: "tags",
  columns: ["id", "name", "slug", "game_count"],
  types: ["int", "text", "text", "int"],
  key: ["id"],
  // counts are recomputed after the links are written
  merge: { game_count: "tags.game_count" },
};

export const GAME_TAGS: UpsertSpec = {
  table: "game_tags",
  columns: ["app_id", "tag_id", "rank", "source"],
  types: ["int", "int", "int", "text"],
  key: ["app_id", "tag_id"],
};

export const SNAPSHOTS: UpsertSpec = {
  table: "snapshots",
  columns: ["app_id", "source", "observed_on", "reviews_positive", "reviews_negative", "owners_low", "owners_high", "ccu", "price_cents", "initial_price_cents", "discount_percent"],
  types: ["int", "text", "date", "int", "int", "int", "int", "int", "int", "int", "int"],
  key: ["app_id", "source", "observed_on"],
};

const REVIEW_COLUMNS: [string, string][] = [
  ["id", "text"], ["app_id", "int"], ["language", "text"], ["text", "text"], ["voted_up", "boolean"], ["votes_up", "int"],
  ["votes_funny", "int"], ["weighted_vote_score", "float8"], ["comment_count", "int"], ["steam_purchase", "boolean"],
  ["received_for_free", "boolean"], ["written_during_early_access", "boolean"], ["created_at", "timestamp"],
  ["updated_at", "timestamp"], ["author_steam_id", "text"], ["author_num_games_owned", "int"], ["author_num_reviews", "int"],
  ["author_playtime_forever", "int"], ["author_playtime_at_review", "int"],
];

export const REVIEWS: UpsertSpec = {
  table: "reviews",
  columns: REVIEW_COLUMNS.map(([name]) => name),
  types: REVIEW_COLUMNS.map(([, type]) => type),
  key: ["id"],
};

export function reviewRow(r: ReviewRow): unknown[] {
  return [
    r.id, r.appId, r.language, r.text, r.votedUp, r.votesUp, r.votesFunny, r.weightedVoteScore, r.commentCount,
    r.steamPurchase, r.receivedForFree, r.writtenDuringEarlyAccess, r.createdAt.toISOString(), r.updatedAt.toISOString(),
    r.authorSteamId, r.authorNumGamesOwned, r.authorNumReviews, r.authorPlaytimeForever, r.authorPlaytimeAtReview,
  ];
}
