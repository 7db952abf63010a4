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
 * Two sources observing the same family on the same day: the later in each list wins (Steam's own answer over
 * SteamSpy's copy of it; the store page over the app list's bare name). Sources not listed rank lowest.
 */
const SAME_DAY_ORDER: Partial<Record<Family, string[]>> = {
  catalog: ["steamspy", "steam-applist", "steam-store"],
  price: ["steamspy", "steam-store"],
  reviews: ["steamspy", "steam-appreviews"],
};

export interface SourceTag {
  source: string;
  observedAt: string;
}

/** Whether an observation of `family` may replace what is stored: never an older day, and on the same day only a source ranked as high. */
export function mayReplace(family: Family, stored: SourceTag | undefined | null, incoming: SourceTag): boolean {
  if (!stored) return true;
  if (incoming.observedAt !== stored.observedAt) return incoming.observedAt > stored.observedAt;
  const order = SAME_DAY_ORDER[family] ?? [];
  return order.indexOf(incoming.source) >= order.indexOf(stored.source);
}
