import { getPrisma } from "../../db/prisma-client";
import { describeSource } from "./snapshot-sources";
import { estimatesAtObservations, type EstimatePoint } from "./history-estimates";

interface SnapshotRow {
  source: string;
  observed_on: string;
  reviews_positive: number | null;
  reviews_negative: number | null;
  owners_low: number | null;
  owners_high: number | null;
  ccu: number | null;
  price_cents: number | null;
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

export interface GameHistory {
  observations: { source: string; observedOn: string; description: string; collects: string[] }[];
  reviews: Series<ReviewValues>;
  owners: Series<OwnersValues>;
  ccu: Series<CountValue>;
  price: Series<{ cents: number }>;
  estimates: EstimatePoint[];
}

/** A game's snapshot series by measure family: every observation dated and sourced, gaps left null. */
export async function gameHistory(appId: number): Promise<GameHistory> {
  const rows = await getPrisma().$queryRaw<SnapshotRow[]>`
    SELECT source, to_char(observed_on, 'YYYY-MM-DD') AS observed_on, reviews_positive, reviews_negative,
      owners_low, owners_high, ccu, price_cents
    FROM snapshots WHERE app_id = ${appId} ORDER BY observed_on, source`;
  const reviews = series(rows, (r) =>
    r.reviews_positive === null || r.reviews_negative === null ? null : reviewValues(r.reviews_positive, r.reviews_negative),
  );
  const owners = series(rows, (r) => (r.owners_low === null || r.owners_high === null ? null : { low: r.owners_low, high: r.owners_high }));
  const ccu = series(rows, (r) => (r.ccu === null ? null : { value: r.ccu }));
  const price = series(rows, (r) => (r.price_cents === null ? null : { cents: r.price_cents }));
  return {
    observations: rows.map((r) => ({ source: r.source, observedOn: r.observed_on, ...describeSource(r.source) })),
    reviews: withDeltas(reviews, ["positive", "negative", "total", "rating"]),
    owners: withDeltas(owners, ["low", "high"]),
    ccu: withDeltas(ccu, ["value"]),
    price: withDeltas(price, ["cents"]),
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

function series<V>(rows: SnapshotRow[], pick: (row: SnapshotRow) => V | null): Point<V>[] {
  return rows.map((row) => ({ source: row.source, observedOn: row.observed_on, values: pick(row) }));
}

/**
 * Changes between consecutive observations that both hold the measure. An observation without it is
 * skipped, never filled: the delta then spans the longer interval its dates state.
 */
export function withDeltas<V extends object>(points: Point<V>[], measures: (keyof V & string)[]): Series<V> {
  const deltas: Delta[] = [];
  for (const measure of measures) {
    const held = points.filter((p) => p.values !== null && typeof (p.values as Record<string, unknown>)[measure] === "number");
    for (let i = 1; i < held.length; i++) {
      const [a, b] = [held[i - 1], held[i]];
      const from = (a.values as Record<string, number>)[measure];
      const to = (b.values as Record<string, number>)[measure];
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
        sameCollector: a.source.replace(/-\d{4}-\d{2}-\d{2}$/, "") === b.source.replace(/-\d{4}-\d{2}-\d{2}$/, ""),
      });
    }
  }
  return { points, deltas };
}
