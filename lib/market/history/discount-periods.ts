import type { SnapshotRow } from "./game-history";

/**
 * Sales, from the price observations: a period starts on the first day seen at a discount and ends on the first
 * day seen without it (or at another depth: a new period). Observations are daily for hot titles and weekly for
 * the rest, so each end is bounded on both sides: it started after `startedAfter` (the last day seen at full
 * price) and by `firstSeenOn`; it ended after `lastSeenOn` and by `endedOn`.
 */
export interface DiscountPeriod {
  percent: number;
  priceCents: number;
  initialCents: number | null;
  /** the last day seen without this discount before it; null when no earlier price observation exists */
  startedAfter: string | null;
  firstSeenOn: string;
  lastSeenOn: string;
  /** the first day seen without it; null while it lasts */
  endedOn: string | null;
  /** still on at the last price observation of the window */
  ongoing: boolean;
  /** the source of the observations (the store's own price checks when there are any that day) */
  source: string;
}

/** Price sources by preference for a day both observed: the store's own check over SteamSpy's copy. */
const PREFERENCE = ["steam-store", "steamspy"];

export function discountPeriods(rows: SnapshotRow[]): DiscountPeriod[] {
  const days = dailyPrices(rows);
  const periods: DiscountPeriod[] = [];
  let open: DiscountPeriod | null = null;
  let lastFullPrice: string | null = null;
  for (const day of days) {
    const percent = day.discount_percent ?? 0;
    if (open && percent !== open.percent) {
      open.endedOn = day.observed_on;
      open.ongoing = false;
      open = null;
    }
    if (percent > 0 && !open) {
      open = {
        percent,
        priceCents: day.price_cents!,
        initialCents: day.initial_price_cents,
        startedAfter: periods.at(-1)?.endedOn === day.observed_on ? periods.at(-1)!.lastSeenOn : lastFullPrice,
        firstSeenOn: day.observed_on,
        lastSeenOn: day.observed_on,
        endedOn: null,
        ongoing: true,
        source: day.source,
      };
      periods.push(open);
    } else if (open) open.lastSeenOn = day.observed_on;
    if (percent === 0) lastFullPrice = day.observed_on;
  }
  return periods;
}

/** One price observation per day that has one, with a known discount (0 or more). */
function dailyPrices(rows: SnapshotRow[]): SnapshotRow[] {
  const byDay = new Map<string, SnapshotRow>();
  for (const row of rows) {
    if (row.price_cents === null || row.discount_percent === null) continue;
    const held = byDay.get(row.observed_on);
    if (!held || rank(row.source) > rank(held.source)) byDay.set(row.observed_on, row);
  }
  return [...byDay.values()].sort((a, b) => a.observed_on.localeCompare(b.observed_on));
}

function rank(source: string): number {
  const base = source.replace(/-\d{4}-\d{2}-\d{2}$/, "");
  const index = PREFERENCE.indexOf(base);
  return index < 0 ? 0 : PREFERENCE.length - index;
}
