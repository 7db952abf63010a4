import { analyseReviews } from "./analyse-reviews";
import type { ReviewAnalysis } from "./analysis-schema";
import { loadReviewTexts, loadTitleFacts } from "./load-analysis-input";
import { readCachedAnalysis, storeAnalysis } from "./review-analysis-cache";

// Concurrent first requests for one title in this process share one computation; across instances the
// cache table's upsert decides (review-analysis-cache.ts).
const inFlight = new Map<string, Promise<ReviewAnalysis>>();

/** A title's review analysis: from the shared cache when its inputs are unchanged, else computed and stored. */
export async function getReviewAnalysis(appId: number): Promise<ReviewAnalysis> {
  const facts = await loadTitleFacts(appId);
  const cached = await readCachedAnalysis(appId, facts.digest);
  if (cached) return cached;
  const key = `${appId}:${facts.digest}`;
  let computing = inFlight.get(key);
  if (!computing) {
    computing = (async () => {
      const reviews = facts.texts > 0 ? await loadReviewTexts(appId) : [];
      return storeAnalysis(appId, facts.digest, analyseReviews({ ...facts.input, reviews }));
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, computing);
  }
  return computing;
}
