import { z } from "zod";
import { defineOperation } from "../api/operation";
import { integerParam, listParam, requiredList } from "../api/query-params";
import { aggregateGames } from "../market/aggregates/aggregate-games";
import { aggregateSchema } from "../market/aggregates/aggregate-schema";
import { GROUP_DIMENSIONS } from "../market/aggregates/group-dimensions";
import { DEFAULT_RATING_FLOOR, METRICS } from "../market/aggregates/metrics";
import { gameFilterQuery } from "../market/game-filters";
import { withFreshness } from "./with-freshness";

export const ratingFloorParam = integerParam({ min: 0, max: 1_000_000 })
  .prefault(DEFAULT_RATING_FLOOR)
  .meta({ description: `Rating figures leave out games with fewer reviews than this (default ${DEFAULT_RATING_FLOOR}, Steam's own label threshold); 0 includes every reviewed game. The excluded count is reported.` });

export const aggregateGamesOperation = withFreshness(defineOperation({
  id: "aggregateGames",
  method: "GET",
  path: "/games/aggregate",
  summary: "Aggregate games by year, month, tag, genre, platform or price",
  description: [
    "Counts and small aggregates over the games matching the `GET /games` filters, grouped by one or two dimensions:",
    "`year`, `month` (YYYY-MM), `tag` (each game in every tag it carries: groupMembership `multi`), `primaryTag` (each game once, under its top-ranked tag: `single`), `genre` and `platform` (`multi`), `price` (USD buckets from `buckets=price:0,5,10,20`, US dollars, [edge, next edge)).",
    "Per group and metric: `n` (games with a value, the denominator), `missing` (not collected), `excluded` (left out by the definition), sum, mean, p25, median, p75.",
    "Percentiles are PostgreSQL percentile_cont (linear interpolation).",
    "Metrics: reviews (total Steam reviews), rating (positive share; games below `ratingFloor` reviews excluded), price (USD cents; other currencies excluded, never converted), CCU (SteamSpy's peak concurrent players): observed;",
    "Estimated: owners (midpoint of SteamSpy's owners range) and revenue (US dollars, the review model of docs/estimates.md). Observed and estimated figures sit in separate objects.",
    "Each metric's `basis` lists the sources and snapshot dates its values come from, with game counts.",
    "`denominators` gives the cohort size, the tagged/untagged split, and how many games have no key (no release date, no tags...) and so are in no group.",
    "Limits: tags cover about a fifth of the catalog (store data of 2019 and 2023), release dates likewise; review counts and owners mostly come from SteamSpy's 2025-01-01 snapshot.",
  ].join(" "),
  group: "Analytics",
  costClass: "counts",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["estimatedMetrics", "groups[].estimated"],
  query: z.object({
    ...gameFilterQuery,
    groupBy: requiredList(z.enum(GROUP_DIMENSIONS), 1, 2, `One or two of ${GROUP_DIMENSIONS.join(", ")}, comma-separated.`),
    metrics: listParam(z.enum(METRICS), `Metrics to compute (default all): ${METRICS.join(", ")}.`),
    buckets: z.string().max(400).optional().meta({ description: "Price bucket edges in US dollars with groupBy=price, e.g. `price:0,5,10,20` (default price:0,0.01,5,10,20,40)." }),
    ratingFloor: ratingFloorParam,
    limit: integerParam({ min: 1, max: 1000 }).prefault(100).meta({ description: "Most groups returned (ordinal dimensions in order, others largest first)." }),
  }),
  params: z.object({}),
  data: aggregateSchema,
  paginated: false,
  example: { query: { groupBy: "year", releasedFrom: "2015", releasedTo: "2019" } },
  async handler({ query }) {
    return { data: await aggregateGames(query) };
  },
}));
