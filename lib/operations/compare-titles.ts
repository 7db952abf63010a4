import { z } from "zod";
import { defineOperation } from "../api/operation";
import { integerParam, requiredList } from "../api/query-params";
import { ESTIMATED_METRICS, EXCLUSION_REASONS, metricDefinitions, OBSERVED_METRICS } from "../market/aggregates/metrics";
import { compareSchema } from "../market/benchmarks/benchmark-schemas";
import { compareTitles, MAX_TITLES, MIN_TITLES } from "../market/benchmarks/compare-titles";
import { PERCENTILE_RANK_DEFINITION } from "../market/benchmarks/percentile-rank";
import { ratingFloorParam } from "./aggregate-games";
import { withFreshness } from "./with-freshness";

export const compareTitlesOperation = withFreshness(defineOperation({
  id: "compareTitles",
  method: "GET",
  path: "/benchmarks/compare",
  summary: "Compare titles side by side",
  description: [
    `${MIN_TITLES} to ${MAX_TITLES} titles side by side: each title's reviews, rating, price (USD cents) and CCU (observed) and the estimates (SteamSpy's owners midpoint, revenue by the review model), with the source and snapshot of each value,`,
    "and its percentile rank on each metric within its own cohort and within the union of the compared titles.",
    "Own cohort: the games sharing the title's primary tag (its top-ranked user tag) and release year; a title without tags falls back to its release year, one without a release date to its primary tag, one with neither to the whole catalog (`cohort.basis` says which).",
    "Percentile rank: mid-rank, 100 x (lower + half of equal) / games with a value, the title included. Rating ranks leave out games below `ratingFloor` reviews.",
    "Errors: unknown app ids give NOT_FOUND naming them (`unknownAppIds`); a repeated id, or fewer than 2 or more than 20 ids, give BAD_REQUEST with param `appIds`.",
    "A value that is `null` says why in `reason`. Limits: cohorts of small tags or early years can be a handful of games: read `cohortN`.",
  ].join(" "),
  group: "Analytics",
  costClass: "heavy",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["titles[].estimated"],
  query: z.object({
    appIds: requiredList(integerParam({ min: 1, max: 2_147_483_647 }), MIN_TITLES, MAX_TITLES, `${MIN_TITLES} to ${MAX_TITLES} distinct Steam app ids, comma-separated.`),
    ratingFloor: ratingFloorParam,
  }),
  params: z.object({}),
  data: compareSchema,
  paginated: false,
  example: { query: { appIds: "730,570,440" } },
  async handler({ query }) {
    const titles = await compareTitles(query.appIds, query.ratingFloor);
    const definitions = metricDefinitions(query.ratingFloor);
    const metricInfo = Object.fromEntries(
      [...OBSERVED_METRICS, ...ESTIMATED_METRICS].map((m) => {
        const { basis: _basis, ...definition } = { ...definitions[m], basis: null };
        return [m, { ...definition, exclusion: EXCLUSION_REASONS[m]?.(query.ratingFloor) ?? null }];
      }),
    );
    return {
      data: { ratingFloor: query.ratingFloor, percentileRankDefinition: PERCENTILE_RANK_DEFINITION, metricDefinitions: metricInfo, titles },
    };
  },
}));
