import { Prisma } from "../../db/generated/client";
import { METHOD_ID } from "../estimates";

/**
 * The metrics of aggregates, cohorts and comparisons, over the `game_metrics` table (migration 0009).
 * Observed figures (what a source counted) and estimates (SteamSpy's owners range, revenue models) are
 * kept apart: a response never mixes them in one number.
 */
export const OBSERVED_METRICS = ["reviews", "rating", "price", "ccu"] as const;
export const ESTIMATED_METRICS = ["owners", "revenue"] as const;
export const METRICS = [...OBSERVED_METRICS, ...ESTIMATED_METRICS] as const;
export type MetricName = (typeof METRICS)[number];

export const DEFAULT_RATING_FLOOR = 10;

/** The field family whose `sources` entry says where a metric's values come from. */
export type Family = "reviews" | "price" | "ccu" | "owners";

export interface MetricDefinition {
  kind: "observed" | "estimate";
  unit: string;
  family: Family;
  definition: string;
  /** `sum` is meaningless for a share, so rating reports none */
  summable: boolean;
}

export const PERCENTILE_DEFINITION =
  "PostgreSQL percentile_cont: linear interpolation between the two nearest ranks of the values present (p = fraction in 0..1).";

export function metricDefinitions(ratingFloor: number): Record<MetricName, MetricDefinition> {
  return {
    reviews: {
      kind: "observed",
      unit: "reviews",
      family: "reviews",
      summable: true,
      definition: "Total Steam user reviews (positive + negative) as counted by the source in `basis`. Games whose review counts were not collected are `missing`.",
    },
    rating: {
      kind: "observed",
      unit: "share 0..1",
      family: "reviews",
      summable: false,
      definition:
        `Positive share of Steam reviews. Games with fewer than ${ratingFloor} reviews (ratingFloor; Steam shows no score label below 10) are \`excluded\` so that barely reviewed games do not drag averages; games without reviews are \`missing\`. No sum: a share does not add up.`,
    },
    price: {
      kind: "observed",
      unit: "USD cents",
      family: "price",
      summable: true,
      definition:
        "Current price in US cents. Prices in another currency (the 2019 store data is in GBP) are `excluded`, never converted; a free game counts as 0 in any currency. Games with no collected price are `missing`.",
    },
    ccu: {
      kind: "observed",
      unit: "players",
      family: "ccu",
      summable: true,
      definition: "Peak concurrent players on the day before the SteamSpy snapshot in `basis`. Games SteamSpy did not list are `missing`.",
    },
    owners: {
      kind: "estimate",
      unit: "owners",
      family: "owners",
      summable: true,
      definition:
        "SteamSpy's estimate, not an observation: the midpoint of SteamSpy's published owners range (e.g. 20,000 .. 50,000 gives 35,000), as of the snapshot in `basis`. `sumLow` and `sumHigh` add up the range bounds. Games SteamSpy did not list are `missing`.",
    },
    revenue: {
      kind: "estimate",
      unit: "USD",
      family: "reviews",
      summable: true,
      definition:
        `Estimated lifetime gross revenue in US dollars by Ludex's ${METHOD_ID} method (docs/estimates.md: review count x copies per review fitted on publicly reported sales x the full USD price x a realised-price factor), central value. An estimate, not an observation; \`basis\` gives the review counts' sources. Games without review counts are \`missing\`; games the method makes no estimate for (fewer than 10 reviews, free to play, no USD price) are \`excluded\`.`,
    },
  };
}

/** SQL value of a metric per game (null = no value) over a game_metrics alias (`m` unless told). */
export function metricValue(metric: MetricName, ratingFloor: number, alias = "m"): Prisma.Sql {
  const col = (name: string) => Prisma.raw(`${alias}.${name}`);
  switch (metric) {
    case "reviews":
      return Prisma.sql`${col("reviews_total")}`;
    case "rating":
      return Prisma.sql`(CASE WHEN ${col("reviews_total")} >= ${ratingFloor}::int THEN ${col("rating")} END)`;
    case "price":
      return Prisma.sql`${col("price_usd_cents")}`;
    case "ccu":
      return Prisma.sql`${col("ccu")}`;
    case "owners":
      return Prisma.sql`${col("owners_mid")}::float8`;
    case "revenue":
      return Prisma.sql`${col("revenue_usd")}`;
  }
}

/** SQL condition: the game has a value that the metric's definition leaves out (counted as `excluded`). */
export function metricExcluded(metric: MetricName, ratingFloor: number): Prisma.Sql | null {
  if (metric === "rating") return Prisma.sql`(m.rating IS NOT NULL AND m.reviews_total < ${ratingFloor}::int)`;
  if (metric === "price") return Prisma.sql`m.price_non_usd`;
  if (metric === "revenue") return Prisma.sql`(m.reviews_total IS NOT NULL AND m.revenue_usd IS NULL)`;
  return null;
}

export const EXCLUSION_REASONS: Partial<Record<MetricName, (ratingFloor: number) => string>> = {
  rating: (floor) => `fewer than ${floor} reviews (ratingFloor)`,
  price: () => "price in a currency other than USD",
  revenue: () => "no estimate made: fewer than 10 reviews, free to play, or no USD price",
};
