import type { AnalysisBasis, ReviewAnalysis } from "./analysis-schema";
import { extractThemes } from "./extract-themes";
import { readReviewText } from "./read-review-text";
import { earlyAccessSplit, highlights, languageMix, playtimeBySide, sentimentByMonth, type AnalysedReview } from "./review-figures";
import { ANALYSED_LANGUAGES, foldText, plainText, round, share, type ReviewInput } from "./review-input";

/** Bump when the method or output changes: cached analyses of older versions are then recomputed. */
export const ANALYSIS_VERSION = 1;
/** Below this many analysed texts, themes are withheld (`insufficient_evidence`): a handful of reviews makes no theme. */
export const MIN_ANALYSED_FOR_THEMES = 50;
export const REVIEW_TEXT_SOURCE = "steam-appreviews";

export const METHOD = {
  library: "wink-nlp 2.4.0",
  model: "wink-eng-lite-web-model 1.8.1",
  analysedLanguages: [...ANALYSED_LANGUAGES],
  minAnalysedForThemes: MIN_ANALYSED_FOR_THEMES,
};

export interface ReviewCounts {
  source: string;
  observedAt: string;
  positive: number;
  negative: number;
  total: number;
  positiveShare: number | null;
  label: string;
}

export interface AnalysisInput {
  appId: number;
  name: string;
  steamReviews: ReviewCounts | null;
  trajectory: ReviewCounts[];
  reviews: ReviewInput[];
}

export type ComputedAnalysis = Omit<ReviewAnalysis, "computedAt">;

const DEFINITIONS = {
  collected: "Review texts stored for this title, any language, empty ones included.",
  analysed: `Collected texts with at least one letter (not empty, not only digits, symbols or emoji), in a language the model reads (${ANALYSED_LANGUAGES.join(", ")}).`,
  distinct: "Analysed texts after folding case and whitespace, each distinct text once: copy-pasted reviews count once.",
};

/** Everything the collected texts and the title's counts support; a section they cannot support is `null` with a reason. */
export function analyseReviews(input: AnalysisInput): ComputedAnalysis {
  const { reviews } = input;
  const analysed = analysedReviews(reviews);
  const onSteam = input.steamReviews?.total ?? null;
  const evidenceState = reviews.length === 0 ? "not_analyzed" : analysed.length >= MIN_ANALYSED_FOR_THEMES ? "ready" : "insufficient_evidence";
  const basis = (name: "collected" | "analysed", count: number, kind: AnalysisBasis["kind"], dated: ReviewInput[]): AnalysisBasis => ({
    family: "review-texts",
    source: REVIEW_TEXT_SOURCE,
    ...writtenRange(dated),
    denominator: { name, count },
    coverage: onSteam ? round(count / onSteam) : null,
    kind,
  });
  const nullReasons: Record<string, string> = {};
  const texts = <T>(field: string, build: () => T): T | null => {
    if (reviews.length > 0) return build();
    nullReasons[field] = "No review texts are collected for this title: only its review counts are analysed.";
    return null;
  };
  if (!input.steamReviews) nullReasons.steamReviews = "Steam review counts were not collected for this title.";
  const themes =
    analysed.length >= MIN_ANALYSED_FOR_THEMES
      ? { basis: basis("analysed", analysed.length, "modelled", analysed), ...extractThemes(analysed.map(themeInput), input.name) }
      : null;
  if (!themes && reviews.length > 0)
    nullReasons.themes = `Only ${analysed.length} analysed review texts; themes need at least ${MIN_ANALYSED_FOR_THEMES}.`;
  return {
    appId: input.appId,
    name: input.name,
    analysisVersion: ANALYSIS_VERSION,
    evidenceState,
    method: METHOD,
    denominators: {
      onSteam: { count: onSteam, source: input.steamReviews?.source ?? null, observedAt: input.steamReviews?.observedAt ?? null },
      collected: { count: reviews.length, definition: DEFINITIONS.collected },
      analysed: { count: analysed.length, definition: DEFINITIONS.analysed },
      distinct: { count: new Set(analysed.map((r) => foldText(r.text))).size, definition: DEFINITIONS.distinct },
    },
    steamReviews: input.steamReviews,
    trajectory: input.trajectory,
    collectedSample: texts("collectedSample", () => ({ basis: basis("collected", reviews.length, "observed", reviews), ...voted(reviews) })),
    themes: texts("themes", () => themes),
    sentimentOverTime: texts("sentimentOverTime", () => ({
      basis: basis("analysed", analysed.length, "observed-and-modelled", analysed),
      months: sentimentByMonth(analysed),
    })),
    playtimeAtReview: texts("playtimeAtReview", () => {
      if (reviews.some((r) => r.playtimeAtReviewMinutes !== null))
        return { basis: basis("collected", reviews.length, "observed", reviews), ...playtimeBySide(reviews, "playtimeAtReviewMinutes") };
      nullReasons.playtimeAtReview =
        "Steam's playtime at review is not in the collected review dumps (it was added to Steam's data later); `playtimeAtCollection` gives the authors' playtime when the texts were collected.";
      return null;
    }),
    playtimeAtCollection: texts("playtimeAtCollection", () => ({
      basis: basis("collected", reviews.length, "observed", reviews),
      ...playtimeBySide(reviews, "playtimeForeverMinutes"),
    })),
    highlights: texts("highlights", () => ({ basis: basis("collected", reviews.length, "observed", reviews), ...highlights(reviews) })),
    earlyAccess: texts("earlyAccess", () => ({ basis: basis("collected", reviews.length, "observed", reviews), ...earlyAccessSplit(reviews) })),
    languages: texts("languages", () => ({ basis: basis("collected", reviews.length, "observed", reviews), languages: languageMix(reviews) })),
    nullReasons,
  };
}

const HAS_LETTER = /\p{L}/u;

function analysedReviews(reviews: ReviewInput[]): AnalysedReview[] {
  const languages = new Set<string>(ANALYSED_LANGUAGES);
  return reviews
    .filter((review) => languages.has(review.language) && HAS_LETTER.test(review.text))
    .map((review) => ({ ...review, read: readReviewText(plainText(review.text)) }));
}

const themeInput = (review: AnalysedReview) => ({
  id: review.id,
  authorKey: review.authorSteamId ?? `review:${review.id}`,
  votedUp: review.votedUp,
  weightedVoteScore: review.weightedVoteScore,
  read: review.read,
});

function voted(reviews: ReviewInput[]) {
  const up = reviews.filter((r) => r.votedUp).length;
  return { reviews: reviews.length, votedUp: up, votedUpShare: share(up, reviews.length) };
}

function writtenRange(reviews: ReviewInput[]) {
  if (reviews.length === 0) return { writtenFrom: null, writtenTo: null };
  const dates = reviews.map((r) => r.createdAt).sort();
  return { writtenFrom: dates[0].slice(0, 10), writtenTo: dates[dates.length - 1].slice(0, 10) };
}
