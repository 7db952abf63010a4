import type { HostId } from "./sync-config";

/**
 * The per-app work, each kind with the host whose budget it spends, the source id it records, and how often
 * it is due in each tier (docs/sync.md "Tiers"): changed apps first (priority 0), hot titles (1), the long tail
 * (2), apps the store or the Web API says are gone (3, monthly).
 */
export const TASK_KINDS = {
  /** the store page: name, companies, release, genres, platforms, price, details (re-read when last_modified moves) */
  details: { host: "store", source: "steam-store", days: { hot: 7, tail: 30 }, hint: "lastModified" },
  /** prices and discounts, 100 apps a call (re-read when price_change_number moves) */
  prices: { host: "store", source: "steam-store", days: { hot: 1, tail: 1 }, hint: "priceChangeNumber" },
  /** review totals, all languages and purchase types */
  reviews: { host: "store", source: "steam-appreviews", days: { hot: 1, tail: 7 }, hint: null },
  /** concurrent players now */
  players: { host: "api", source: "steam-players", days: { hot: 1, tail: 7 }, hint: null },
  /** user tags with votes (SteamSpy) */
  tags: { host: "steamspy", source: "steamspy", days: { hot: 7, tail: 30 }, hint: null },
} as const satisfies Record<string, { host: HostId; source: string; days: { hot: number; tail: number }; hint: string | null }>;

export type TaskKind = keyof typeof TASK_KINDS;
export const KIND_NAMES = Object.keys(TASK_KINDS) as TaskKind[];

/** An app that answered success:false or result 42 is asked again after this many days. */
export const DORMANT_DAYS = 30;

export const PRIORITY = { changed: 0, hot: 1, tail: 2, dormant: 3 } as const;
