import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { ReviewInput } from "@/lib/market/reviews/review-input";

/** The vendored Steam appreviews dump of one title, as the analysis reads rows of `reviews`, in id order. */
export function realReviews(appId: number): ReviewInput[] {
  const path = join(process.cwd(), "prisma", "data", "reviews", `${appId}.json.gz`);
  const dump = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")) as { reviews: Record<string, any> };
  return Object.entries(dump.reviews)
    .map(([id, r]) => ({
      id,
      language: r.language,
      text: r.review,
      votedUp: r.voted_up,
      votesUp: r.votes_up,
      weightedVoteScore: Number(r.weighted_vote_score),
      earlyAccess: r.written_during_early_access,
      createdAt: new Date(r.timestamp_created * 1000).toISOString(),
      authorSteamId: r.author?.steamid ?? null,
      playtimeAtReviewMinutes: r.author?.playtime_at_review ?? null,
      playtimeForeverMinutes: r.author?.playtime_forever ?? null,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
