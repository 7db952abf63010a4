import { getPool } from "../../db/prisma-client";
import { discountPeriods, type DiscountPeriod } from "./discount-periods";
import { estimatesAtObservations, type EstimatePoint } from "./history-estimates";
import { thinToStep, type HistoryStep } from "./history-step";
import { describeSource, sourceCollects } from "./snapshot-sources";

export interface SnapshotRow {
  source: string;
  observed_on: string;
  reviews_positive: number | null;
  reviews_negative: number | null;
  owners_low: number | null;
  owners_high: number | null;
  ccu: number | null;
  price_cents: number | null;
  initial_price_cents: number | null;
  discount_percent: number | null;
  players: number | null;
}

export interface Point<V> {
  source: string;
  observedOn: string;
  values: V | null;
}

export interface Delta {
  measure: string;
  fromObservedOn: string;
  toObservedOn: string;
  fromSource: string;
  toSource: string;
  days: number;
  from: number;
  to: number;
  change: number;
  sameCollector: boolean;
}

export interface Series<V> {
  points: Point<V>[];
  deltas: Delta[];
}

export type ReviewValues = { positive: number; negative: number; total: number; rating: number | null };
export type OwnersValues = { low: number; high: number };
export type CountValue = { value: number };
export type PriceValues = { cents: number; initialCents: number | null; discountPercent: number | null };

export interface HistoryWindow {
  from: string | null;
  to: string | null;
  step: HistoryStep;
}

export interface GameHistory {
  window: HistoryWindow;
  observations: { source: string; observedOn: string; description: string; collects: string[] }[];
  reviews: Series<ReviewValues>;
  owners: Series<OwnersValues>;
  ccu: Series<CountValue>;
  players: Series<CountValue>;
  price: Series<PriceValues>;
  discounts: DiscountPeriod[];
  estimates: EstimatePoint[];
}

/**
 * A game's snapshot series by measure family, within a window and thinned to a step: every point dated and
 * sourced; a series holds the observations of the sources that collect its measure, a day one of them did
 * not have it stays a null point (never carried forward or zeroed). Discount periods come from the price points.
 */
export async function gameHistory(appId: number, window: HistoryWindow = { from: null, to: null, step: "day" }): Promise<GameHistory> {
  const { rows: all } = await getPool().query<SnapshotRow>(
    `SELECT source, to_char(observed_on, 'YYYY-MM-DD') AS observed_on, reviews_positive, reviews_negative,
       owners_low, owners_high, ccu, price_cents, initial_price_cents, discount_percent, players
     FROM snapshots WHERE app_id = $1 AND ($2::date IS NULL OR observed_on >= $2::date) AND ($3::date IS NULL OR observed_on <= $3::date)
     ORDER BY observed_on, source`,
    [appId, window.from, window.to],
  );
  const rows = thinToStep(all, window.step);
  const reviews = series(rows, "reviews", (r) =>
    r.reviews_positive === null || r.reviews_negative === null ? null : reviewValues(r.reviews_positive, r.reviews_negative),
  );
  const price = series(rows, "price", (r) =>
    r.price_cents === null ? null : { cents: r.price_cents, initialCents: r.initial_price_cents, discountPercent: r.discount_percent },
  );
  return {
    window,
    observations: rows.map((r) => ({ source: r.source, observedOn: r.observed_on, ...describeSource(r.source) })),
    reviews: withDeltas(reviews, ["positive", "negative", "total", "rating"]),
    owners: withDeltas(series(rows, "owners", (r) => (r.owners_low === null || r.owners_high === null ? null : { low: r.owners_low, high: r.owners_high })), ["low", "high"]),
    ccu: withDeltas(series(rows, "ccu", (r) => (r.ccu === null ? null : { value: r.ccu })), ["value"]),
    players: withDeltas(series(rows, "players", (r) => (r.players === null ? null : { value: r.players })), ["value"]),
    price: withDeltas(price, ["cents", "discountPercent"]),
    // periods from every day in the window, not only the step's points: a sale shorter than a week still shows
    discounts: discountPeriods(all),
    estimates: await estimatesAtObservations(
      appId,
      reviews.flatMap((p) => (p.values ? [{ source: p.source, observedAt: p.observedOn, reviewsTotal: p.values.total }] : [])),
    ),
  };
}

export function reviewValues(positive: number, negative: number): ReviewValues {
  const total = positive + negative;
  return { positive, negative, total, rating: total > 0 ? Math.round((positive / total) * 10_000) / 10_000 : null };
}

/** The rows of sources that collect `measure`, each a point (null where that row lacks it). */
function series<V>(rows: SnapshotRow[], measure: string, pick: (row: SnapshotRow) => V | null): Point<V>[] {
  return rows
    .filter((row) => sourceCollects(row.source, measure) || pick(row) !== null)
    .map((row) => ({ source: row.source, observedOn: row.observed_on, values: pick(row) }));
}

/** The collector of a source: its name without a snapshot date (`steamspy-2025-01-01` and the daily `steamspy` are one). */
const collector = (source: string) => source.replace(/-\d{4}-\d{2}-\d{2}$/, "");

/**
 * Each observation's change since its collector's previous observation of the measure, or, for a collector's
 * first, since the latest observation of another (flagged `sameCollector: false`: counting rules may differ).
 * Two collectors observing daily so stay two series of changes, not a zigzag between them. An observation
 * without the measure is skipped, never filled; none is listed where the value did not move.
 */
export function withDeltas<V extends object>(points: Point<V>[], measures: (keyof V & string)[]): Series<V> {
  const deltas: Delta[] = [];
  for (const measure of measures) {
    const held = points.filter((p) => p.values !== null && typeof (p.values as Record<string, unknown>)[measure] === "number");
    const lastOf = new Map<string, Point<V>>();
    let latest: Point<V> | undefined;
    for (const b of held) {
      const a = lastOf.get(collector(b.source)) ?? latest;
      lastOf.set(collector(b.source), b);
      latest = b;
      if (!a) continue;
      const from = (a.values as Record<string, number>)[measure];
      const to = (b.values as Record<string, number>)[measure];
      if (from === to) continue; // a daily series would repeat every quiet day: only moves are listed
      deltas.push({
        measure,
        fromObservedOn: a.observedOn,
        toObservedOn: b.observedOn,
        fromSource: a.source,
        toSource: b.source,
        days: Math.round((Date.parse(b.observedOn) - Date.parse(a.observedOn)) / 86_400_000),
        from,
        to,
        change: Math.round((to - from) * 10_000) / 10_000,
        sameCollector: collector(a.source) === collector(b.source),
      });
    }
  }
  return { points, deltas };
}
