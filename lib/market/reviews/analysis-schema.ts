import { z } from "zod";

const int = () => z.number().int();
const shareOf = (description: string) => z.number().min(0).max(1).nullable().meta({ description: `${description} 0 to 1; \`null\` with no reviews in the group.` });

export const analysisBasisSchema = z
  .object({
    family: z.enum(["review-texts", "steam-review-counts"]).meta({ description: "Which family of data the figures come from." }),
    source: z.string().meta({ description: "Dataset, e.g. `steam-appreviews` (collected review texts)." }),
    writtenFrom: z.string().nullable().meta({ description: "Creation date (YYYY-MM-DD) of the oldest review the figures rest on." }),
    writtenTo: z.string().nullable().meta({ description: "Creation date (YYYY-MM-DD) of the newest review the figures rest on." }),
    denominator: z
      .object({ name: z.enum(["onSteam", "collected", "analysed"]), count: int() })
      .meta({ description: "The reviews every share in this section is a share of." }),
    coverage: z
      .number()
      .nullable()
      .meta({ description: "The denominator as a share of the reviews on Steam (`denominators.onSteam`); `null` when that count was not collected." }),
    kind: z
      .enum(["observed", "modelled", "observed-and-modelled"])
      .meta({ description: "observed: counted from what Steam recorded; modelled: computed by the NLP model from texts. Mixed sections keep the two in separate objects." }),
  })
  .meta({ id: "ReviewAnalysisBasis" });

const themeSchema = z
  .object({
    key: z.string().meta({ description: "The lemmatised aspect: a noun (`server`) or two-noun compound (`frame rate`)." }),
    label: z.string().meta({ description: "Its most frequent written form in these reviews." }),
    reviews: int().meta({ description: "Analysed reviews that speak of the aspect with this polarity." }),
    share: z.number().meta({ description: "`reviews` / `denominators.analysed`." }),
    reviewers: int().meta({ description: "Distinct authors (Steam ids) among those reviews." }),
    meanSentiment: z.number().meta({ description: "Mean model sentiment (-1..1) of the sentences naming the aspect." }),
    examples: z
      .array(z.object({ reviewId: z.string(), quote: z.string(), votedUp: z.boolean() }))
      .meta({ description: "Up to 3 short excerpts from different reviews, the most helpful first." }),
  })
  .meta({ id: "ReviewTheme" });

const monthSchema = z.object({
  month: z.string().meta({ description: "YYYY-MM (UTC) the reviews were written." }),
  observed: z.object({ reviews: int(), votedUp: int(), votedUpShare: shareOf("Recommending share.") }),
  modelled: z.object({ meanSentiment: z.number().meta({ description: "Mean wink-nlp document sentiment, -1 to 1." }) }),
});

const playtimeSideSchema = z.object({
  reviews: int(),
  p25Minutes: int().nullable(),
  medianMinutes: int().nullable(),
  p75Minutes: int().nullable(),
});

const playtimeSchema = z.object({
  basis: analysisBasisSchema,
  reviewsWithPlaytime: int(),
  positive: playtimeSideSchema,
  negative: playtimeSideSchema,
});

const highlightSchema = z.object({
  reviewId: z.string(),
  excerpt: z.string().meta({ description: "The text, cut at 400 characters." }),
  votesUp: int().meta({ description: "Steam users who marked it helpful." }),
  weightedVoteScore: z.number().meta({ description: "Steam's helpfulness score, 0 to 1." }),
  playtimeAtReviewMinutes: int().nullable(),
  writtenDuringEarlyAccess: z.boolean(),
  createdAt: z.string(),
});

const groupSchema = z.object({ reviews: int(), votedUp: int(), votedUpShare: shareOf("Recommending share.") });

const reviewCountsSchema = z.object({
  source: z.string(),
  observedAt: z.string().meta({ description: "Date the counts describe (YYYY-MM-DD)." }),
  positive: int(),
  negative: int(),
  total: int(),
  positiveShare: z.number().nullable(),
  label: z.string().meta({ description: "Steam's summary label for these counts, by Steam's rules." }),
});

const countDenominator = (description: string) => z.object({ count: int(), definition: z.string() }).meta({ description });

export const reviewAnalysisSchema = z
  .object({
    appId: int(),
    name: z.string(),
    analysisVersion: int().meta({ description: "Version of the method; results are cached per title and version." }),
    computedAt: z.string().meta({ description: "When this analysis was computed (it is served from the cache after)." }),
    evidenceState: z.enum(["ready", "insufficient_evidence", "not_analyzed"]).meta({
      description: "ready: at least `method.minAnalysedForThemes` analysed texts; insufficient_evidence: fewer (themes are withheld); not_analyzed: no texts collected (only count-based parts).",
    }),
    method: z.object({
      library: z.string(),
      model: z.string(),
      analysedLanguages: z.array(z.string()),
      minAnalysedForThemes: int(),
    }),
    denominators: z
      .object({
        onSteam: z.object({
          count: int().nullable().meta({ description: "Reviews on Steam (positive + negative); `null` when not collected." }),
          source: z.string().nullable(),
          observedAt: z.string().nullable(),
        }),
        collected: countDenominator("Review texts stored for this title (all languages)."),
        analysed: countDenominator("Collected texts the model read: non-empty, in an analysed language."),
        distinct: countDenominator("Analysed texts counted once per distinct text (copy-pasted reviews once)."),
      })
      .meta({ id: "ReviewDenominators" }),
    steamReviews: reviewCountsSchema.nullable().meta({ description: "Steam's review counts as served by the game detail (observed)." }),
    trajectory: z.array(reviewCountsSchema).meta({ description: "Review counts at each dated snapshot, oldest first (observed)." }),
    collectedSample: z
      .object({ basis: analysisBasisSchema, ...groupSchema.shape })
      .nullable()
      .meta({ description: "Recommending share among the collected texts: compare with `steamReviews` to see how the sample leans." }),
    themes: z
      .object({ basis: analysisBasisSchema, positive: z.array(themeSchema), negative: z.array(themeSchema) })
      .nullable()
      .meta({ description: "Aspects the reviews praise and criticise, most prominent first." }),
    sentimentOverTime: z.object({ basis: analysisBasisSchema, months: z.array(monthSchema) }).nullable(),
    playtimeAtReview: playtimeSchema
      .nullable()
      .meta({ description: "Authors' playtime when they wrote the review (Steam's `playtime_at_review`), quartiles each side." }),
    playtimeAtCollection: playtimeSchema.nullable().meta({
      description: "Authors' total playtime when the texts were collected (`writtenTo` at the latest), which includes play after the review: an upper bound of playtime at review.",
    }),
    highlights: z
      .object({ basis: analysisBasisSchema, positive: z.array(highlightSchema), negative: z.array(highlightSchema) })
      .nullable()
      .meta({ description: "The most helpful reviews each side, by Steam's weighted vote score." }),
    earlyAccess: z.object({ basis: analysisBasisSchema, duringEarlyAccess: groupSchema, afterRelease: groupSchema }).nullable(),
    languages: z
      .object({ basis: analysisBasisSchema, languages: z.array(z.object({ language: z.string(), reviews: int(), share: z.number() })) })
      .nullable(),
    nullReasons: z
      .record(z.string(), z.string())
      .meta({ description: "For each section that is `null` because the data does not support it, why (preview locks are listed in `meta.locked`)." }),
  })
  .meta({ id: "ReviewAnalysis" });

export type ReviewAnalysis = z.input<typeof reviewAnalysisSchema>;
export type AnalysisBasis = z.input<typeof analysisBasisSchema>;
