import { z } from "zod";
import { basisSchema } from "./cohort-scope";
import { AGGREGATE_QUANTILES, statsSchema } from "./metric-stats";

export const metricDefinitionSchema = z
  .object({
    kind: z.enum(["observed", "estimate"]),
    unit: z.string(),
    family: z.string().meta({ description: "The field family whose source the values come from." }),
    definition: z.string(),
    summable: z.boolean(),
    exclusion: z.string().nullable().meta({ description: "What `excluded` counts; null when the metric excludes nothing." }),
    basis: basisSchema,
  })
  .meta({ id: "MetricDefinition" });

const aggregateStats = statsSchema(AGGREGATE_QUANTILES, "AggregateStats");

const priceRangeSchema = z.object({
  fromCents: z.int(),
  toCents: z.int().nullable().meta({ description: "Exclusive; null for the open-ended last bucket." }),
  label: z.string(),
});

export const aggregateSchema = z
  .object({
    groupBy: z.array(
      z.object({
        dimension: z.string(),
        groupMembership: z.enum(["single", "multi"]).meta({ description: "`multi`: a game counts in every group it belongs to (tags, genres, platforms)." }),
        description: z.string(),
        gamesWithoutKey: z.int().meta({ description: "Cohort games with no value on this dimension: in no group." }),
        noKeyReason: z.string(),
        priceEdgesCents: z.array(z.int()).optional(),
      }),
    ),
    denominators: z.object({
      cohortGames: z.int().meta({ description: "Games matching the filters." }),
      tagged: z.int().meta({ description: "Cohort games with at least one user tag." }),
      untagged: z.int().meta({ description: "Cohort games with no user tags collected." }),
      groupedGames: z.int().meta({ description: "Cohort games with a key on every groupBy dimension." }),
      ungroupedGames: z.int().meta({ description: "Cohort games in no group (cohortGames - groupedGames)." }),
      memberships: z.number().meta({ description: "Sum of group sizes over all groups; above groupedGames when membership is multi." }),
      groups: z.int().meta({ description: "Groups in total." }),
      groupsReturned: z.int().meta({ description: "Groups in this response (see `limit`)." }),
    }),
    ratingFloor: z.int(),
    percentileDefinition: z.string(),
    observedMetrics: z.record(z.string(), metricDefinitionSchema),
    estimatedMetrics: z.record(z.string(), metricDefinitionSchema).nullable().meta({ description: "Locked (`null`) in the anonymous preview." }),
    groups: z.array(
      z
        .object({
          key: z.record(z.string(), z.union([z.string(), z.number()])).meta({ description: "The group's value on each groupBy dimension." }),
          priceRange: priceRangeSchema.optional(),
          games: z.int().meta({ description: "Games in the group: the denominator of its figures." }),
          observed: z.record(z.string(), aggregateStats),
          estimated: z.record(z.string(), aggregateStats).nullable().meta({ description: "Estimates (SteamSpy owners); locked in the preview." }),
        })
        .meta({ id: "AggregateGroup" }),
    ),
    filters: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "GameAggregate" });
