import type { ReadReview } from "./read-review-text";
import { plainText, round, share, type ReviewInput } from "./review-input";

export interface AnalysedReview extends ReviewInput {
  read: ReadReview;
}

/** Count, voted-up share (observed) and mean text sentiment (modelled) per calendar month (UTC) of writing. */
export function sentimentByMonth(reviews: AnalysedReview[]) {
  const months = new Map<string, AnalysedReview[]>();
  for (const review of reviews) {
    const month = review.createdAt.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), review]);
  }
  return [...months.keys()].sort().map((month) => {
    const group = months.get(month)!;
    const up = group.filter((r) => r.votedUp).length;
    return {
      month,
      observed: { reviews: group.length, votedUp: up, votedUpShare: share(up, group.length) },
      modelled: { meanSentiment: round(group.reduce((sum, r) => sum + r.read.sentiment, 0) / group.length) },
    };
  });
}

/** Nearest-rank quantile of sorted values. */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function playtimeSummary(minutes: number[]) {
  const sorted = [...minutes].sort((a, b) => a - b);
  if (sorted.length === 0) return { reviews: 0, p25Minutes: null, medianMinutes: null, p75Minutes: null };
  return {
    reviews: sorted.length,
    p25Minutes: quantile(sorted, 0.25),
    medianMinutes: quantile(sorted, 0.5),
    p75Minutes: quantile(sorted, 0.75),
  };
}

type PlaytimeField = "playtimeAtReviewMinutes" | "playtimeForeverMinutes";

/** Playtime quartiles (minutes, from Steam's author record) of recommending and not recommending reviews. */
export function playtimeBySide(reviews: ReviewInput[], field: PlaytimeField) {
  const known = reviews.filter((r) => r[field] !== null);
  const minutes = (up: boolean) => known.filter((r) => r.votedUp === up).map((r) => r[field]!);
  return { reviewsWithPlaytime: known.length, positive: playtimeSummary(minutes(true)), negative: playtimeSummary(minutes(false)) };
}

function group(reviews: ReviewInput[]) {
  const up = reviews.filter((r) => r.votedUp).length;
  return { reviews: reviews.length, votedUp: up, votedUpShare: share(up, reviews.length) };
}

/** Reviews written while the title was in Early Access against those written after, with voted-up shares. */
export function earlyAccessSplit(reviews: ReviewInput[]) {
  return { duringEarlyAccess: group(reviews.filter((r) => r.earlyAccess)), afterRelease: group(reviews.filter((r) => !r.earlyAccess)) };
}

/** Collected reviews by Steam language name, most first. */
export function languageMix(reviews: ReviewInput[]) {
  const counts = new Map<string, number>();
  for (const review of reviews) counts.set(review.language, (counts.get(review.language) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([language, count]) => ({ language, reviews: count, share: share(count, reviews.length)! }));
}

export const HIGHLIGHTS_PER_SIDE = 3;
const EXCERPT_CHARS = 400;

/** The reviews Steam users found most helpful (Steam's weighted vote score, then helpful votes), each side. */
export function highlights(reviews: ReviewInput[]) {
  const side = (up: boolean) =>
    reviews
      .filter((r) => r.votedUp === up && r.votesUp > 0)
      .sort((a, b) => b.weightedVoteScore - a.weightedVoteScore || b.votesUp - a.votesUp || a.id.localeCompare(b.id))
      .slice(0, HIGHLIGHTS_PER_SIDE)
      .map((r) => {
        const text = plainText(r.text).replace(/\s+/g, " ").trim();
        return {
          reviewId: r.id,
          excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text,
          votesUp: r.votesUp,
          weightedVoteScore: round(r.weightedVoteScore),
          playtimeAtReviewMinutes: r.playtimeAtReviewMinutes,
          writtenDuringEarlyAccess: r.earlyAccess,
          createdAt: r.createdAt,
        };
      });
  return { positive: side(true), negative: side(false) };
}
