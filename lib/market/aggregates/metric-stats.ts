import { z } from "zod";
import { Prisma } from "../../db/generated/client";
import { metricExcluded, metricValue, type MetricName } from "./metrics";

/** Named quantiles, e.g. [["p25", 0.25], ["median", 0.5]]. */
export type Quantiles = readonly (readonly [string, number])[];

export const AGGREGATE_QUANTILES: Quantiles = [["p25", 0.25], ["median", 0.5], ["p75", 0.75]];
export const COHORT_QUANTILES: Quantiles = [["p10", 0.1], ["p25", 0.25], ["p50", 0.5], ["p75", 0.75], ["p90", 0.9]];

/** Aggregate columns for one metric over the rows of a group (alias `m`); names are `<metric>_<stat>`. */
export function statsColumns(metric: MetricName, ratingFloor: number, quantiles: Quantiles, summable: boolean): Prisma.Sql {
  const v = metricValue(metric, ratingFloor);
  const excluded = metricExcluded(metric, ratingFloor);
  const col = (stat: string) => Prisma.raw(`"${metric}_${stat}"`);
  const fractions = quantiles.map(([, q]) => q);
  const parts = [
    Prisma.sql`count(${v})::int AS ${col("n")}`,
    Prisma.sql`avg(${v})::float8 AS ${col("mean")}`,
    Prisma.sql`percentile_cont(${fractions}::float8[]) WITHIN GROUP (ORDER BY ${v}) AS ${col("q")}`,
  ];
  if (summable) parts.push(Prisma.sql`sum(${v})::float8 AS ${col("sum")}`);
  if (excluded) parts.push(Prisma.sql`count(*) FILTER (WHERE ${excluded})::int AS ${col("excluded")}`);
  if (metric === "owners") {
    parts.push(Prisma.sql`sum(m.owners_low)::float8 AS ${col("sum_low")}`, Prisma.sql`sum(m.owners_high)::float8 AS ${col("sum_high")}`);
  }
  return Prisma.join(parts, ", ");
}

export type StatsRow = Record<string, unknown>;

/** One metric's figures from a row: value plus its denominators (`n` with a value, `missing`, `excluded`). */
export function readStats(row: StatsRow, metric: MetricName, games: number, quantiles: Quantiles) {
  const get = (stat: string) => row[`${metric}_${stat}`] as number | null | undefined;
  const n = get("n") ?? 0;
  const excluded = get("excluded") ?? 0;
  const q = (row[`${metric}_q`] as (number | null)[] | null) ?? [];
  const stats: Record<string, number | null> = {
    n,
    missing: games - n - excluded,
    excluded,
    sum: n > 0 ? (get("sum") ?? null) : null,
    mean: get("mean") ?? null,
  };
  quantiles.forEach(([name], i) => {
    stats[name] = q[i] ?? null;
  });
  if (metric === "owners") {
    stats.sumLow = n > 0 ? (get("sum_low") ?? null) : null;
    stats.sumHigh = n > 0 ? (get("sum_high") ?? null) : null;
  }
  return stats;
}

/** The zod shape of one metric's figures. */
export function statsSchema(quantiles: Quantiles, id: string) {
  const shape: Record<string, z.ZodType> = {
    n: z.number().int().meta({ description: "Games with a value: the denominator of every figure here." }),
    missing: z.number().int().meta({ description: "Games with no value (not collected)." }),
    excluded: z.number().int().meta({ description: "Games with a value that the metric's definition leaves out (rating floor, non-USD price)." }),
    sum: z.number().nullable().meta({ description: "`null` for rating (a share does not add up) and when n is 0." }),
    mean: z.number().nullable(),
  };
  for (const [name, q] of quantiles) shape[name] = z.number().nullable().meta({ description: `percentile_cont(${q}); null when n is 0.` });
  shape.sumLow = z.number().nullable().optional().meta({ description: "Owners only: sum of the low ends of SteamSpy's ranges." });
  shape.sumHigh = z.number().nullable().optional().meta({ description: "Owners only: sum of the high ends." });
  return z.object(shape).meta({ id });
}
