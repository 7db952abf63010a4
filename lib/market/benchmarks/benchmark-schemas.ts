import { z } from "zod";
import { metricDefinitionSchema } from "../aggregates/aggregate-schema";
import { COHORT_QUANTILES, statsSchema } from "../aggregates/metric-stats";

const cohortStats = statsSchema(COHORT_QUANTILES, "CohortStats");
const hitRate = z.object({ games: z.int(), share: z.number().nullable() });

export const cohortSchema = z
  .object({
    cohort: z.object({ games: z.int().meta({ description: "Games matching the filters." }), filters: z.record(z.string(), z.unknown()) }),
    ratingFloor: z.int(),
    percentileDefinition: z.string(),
    metricDefinitions: z.record(z.string(), metricDefinitionSchema),
    observed: z.record(z.string(), cohortStats).meta({ description: "Observed figures: reviews, rating, price (USD cents), CCU." }),
    estimated: z
      .object({ owners: cohortStats, revenue: cohortStats })
      .nullable()
      .meta({ description: "Estimates: SteamSpy owners (midpoint of its range) and revenue (Ludex review model, US dollars). Locked (`null`) in the anonymous preview." }),
    hitRates: z.object({ denominator: z.int(), definition: z.string(), atLeast1k: hitRate, atLeast10k: hitRate }),
    releasesPerYear: z.array(z.object({ year: z.int(), games: z.int() })),
    releaseYearUnknown: z.int().meta({ description: "Cohort games with no release date collected (not in releasesPerYear)." }),
    topTitles: z.array(
      z.object({
        appId: z.int(),
        name: z.string(),
        reviews: z.int(),
        rating: z.number().nullable(),
        releaseYear: z.int().nullable(),
        primaryTag: z.string().nullable(),
      }),
    ),
    coverage: z
      .object({
        games: z.int(),
        withReviews: z.int(),
        withRatingAtFloor: z.int(),
        withUsdPrice: z.int(),
        withCcu: z.int(),
        withOwners: z.int(),
        withReleaseYear: z.int(),
        tagged: z.int(),
        tiers: z.object({ basic: z.int(), partial: z.int(), full: z.int() }),
      })
      .meta({ description: "How much of the cohort each figure rests on." }),
  })
  .meta({ id: "CohortBenchmark" });

const titleFigure = z
  .object({
    value: z.number().nullable(),
    reason: z.string().nullable().meta({ description: "Why `value` is null." }),
    source: z.string().nullable(),
    observedAt: z.string().nullable(),
    cohortRank: z.number().nullable().meta({ description: "Percentile rank 0..100 within the title's own cohort." }),
    cohortN: z.int().meta({ description: "Cohort games with a value (the title included)." }),
    unionRank: z.number().nullable().meta({ description: "Percentile rank 0..100 among the compared titles." }),
    unionN: z.int().meta({ description: "Compared titles with a value." }),
  })
  .meta({ id: "CompareFigure" });

export const compareSchema = z
  .object({
    ratingFloor: z.int(),
    percentileRankDefinition: z.string(),
    metricDefinitions: z.record(z.string(), metricDefinitionSchema.omit({ basis: true })),
    titles: z.array(
      z
        .object({
          appId: z.int(),
          name: z.string(),
          primaryTag: z.string().nullable(),
          releaseYear: z.int().nullable(),
          cohort: z.object({
            basis: z.enum(["primaryTagAndYear", "primaryTag", "releaseYear", "catalog"]),
            definition: z.string(),
            games: z.int(),
          }),
          observed: z.record(z.string(), titleFigure),
          estimated: z
            .object({ owners: titleFigure, revenue: titleFigure })
            .nullable()
            .meta({ description: "Locked (`null`) in the anonymous preview." }),
        })
        .meta({ id: "CompareTitle" }),
    ),
  })
  .meta({ id: "TitleComparison" });
