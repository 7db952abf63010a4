import { Prisma } from "../../db/generated/client";
import { FITTED_MODEL } from "./fitted-model";
import { APP_ID_YEAR_THRESHOLDS, EARLIEST_INFERRED_YEAR, MIN_REVIEWS, REALISED_PRICE_FACTOR } from "./method-constants";
import { MIN_AGE_YEARS, type FeatureName, type SalesModel } from "./sales-model";

// The method of estimate-game.ts as SQL over a row with the game_metrics columns (release_year,
// release_month, reviews_total, reviews_observed_at, prices, currency, is_free, app_id), generated from the
// same constants so that aggregates over the catalog and the per-game figures cannot drift apart.
// Values are unrounded.

const num = (value: number) => Prisma.raw(String(value));

/** The release year: collected, else the year the app id falls in. */
function yearSql(g: Prisma.Sql): Prisma.Sql {
  const byAppId = [...APP_ID_YEAR_THRESHOLDS].reverse().map(([firstAppId, year]) => Prisma.sql`WHEN ${g}.app_id >= ${num(firstAppId)} THEN ${num(year)}`);
  return Prisma.sql`(CASE WHEN ${g}.release_year IS NOT NULL THEN ${g}.release_year ${Prisma.join(byAppId, " ")} ELSE ${num(EARLIEST_INFERRED_YEAR)} END)`;
}

function usdFullPriceSql(g: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(CASE WHEN ${g}.currency = 'USD' AND coalesce(${g}.initial_price_cents, ${g}.price_cents) > 0
    THEN coalesce(${g}.initial_price_cents, ${g}.price_cents) END)`;
}

/** Years from the release's midpoint (mid-month, else mid-year) to the review count's day; NULL without that day. */
function ageSql(g: Prisma.Sql): Prisma.Sql {
  const released = Prisma.sql`(CASE WHEN ${g}.release_month IS NOT NULL THEN (${g}.release_month || '-15')::date ELSE make_date(${yearSql(g)}, 7, 1) END)`;
  // GREATEST and LEAST skip NULLs in PostgreSQL: an unknown day must stay NULL, so it is tested first
  return Prisma.sql`(CASE WHEN ${g}.reviews_observed_at IS NOT NULL
    THEN greatest(${num(MIN_AGE_YEARS)}, (left(${g}.reviews_observed_at, 10)::date - ${released}) / 365.25) END)`;
}

/** weight x (value clamped to the training range - mean); a NULL value (unknown), or a feature the model does not read, gives 0. */
function termSql(model: SalesModel, name: FeatureName, value: Prisma.Sql): Prisma.Sql {
  const f = model.features.find((feature) => feature.name === name);
  if (!f) return Prisma.sql`0`;
  return Prisma.sql`(CASE WHEN ${value} IS NULL THEN 0 ELSE ${num(f.weight)} * (least(${num(f.max)}, greatest(${num(f.min)}, ${value})) - ${num(f.mean)}) END)`;
}

/** SQL expressions of the estimates for the row aliased `alias` (game_metrics columns); NULL where none is made. */
export function estimateSql(alias = "m", model: SalesModel = FITTED_MODEL) {
  const g = Prisma.raw(alias);
  const price = usdFullPriceSql(g);
  const logMultiplier = Prisma.sql`(${num(model.intercept)}
    + ${termSql(model, "reviews", Prisma.sql`ln(${g}.reviews_total::float8)`)}
    + ${termSql(model, "year", yearSql(g))}
    + ${termSql(model, "price", Prisma.sql`(CASE WHEN ${price} IS NOT NULL THEN ln(greatest(1, ${price} / 100.0)) END)`)}
    + ${termSql(model, "age", Prisma.sql`ln(${ageSql(g)})`)})`;
  const sales = Prisma.sql`(CASE WHEN ${g}.reviews_total IS NULL OR ${g}.reviews_total < ${num(MIN_REVIEWS)}
      OR coalesce(${g}.is_free, false) OR ${g}.price_cents = 0 THEN NULL
    ELSE ${g}.reviews_total * exp(${logMultiplier}) END)::float8`;
  const revenue = Prisma.sql`(${sales} * ${price} / 100.0 * ${num(REALISED_PRICE_FACTOR)})::float8`;
  const { low, high } = FITTED_MODEL.interval;
  return {
    sales,
    salesLow: Prisma.sql`(${sales} * ${num(low)})`,
    salesHigh: Prisma.sql`(${sales} * ${num(high)})`,
    revenue,
    revenueLow: Prisma.sql`(${revenue} * ${num(low)})`,
    revenueHigh: Prisma.sql`(${revenue} * ${num(high)})`,
  };
}
