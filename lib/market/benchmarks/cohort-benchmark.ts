import { getPrisma } from "../../db/prisma-client";
import { Prisma } from "../../db/generated/client";
import { cohortScope, readBasis, type CohortScope } from "../aggregates/cohort-scope";
import { COHORT_QUANTILES, readStats, statsColumns, type StatsRow } from "../aggregates/metric-stats";
import { EXCLUSION_REASONS, metricDefinitions, OBSERVED_METRICS, PERCENTILE_DEFINITION, METRICS, type MetricName } from "../aggregates/metrics";
import type { GameFilterInput } from "../game-filters";

export const HIT_THRESHOLDS = [1_000, 10_000] as const;

type Estimated = { owners: ReturnType<typeof readStats>; revenue: ReturnType<typeof readStats> };

export interface CohortInput extends GameFilterInput {
  ratingFloor: number;
  limit: number;
}

/** Distributions, releases per year, hit rates, top titles and coverage of one cohort. */
export async function cohortBenchmark(input: CohortInput) {
  const { ratingFloor } = input;
  const scope = await cohortScope(input);
  const [metricsRow, years, top, basis] = await Promise.all([
    readSummary(scope.where, ratingFloor),
    readYears(scope.where),
    readTopTitles(scope, input.limit),
    readBasis(scope),
  ]);
  const summary = { ...metricsRow, ...sumCounts(years) };
  const games = summary.games;
  const definitions = metricDefinitions(ratingFloor);
  const stats = (metric: MetricName) => readStats(summary, metric, games, COHORT_QUANTILES);
  const withReviews = metricsRow.reviews_n as number;
  const rate = (n: number) => ({ games: n, share: withReviews > 0 ? n / withReviews : null });
  return {
    cohort: { games, filters: scope.filters },
    ratingFloor,
    percentileDefinition: PERCENTILE_DEFINITION,
    metricDefinitions: {
      ...Object.fromEntries(
        METRICS.map((m) => [m, { ...definitions[m], exclusion: EXCLUSION_REASONS[m]?.(ratingFloor) ?? null, basis: basis[definitions[m].family] }]),
      ),
    },
    observed: Object.fromEntries(OBSERVED_METRICS.map((m) => [m, stats(m)])),
    estimated: { owners: stats("owners"), revenue: stats("revenue") } as Estimated | null,
    hitRates: {
      denominator: withReviews,
      definition: "Share of the cohort's games with review counts that have at least 1,000 (10,000) Steam reviews; games without review counts are not in the denominator.",
      atLeast1k: rate(summary.hits_1k),
      atLeast10k: rate(summary.hits_10k),
    },
    releasesPerYear: years.filter((row) => row.year !== null).map((row) => ({ year: row.year as number, games: row.games })),
    releaseYearUnknown: years.find((row) => row.year === null)?.games ?? 0,
    topTitles: top,
    coverage: {
      games,
      withReviews,
      withRatingAtFloor: metricsRow.rating_n as number,
      withUsdPrice: metricsRow.price_n as number,
      withCcu: metricsRow.ccu_n as number,
      withOwners: metricsRow.owners_n as number,
      withReleaseYear: summary.with_year,
      tagged: summary.tagged,
      tiers: { basic: summary.tier_basic, partial: summary.tier_partial, full: summary.tier_full },
    },
  };
}

/**
 * Each metric's figures. One statement per pair of metrics, run side by side: each percentile is a sort of
 * the cohort's values, and separate statements let PostgreSQL use more than one core.
 */
async function readSummary(where: Prisma.Sql, ratingFloor: number): Promise<StatsRow> {
  const definitions = metricDefinitions(ratingFloor);
  const stats = (metrics: MetricName[]) =>
    Prisma.join(metrics.map((metric) => statsColumns(metric, ratingFloor, COHORT_QUANTILES, definitions[metric].summable)), ", ");
  const groups: MetricName[][] = [["reviews", "rating"], ["price", "ccu"], ["owners"], ["revenue"]];
  const rows = await Promise.all(
    groups.map((metrics) => getPrisma().$queryRaw<StatsRow[]>`SELECT ${stats(metrics)} FROM game_metrics m ${where}`),
  );
  return Object.assign({}, ...rows.map((r) => r[0]));
}

const COUNTS = ["games", "hits_1k", "hits_10k", "tagged", "tier_basic", "tier_partial", "tier_full"] as const;
type YearRow = { year: number | null } & Record<(typeof COUNTS)[number], number>;

/** Per release year: games and the cohort's counts (summed by sumCounts), in the one statement that groups anyway. */
function readYears(where: Prisma.Sql) {
  return getPrisma().$queryRaw<YearRow[]>`
    SELECT m.release_year AS year, count(*)::int AS games,
      count(*) FILTER (WHERE m.reviews_total >= ${HIT_THRESHOLDS[0]}::int)::int AS hits_1k,
      count(*) FILTER (WHERE m.reviews_total >= ${HIT_THRESHOLDS[1]}::int)::int AS hits_10k,
      count(m.primary_tag_id)::int AS tagged,
      count(*) FILTER (WHERE m.coverage = 'basic')::int AS tier_basic,
      count(*) FILTER (WHERE m.coverage = 'partial')::int AS tier_partial,
      count(*) FILTER (WHERE m.coverage = 'full')::int AS tier_full
    FROM game_metrics m ${where} GROUP BY 1 ORDER BY 1 NULLS LAST`;
}

function sumCounts(years: YearRow[]) {
  const totals = Object.fromEntries(COUNTS.map((name) => [name, years.reduce((sum, row) => sum + row[name], 0)])) as Record<(typeof COUNTS)[number], number>;
  const withYear = years.filter((row) => row.year !== null).reduce((sum, row) => sum + row.games, 0);
  return { ...totals, with_year: withYear };
}

async function readTopTitles(scope: CohortScope, limit: number) {
  const rows = await getPrisma().$queryRaw<
    { app_id: number; name: string; reviews: number; rating: number | null; year: number | null; tag: string | null }[]
  >`
    SELECT t.app_id, g.name, t.reviews_total AS reviews, t.rating, t.release_year AS year, tg.slug AS tag
    FROM (SELECT m.app_id, m.reviews_total, m.rating, m.release_year, m.primary_tag_id FROM game_metrics m
          ${scope.and(Prisma.sql`m.reviews_total IS NOT NULL`)}
          ORDER BY m.reviews_total DESC, m.app_id LIMIT ${limit}) t
    JOIN games g ON g.app_id = t.app_id LEFT JOIN tags tg ON tg.id = t.primary_tag_id
    ORDER BY t.reviews_total DESC, t.app_id`;
  return rows.map((row) => ({
    appId: row.app_id,
    name: row.name,
    reviews: row.reviews,
    rating: row.rating,
    releaseYear: row.year,
    primaryTag: row.tag,
  }));
}
