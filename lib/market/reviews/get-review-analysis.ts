import { analyseReviews } from "./analyse-reviews";
import type { ReviewAnalysis } from "./analysis-schema";
import { loadReviewTexts, loadTitleFacts } from "./load-analysis-input";
import { readCachedAnalysis, storeAnalysis } from "./review-analysis-cache";

/** A title's review analysis: from the shared cache when its inputs are unchanged, else computed and stored. */
export async function getReviewAnalysis(appId: number): Promise<ReviewAnalysis> {
  const facts = await loadTitleFacts(appId);
  const cached = await readCachedAnalysis(appId, facts.digest);
  if (cached) return cached;
  const reviews = facts.texts > 0 ? await loadReviewTexts(appId) : [];
  return storeAnalysis(appId, facts.digest, analyseReviews({ ...facts.input, reviews }));
}
