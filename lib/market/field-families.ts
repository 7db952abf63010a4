/**
 * The columns of `games` by field family. `games.sources[family]` names the source and observation day of
 * every column of a family, so a family is written whole or not at all, and never by an observation older
 * than the one it holds (ingestion's re-runs and the sync both keep this: table-specs.ts, lib/sync).
 */
export const FAMILY_COLUMNS = {
  catalog: ["name", "slug", "developers", "publishers"],
  release: ["release_date", "release_precision", "release_year", "release_text"],
  price: ["price_cents", "initial_price_cents", "currency", "discount_percent", "is_free"],
  platforms: ["platforms"],
  genres: ["genres"],
  categories: ["categories"],
  reviews: ["reviews_positive", "reviews_negative", "reviews_total", "rating", "review_score", "review_label"],
  owners: ["owners_low", "owners_high"],
  ccu: ["ccu"],
  players: ["players"],
  playtime: ["playtime_avg_minutes", "playtime_median_minutes"],
  storeDetails: ["store_details"],
  tags: ["tag_ids"],
} as const;

export type Family = keyof typeof FAMILY_COLUMNS;

/** The family a column belongs to, or undefined for columns no source owns (app_id, type, coverage). */
export function familyOf(column: string): Family | undefined {
  for (const [family, columns] of Object.entries(FAMILY_COLUMNS)) {
    if ((columns as readonly string[]).includes(column)) return family as Family;
  }
  return undefined;
}

/**
 * Sources that observe the same family, lowest rank first: Steam's own answer over SteamSpy's copy of it, the
 * store page over the app list's bare name. A lower-ranked source replaces a higher-ranked observation only once
 * that one is older than `keepDays` (the higher source's own refresh interval, with a day to spare): otherwise
 * SteamSpy's daily walk would overwrite, six days in seven, the review totals Steam gives weekly.
 */
const RANKS: Partial<Record<Family, { order: string[]; keepDays: number }>> = {
  catalog: { order: ["steamspy", "steam-applist", "steam-store"], keepDays: 31 },
  price: { order: ["steamspy", "steam-store"], keepDays: 2 },
  reviews: { order: ["steamspy", "steam-appreviews"], keepDays: 8 },
};

export interface SourceTag {
  source: string;
  observedAt: string;
}

/**
 * Whether an observation of `family` may replace what is stored: never one of an older day; a source ranked as
 * high or higher from that day on; a lower-ranked source only once the stored observation is `keepDays` old.
 * Sources not ranked (the bundled snapshots) rank lowest.
 */
export function mayReplace(family: Family, stored: SourceTag | undefined | null, incoming: SourceTag): boolean {
  if (!stored) return true;
  if (incoming.observedAt < stored.observedAt) return false;
  const rank = RANKS[family];
  if (!rank || rank.order.indexOf(incoming.source) >= rank.order.indexOf(stored.source)) return true;
  return incoming.observedAt > stored.observedAt && daysBetween(stored.observedAt, incoming.observedAt) > rank.keepDays;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}
