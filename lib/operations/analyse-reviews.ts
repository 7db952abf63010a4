import { z } from "zod";
import { defineOperation } from "../api/operation";
import { appIdParams } from "./app-id-param";
import { reviewAnalysisSchema } from "../market/reviews/analysis-schema";
import { getReviewAnalysis } from "../market/reviews/get-review-analysis";
import { withFreshness } from "./with-freshness";

export const analyseReviewsOperation = withFreshness(defineOperation({
  id: "analyseReviews",
  method: "GET",
  path: "/games/{appId}/reviews/analysis",
  summary: "Review analysis of one game",
  description: [
    "What a title's Steam reviews say, from the review texts Ludex collected (22,044 English reviews of 101 games, written up to March 2019) and the title's review counts.",
    "Text-based sections: positive and negative themes (lemmatised aspects with the reviews' sentiment about them, each with its share of analysed reviews, distinct reviewers and short quotes with review ids), recommending share and model sentiment by month, playtime at review (not in the 2019 dumps, so `null` with its reason) and at collection, the most helpful reviews each side, Early Access against release, and the language mix.",
    "Count-based sections, for every title: Steam's review counts with their source and date, and the counts at each dated snapshot.",
    "Four denominators: `onSteam` (Steam's review total), `collected` (texts stored), `analysed` (non-empty English texts the model read) and `distinct` (analysed texts with copy-pastes counted once). Every section names its basis (family, source, dates written), its denominator and its coverage of Steam's total; observed counts and modelled sentiment sit in separate objects.",
    "`evidenceState`: `ready` (at least 50 analysed texts), `insufficient_evidence` (fewer: themes withheld), `not_analyzed` (no texts: text sections `null`, reasons in `nullReasons`).",
    "Limits: the texts are a sample (about 100 to 2,000 of a title's reviews, collected in March 2019), not all reviews; sentiment comes from wink-nlp's English lexicon model and misreads sarcasm and gaming slang; themes are single nouns and noun pairs, not synonyms grouped (`hackers` and `cheaters` are two themes).",
    "Method: wink-nlp with its English model wink-eng-lite-web-model, both plain npm packages (the model ships inside the package: nothing is downloaded, it runs offline and gives the same output for the same text). It tokenises, tags parts of speech, lemmatises and scores sentence sentiment; a theme is an aspect that at least 3 reviews and 1% of the analysed ones speak of with one polarity (the sentences' sentiment, or the review's recommendation when they are neutral), mostly that way and more than the title's reviews speak of anything that way; the title's own name and generic review nouns (`game`, `hour`) are left out.",
    "Computed once per title and analysis version and then served from a shared cache (`computedAt`). Anonymous preview: `themes` and `highlights` are locked.",
  ].join("\n\n"),
  group: "Games",
  costClass: "per-title",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["themes", "highlights"],
  query: z.object({}),
  params: appIdParams,
  data: reviewAnalysisSchema,
  paginated: false,
  example: { params: { appId: "578080" } },
  async handler({ params }) {
    return { data: await getReviewAnalysis(params.appId) };
  },
}));
