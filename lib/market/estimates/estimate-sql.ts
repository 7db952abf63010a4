import { Prisma } from "../../db/generated/client";
import {
  APP_ID_YEAR_THRESHOLDS,
  INTERVAL,
  MIN_REVIEWS,
  PRICE_FACTOR_POINTS,
  REALISED_PRICE_FACTOR,
  VOLUME_FACTOR_POINTS,
  YEAR_MULTIPLIERS,
  yearMultiplier,
} from "./multiplier-table";

// The method of estimate-game.ts as SQL over a `games` row, generated from the same constants so that
// aggregates over the catalog and the per-game figures cannot drift apart. Values are unrounded.

const num = (value: number) => Prisma.raw(String(value));

function interpolateSql(points: ReadonlyArray<readonly [number, number]>, x: Prisma.Sql): Prisma.Sql {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const segments = points.slice(1).map(([x1, y1], i) => {
    const [x0, y0] = points[i]!;
    return Prisma.sql`WHEN ${x} <= ${num(x1)} THEN ${num(y0)} + (${x} - ${num(x0)}) * ${num((y1 - y0) / (x1 - x0))}`;
  });
  return Prisma.sql`(CASE WHEN ${x} <= ${num(first[0])} THEN ${num(first[1])} ${Prisma.join(segments, " ")} ELSE ${num(last[1])} END)`;
}

/** The year multiplier: from the release year where collected, else from the year the app id falls in. */
function yearMultiplierSql(g: Prisma.Sql): Prisma.Sql {
  const [first, ...rest] = YEAR_MULTIPLIERS;
  const last = YEAR_MULTIPLIERS[YEAR_MULTIPLIERS.length - 1]!;
  const exact = rest.slice(0, -1).map(([y, m]) => Prisma.sql`WHEN ${g}.release_year = ${num(y)} THEN ${num(m)}`);
  const byYear = Prisma.sql`CASE WHEN ${g}.release_year <= ${num(first![0])} THEN ${num(first![1])} ${Prisma.join(exact, " ")} ELSE ${num(last[1])} END`;
  const byAppId = [...APP_ID_YEAR_THRESHOLDS]
    .reverse()
    .map(([firstAppId, year]) => Prisma.sql`WHEN ${g}.app_id >= ${num(firstAppId)} THEN ${num(yearMultiplier(year))}`);
  return Prisma.sql`(CASE WHEN ${g}.release_year IS NOT NULL THEN (${byYear}) ${Prisma.join(byAppId, " ")} ELSE ${num(first![1])} END)`;
}

function usdFullPriceSql(g: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(CASE WHEN ${g}.currency = 'USD' AND coalesce(${g}.initial_price_cents, ${g}.price_cents) > 0
    THEN coalesce(${g}.initial_price_cents, ${g}.price_cents) END)`;
}

/** SQL expressions of the review-multiplier estimates for the games row aliased `alias`; NULL where none is made. */
export function estimateSql(alias = "g") {
  const g = Prisma.raw(alias);
  const price = usdFullPriceSql(g);
  const volume = interpolateSql(VOLUME_FACTOR_POINTS, Prisma.sql`log(${g}.reviews_total::float8)`);
  const priceFactor = Prisma.sql`(CASE WHEN ${price} IS NULL THEN 1 ELSE ${interpolateSql(PRICE_FACTOR_POINTS, Prisma.sql`(${price} / 100.0)`)} END)`;
  const sales = Prisma.sql`(CASE WHEN ${g}.reviews_total IS NULL OR ${g}.reviews_total < ${num(MIN_REVIEWS)}
      OR coalesce(${g}.is_free, false) OR ${g}.price_cents = 0 THEN NULL
    ELSE ${g}.reviews_total * ${yearMultiplierSql(g)} * ${volume} * ${priceFactor} END)::float8`;
  const revenue = Prisma.sql`(${sales} * ${price} / 100.0 * ${num(REALISED_PRICE_FACTOR)})::float8`;
  const low = Prisma.sql`(CASE WHEN ${g}.release_year IS NULL THEN ${num(INTERVAL.inferredYear.low)} ELSE ${num(INTERVAL.knownYear.low)} END)`;
  const high = Prisma.sql`(CASE WHEN ${g}.release_year IS NULL THEN ${num(INTERVAL.inferredYear.high)} ELSE ${num(INTERVAL.knownYear.high)} END)`;
  return {
    sales,
    salesLow: Prisma.sql`(${sales} * ${low})`,
    salesHigh: Prisma.sql`(${sales} * ${high})`,
    revenue,
    revenueLow: Prisma.sql`(${revenue} * ${low})`,
    revenueHigh: Prisma.sql`(${revenue} * ${high})`,
  };
}
