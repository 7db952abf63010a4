import { z } from "zod";
import { estimatesSchema } from "../estimates";
import { historySchema } from "../history/history-schema";
import { similarGameSchema } from "../similar-schema";

const sourceRef = z.object({ source: z.string(), observedAt: z.string() }).nullable();
const reason = z.string().nullable().meta({ description: "Why the figures above are `null`; `null` when they are given." });

const cohortBase = {
  definition: z.string().meta({ description: "Which games the cohort holds, in words." }),
  size: z.number().int().meta({ description: "Games in the cohort (the denominator of its shares), the game itself included." }),
  small: z.boolean().meta({ description: "Fewer than 20 games: read its shares and percentiles as anecdotes." }),
};

const priceCohort = z
  .object({
    ...cohortBase,
    percentile: z.number().nullable().meta({
      description: "Mid-rank percentile of the game's list price: 100 x (games cheaper + half the games at the same price) / size. 50 = the middle; free games count as price 0.",
    }),
    cheaper: z.number().int(),
    samePrice: z.number().int().meta({ description: "Games at exactly the same list price, the game included." }),
    quartilesCents: z.object({ p25: z.number(), median: z.number(), p75: z.number() }).nullable(),
    freeShare: z.number().nullable(),
    onSaleShare: z.number().nullable().meta({ description: "Share discounted when their price was observed (the 2025-01-01 SteamSpy snapshot fell in Steam's winter sale)." }),
    priceSources: z.record(z.string(), z.number().int()).meta({ description: "Cohort games by the source of their price." }),
  })
  .meta({ id: "PriceCohort" });

const timingCohort = z
  .object({
    ...cohortBase,
    releasesByMonth: z.array(z.number().int()).meta({ description: "Cohort releases in January ... December." }),
    releasesInGameMonth: z.number().int().meta({ description: "Cohort releases in the game's release month, the game included." }),
    shareInGameMonth: z.number().nullable().meta({ description: "releasesInGameMonth / size; an even spread would be 1/12 = 0.0833." }),
    busierMonths: z.number().int().meta({ description: "Months with more cohort releases than the game's month (0: it launched in the busiest month)." }),
  })
  .meta({ id: "LaunchCohort" });

const platformCohort = z
  .object({
    ...cohortBase,
    share: z.object({ windows: z.number().nullable(), mac: z.number().nullable(), linux: z.number().nullable() }),
  })
  .meta({ id: "PlatformCohort" });

const tagCompetition = z
  .object({
    slug: z.string(),
    name: z.string(),
    rank: z.number().int().meta({ description: "The tag's store rank in this game." }),
    games: z.number().int().meta({ description: "Catalog games carrying the tag (any rank, any year)." }),
    gamesWithReviews: z.number().int().meta({ description: "Of those, games whose review counts were collected: the denominator of the next three." }),
    medianReviews: z.number().nullable(),
    hits: z.number().int().meta({ description: "Games with at least `hitThreshold` total Steam reviews." }),
    hitShare: z.number().nullable().meta({ description: "hits / gamesWithReviews." }),
  })
  .meta({ id: "TagCompetition" });

export const marketingAnalysisSchema = z
  .object({
    appId: z.number().int(),
    name: z.string(),
    cohort: z
      .object({
        primaryTag: z.object({ slug: z.string(), name: z.string() }).nullable().meta({ description: "The game's rank-1 (first in store order) tag." }),
        releaseYear: z.number().int().nullable(),
        reason,
      })
      .meta({ description: "The cohort the comparisons use: same rank-1 tag, same release year (`sameYear`), with the same tag over all years (`allYears`) as the wider reference." }),
    reviews: z
      .object({
        positive: z.number().int(),
        negative: z.number().int(),
        total: z.number().int(),
        rating: z.number().nullable(),
        score: z.number().int(),
        label: z.string(),
        basis: sourceRef,
      })
      .nullable()
      .meta({ description: "The game's Steam review counts as stored (observed), with their source and date; `null` when not collected." }),
    pricePositioning: z.object({
      fullPriceCents: z.number().int().nullable().meta({ description: "List (undiscounted) price in the currency's minor unit; the initial price where the source gave one." }),
      currentPriceCents: z.number().int().nullable(),
      currency: z.string().nullable(),
      isFree: z.boolean().nullable(),
      discountPercent: z.number().int().nullable(),
      onSale: z.boolean().nullable().meta({ description: "Discounted when observed (see `basis`)." }),
      basis: sourceRef,
      sameYear: priceCohort.nullable(),
      allYears: priceCohort.nullable(),
      reason,
    }),
    launchTiming: z.object({
      releaseDate: z.string().nullable(),
      precision: z.string(),
      month: z.number().int().nullable().meta({ description: "Release month 1-12; `null` unless the date is known to the month." }),
      sameYear: timingCohort.nullable(),
      allYears: timingCohort.nullable().meta({ description: "Seasonality of the primary tag over all years." }),
      reason,
    }),
    tagCompetitiveness: z.object({
      hitThreshold: z.number().int().meta({ description: "A hit: at least this many total Steam reviews (1,000)." }),
      tags: z.array(tagCompetition).meta({ description: "Every tag the game carries, in its store order; empty when no tags were collected." }),
    }),
    platformReach: z.object({
      platforms: z.array(z.string()).nullable(),
      basis: sourceRef,
      sameYear: platformCohort.nullable(),
      allYears: platformCohort.nullable(),
      reason,
    }),
    reviewTrajectory: historySchema.shape.reviews,
    peers: z.array(similarGameSchema).meta({ description: "The 5 most similar games by weighted tag overlap, as `GET /games/{appId}/similar` ranks them." }),
    estimates: estimatesSchema
      .nullable()
      .meta({ description: "Estimated sales and revenue (the review model, 80% interval): estimates, kept apart from every observed figure above; `null` (locked) in the anonymous preview." }),
  })
  .meta({ id: "MarketingAnalysis" });
