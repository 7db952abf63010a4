import { ApiError, badRequest } from "../../api/api-error";
import { getPrisma } from "../../db/prisma-client";
import { Prisma } from "../../db/generated/client";
import { METRICS, metricDefinitions, metricValue, OBSERVED_METRICS, type MetricName } from "../aggregates/metrics";
import { percentileRank, rankAmong } from "./percentile-rank";

export const MIN_TITLES = 2;
export const MAX_TITLES = 20;

type Row = Record<string, unknown>;

/** Checks the id list: 2 to 20 distinct ids, each a game we hold. */
function checkIds(appIds: number[]) {
  const seen = new Set<number>();
  const duplicates = [...new Set(appIds.filter((id) => (seen.has(id) ? true : (seen.add(id), false))))];
  if (duplicates.length) throw badRequest(`'appIds' names ${duplicates.join(", ")} more than once.`, "appIds");
  if (appIds.length < MIN_TITLES || appIds.length > MAX_TITLES) {
    throw badRequest(`'appIds' takes ${MIN_TITLES} to ${MAX_TITLES} app ids; got ${appIds.length}.`, "appIds");
  }
}

/** Each title's figures and percentile ranks within its own cohort (primary tag and release year) and the union. */
export async function compareTitles(appIds: number[], ratingFloor: number) {
  checkIds(appIds);
  const rows = await readTitles(appIds, ratingFloor);
  const found = new Set(rows.map((row) => row.app_id as number));
  const unknown = appIds.filter((id) => !found.has(id));
  if (unknown.length) {
    throw new ApiError("NOT_FOUND", `No game with app id ${unknown.join(", ")}.`, { param: "appIds", details: { unknownAppIds: unknown } });
  }
  const byId = new Map(rows.map((row) => [row.app_id as number, row]));
  const ordered = appIds.map((id) => byId.get(id)!);
  const unionValues = Object.fromEntries(
    METRICS.map((metric) => [metric, ordered.map((row) => row[`${metric}_v`] as number | null).filter((v): v is number => v !== null)]),
  );
  const definitions = metricDefinitions(ratingFloor);
  const figure = (row: Row, metric: MetricName) => {
    const value = row[`${metric}_v`] as number | null;
    const family = definitions[metric].family;
    const n = row[`${metric}_n`] as number;
    const reason = value !== null ? null : noValueReason(row, metric, ratingFloor);
    return {
      value,
      reason,
      source: (row[`${family}_source`] as string | null) ?? null,
      observedAt: (row[`${family}_at`] as string | null) ?? null,
      cohortRank: value === null ? null : percentileRank(row[`${metric}_below`] as number, row[`${metric}_equal`] as number, n),
      cohortN: n,
      unionRank: value === null ? null : rankAmong(value, unionValues[metric]),
      unionN: unionValues[metric].length,
    };
  };
  return ordered.map((row) => ({
    appId: row.app_id as number,
    name: row.name as string,
    primaryTag: row.tag_slug as string | null,
    releaseYear: row.release_year as number | null,
    cohort: cohortOf(row),
    observed: Object.fromEntries(OBSERVED_METRICS.map((m) => [m, figure(row, m)])),
    estimated: { owners: figure(row, "owners"), revenue: figure(row, "revenue") } as {
      owners: ReturnType<typeof figure>;
      revenue: ReturnType<typeof figure>;
    } | null,
  }));
}

function noValueReason(row: Row, metric: MetricName, ratingFloor: number): string {
  if (metric === "rating" && row.reviews_total !== null && (row.reviews_total as number) > 0) {
    return `fewer than ${ratingFloor} reviews (ratingFloor)`;
  }
  if (metric === "price" && row.price_non_usd) return "price collected in a currency other than USD";
  if (metric === "revenue") return revenueReason(row);
  return "not collected";
}

/** Why the estimates module made no revenue estimate (its own rules, lib/market/estimates/estimate-game.ts). */
function revenueReason(row: Row): string {
  const reviews = row.reviews_total as number | null;
  if (reviews === null) return "no Steam review counts collected";
  if (reviews < 10) return "fewer than 10 Steam reviews: too few for a review multiplier";
  if (row.is_free || row.price_cents === 0) return "free to play: no unit sales, and in-game revenue cannot be estimated from reviews";
  return row.currency && row.currency !== "USD" ? `price observed only in ${row.currency as string}` : "no full USD price collected";
}

function cohortOf(row: Row) {
  const tag = row.tag_slug as string | null;
  const year = row.release_year as number | null;
  const games = row.cohort_games as number;
  if (tag && year !== null) return { basis: "primaryTagAndYear" as const, definition: `Games whose primary tag is '${tag}', released in ${year}.`, games };
  if (tag) return { basis: "primaryTag" as const, definition: `Games whose primary tag is '${tag}', any release year (this title's release date was not collected).`, games };
  if (year !== null) return { basis: "releaseYear" as const, definition: `Games released in ${year}, any tag (this title has no user tags collected).`, games };
  return { basis: "catalog" as const, definition: "The whole catalog (this title has neither user tags nor a release date collected).", games };
}

async function readTitles(appIds: number[], ratingFloor: number): Promise<Row[]> {
  const ranks = METRICS.map((metric) => {
    const t = metricValue(metric, ratingFloor, "t");
    const c = metricValue(metric, ratingFloor, "c");
    const name = (stat: string) => Prisma.raw(`"${metric}_${stat}"`);
    return Prisma.sql`count(${c})::int AS ${name("n")},
      count(*) FILTER (WHERE ${c} < ${t})::int AS ${name("below")}, count(*) FILTER (WHERE ${c} = ${t})::int AS ${name("equal")}`;
  });
  const values = METRICS.map((metric) => Prisma.sql`${metricValue(metric, ratingFloor, "t")} AS ${Prisma.raw(`"${metric}_v"`)}`);
  // Each title's cohort is one of four shapes; one branch per shape, gated on the title alone, so the
  // common one (primary tag and year) reads its few rows through game_metrics_cohort_idx.
  return getPrisma().$queryRaw<Row[]>`
    SELECT t.app_id, g.name, tg.slug AS tag_slug, t.release_year, t.reviews_total, t.price_non_usd, t.is_free, t.price_cents, t.currency,
      t.reviews_source, t.reviews_observed_at AS reviews_at, t.price_source, t.price_observed_at AS price_at,
      t.ccu_source, t.ccu_observed_at AS ccu_at, t.owners_source, t.owners_observed_at AS owners_at,
      ${Prisma.join(values, ", ")}, r.*
    FROM game_metrics t
    JOIN games g ON g.app_id = t.app_id
    LEFT JOIN tags tg ON tg.id = t.primary_tag_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS cohort_games, ${Prisma.join(ranks, ", ")}
      FROM (
        SELECT * FROM game_metrics m WHERE t.primary_tag_id IS NOT NULL AND t.release_year IS NOT NULL
          AND m.primary_tag_id = t.primary_tag_id AND m.release_year = t.release_year
        UNION ALL
        SELECT * FROM game_metrics m WHERE t.primary_tag_id IS NOT NULL AND t.release_year IS NULL AND m.primary_tag_id = t.primary_tag_id
        UNION ALL
        SELECT * FROM game_metrics m WHERE t.primary_tag_id IS NULL AND t.release_year IS NOT NULL AND m.release_year = t.release_year
        UNION ALL
        SELECT * FROM game_metrics m WHERE t.primary_tag_id IS NULL AND t.release_year IS NULL
      ) c
    ) r
    WHERE t.app_id = ANY(${appIds}::int[])`;
}
