import { z } from "zod";
import { defineOperation } from "../api/operation";
import { integerParam } from "../api/query-params";
import { cohortBenchmark } from "../market/benchmarks/cohort-benchmark";
import { cohortSchema } from "../market/benchmarks/benchmark-schemas";
import { gameFilterQuery } from "../market/game-filters";
import { ratingFloorParam } from "./aggregate-games";
import { withFreshness } from "./with-freshness";

export const cohortBenchmarkOperation = withFreshness(defineOperation({
  id: "cohortBenchmark",
  method: "GET",
  path: "/benchmarks/cohort",
  summary: "Benchmark a cohort of games",
  description: [
    "A cohort chosen with the `GET /games` filters (no filter: the whole catalog), described by:",
    "distributions (p10, p25, p50, p75, p90 and mean, PostgreSQL percentile_cont) of reviews, rating, price (USD cents) and CCU (observed) and of the estimates: SteamSpy's owners (midpoint of its range) and revenue (US dollars, the review model of docs/estimates.md), each with `n`, `missing` and `excluded`;",
    "releases per year (and how many have no release date);",
    "hit rates: the share of games with review counts that reached 1,000 and 10,000 reviews;",
    "the top titles by reviews; and the coverage the figures rest on (games with each value, tagged games, coverage tiers).",
    "Rating leaves out games below `ratingFloor` reviews. `metricDefinitions` gives each metric's sources and snapshot dates (`basis`).",
    "Limits: the catalog mixes SteamSpy snapshots (mostly 2025-01-01) with older store data; release dates and tags cover about a fifth of it, so year- or tag-filtered cohorts describe that fifth.",
  ].join(" "),
  group: "Analytics",
  costClass: "heavy",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["estimated"],
  query: z.object({
    ...gameFilterQuery,
    ratingFloor: ratingFloorParam,
    limit: integerParam({ min: 1, max: 100 }).prefault(10).meta({ description: "Top titles returned (by reviews)." }),
  }),
  params: z.object({}),
  data: cohortSchema,
  paginated: false,
  example: { query: { tags: "rogue-like", releasedFrom: "2015" } },
  async handler({ query }) {
    return { data: await cohortBenchmark(query) };
  },
}));
