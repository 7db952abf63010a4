import { badRequest } from "../../api/api-error";
import { getPrisma } from "../../db/prisma-client";
import { Prisma } from "../../db/generated/client";
import type { GameFilterInput } from "../game-filters";
import { cohortScope, readBasis } from "./cohort-scope";
import { DEFAULT_PRICE_EDGES_USD, dimensionSpec, parseBuckets, priceBucket, type GroupDimension } from "./group-dimensions";
import { AGGREGATE_QUANTILES, readStats, statsColumns, type StatsRow } from "./metric-stats";
import { metricDefinitions, OBSERVED_METRICS, ESTIMATED_METRICS, PERCENTILE_DEFINITION, EXCLUSION_REASONS, type MetricName } from "./metrics";

export interface AggregateInput extends GameFilterInput {
  groupBy: GroupDimension[];
  metrics?: MetricName[];
  buckets?: string;
  ratingFloor: number;
  limit: number;
}

/** Counts and small aggregates of the cohort's games, grouped by one or two dimensions. */
export async function aggregateGames(input: AggregateInput) {
  const { groupBy, ratingFloor, limit } = input;
  if (new Set(groupBy).size !== groupBy.length) throw badRequest("'groupBy' names the same dimension twice.", "groupBy");
  const { priceEdgesCents } = parseBuckets(input.buckets);
  if (priceEdgesCents && !groupBy.includes("price")) throw badRequest("'buckets' needs groupBy=price.", "buckets");
  const edges = priceEdgesCents ?? DEFAULT_PRICE_EDGES_USD.map((d) => Math.round(d * 100));
  const metrics = input.metrics ?? [...OBSERVED_METRICS, ...ESTIMATED_METRICS];
  const definitions = metricDefinitions(ratingFloor);
  const scope = await cohortScope(input);
  const dims = groupBy.map((dimension) => ({ dimension, spec: dimensionSpec(dimension, edges) }));

  const [denominators, groups, basis] = await Promise.all([
    readDenominators(scope.where, dims.map((d) => d.spec.hasKey)),
    readGroups(scope.where, dims, metrics, ratingFloor, limit),
    readBasis(scope),
  ]);

  const describe = (metric: MetricName) => ({
    ...definitions[metric],
    exclusion: EXCLUSION_REASONS[metric]?.(ratingFloor) ?? null,
    basis: basis[definitions[metric].family],
  });
  const pick = (names: readonly MetricName[]) => Object.fromEntries(names.filter((m) => metrics.includes(m)).map((m) => [m, describe(m)]));
  const groupsTotal = (groups[0]?.groups_total as number | undefined) ?? 0;
  return {
    groupBy: dims.map(({ dimension, spec }, i) => ({
      dimension,
      groupMembership: spec.membership,
      description: spec.description,
      gamesWithoutKey: denominators[`without_${i}`] as number,
      noKeyReason: spec.noKeyReason,
      ...(dimension === "price" ? { priceEdgesCents: edges } : {}),
    })),
    denominators: {
      cohortGames: denominators.games as number,
      tagged: denominators.tagged as number,
      untagged: (denominators.games as number) - (denominators.tagged as number),
      groupedGames: denominators.grouped as number,
      ungroupedGames: (denominators.games as number) - (denominators.grouped as number),
      memberships: Number(groups[0]?.memberships ?? 0),
      groups: groupsTotal,
      groupsReturned: groups.length,
    },
    ratingFloor,
    percentileDefinition: PERCENTILE_DEFINITION,
    observedMetrics: pick(OBSERVED_METRICS),
    estimatedMetrics: pick(ESTIMATED_METRICS),
    groups: groups.map((row) => toGroup(row, dims, metrics, edges)),
    filters: scope.filters,
  };
}

async function readDenominators(where: Prisma.Sql, hasKeys: Prisma.Sql[]) {
  const without = hasKeys.map((hasKey, i) => Prisma.sql`count(*) FILTER (WHERE (${hasKey}) IS NOT TRUE)::int AS ${Prisma.raw(`without_${i}`)}`);
  const rows = await getPrisma().$queryRaw<Record<string, number>[]>`
    SELECT count(*)::int AS games,
           count(*) FILTER (WHERE m.primary_tag_id IS NOT NULL)::int AS tagged,
           count(*) FILTER (WHERE ${Prisma.join(hasKeys, " AND ")})::int AS grouped,
           ${Prisma.join(without, ", ")}
    FROM game_metrics m ${where}`;
  return rows[0];
}

type Dim = { dimension: GroupDimension; spec: ReturnType<typeof dimensionSpec> };

async function readGroups(where: Prisma.Sql, dims: Dim[], metrics: MetricName[], ratingFloor: number, limit: number) {
  const definitions = metricDefinitions(ratingFloor);
  const joins = dims.map(({ spec }, i) => Prisma.sql`CROSS JOIN LATERAL ${spec.rows} AS ${Prisma.raw(`d${i}`)}`);
  const keys = dims.map((_, i) => Prisma.raw(`d${i}.k AS k${i}`));
  const groupCols = dims.flatMap((_, i) => [Prisma.raw(`d${i}.k`), Prisma.raw(`d${i}.s`)]);
  const order = dims.map(({ spec }, i) => Prisma.raw(spec.ordinal ? `d${i}.s, d${i}.k` : `count(*) DESC, d${i}.k`));
  const stats = metrics.map((metric) => statsColumns(metric, ratingFloor, AGGREGATE_QUANTILES, definitions[metric].summable));
  return getPrisma().$queryRaw<StatsRow[]>`
    SELECT ${Prisma.join(keys, ", ")}, count(*)::int AS games, ${Prisma.join(stats, ", ")},
           count(*) OVER ()::int AS groups_total, sum(count(*)) OVER ()::float8 AS memberships
    FROM game_metrics m ${Prisma.join(joins, " ")}
    ${where}
    GROUP BY ${Prisma.join(groupCols, ", ")}
    ORDER BY ${Prisma.join(order, ", ")}
    LIMIT ${limit}`;
}

function toGroup(row: StatsRow, dims: Dim[], metrics: MetricName[], edges: number[]) {
  const games = row.games as number;
  const key: Record<string, string | number> = {};
  let priceRange: ReturnType<typeof priceBucket> | undefined;
  dims.forEach(({ dimension }, i) => {
    const value = row[`k${i}`] as string;
    if (dimension === "year") key.year = Number(value);
    else if (dimension === "price") {
      priceRange = priceBucket(Number(value), edges);
      key.price = priceRange.label;
    } else key[dimension] = value;
  });
  const figures = (names: readonly MetricName[]) =>
    Object.fromEntries(names.filter((m) => metrics.includes(m)).map((m) => [m, readStats(row, m, games, AGGREGATE_QUANTILES)]));
  return {
    key,
    ...(priceRange ? { priceRange } : {}),
    games,
    observed: figures(OBSERVED_METRICS),
    estimated: figures(ESTIMATED_METRICS) as Record<string, Record<string, number | null>> | null,
  };
}
