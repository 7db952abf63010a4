// Denominators, evidence states and the count-based figures of the review analysis, on hand-built rows.
import { describe, expect, it } from "vitest";
import { analyseReviews, MIN_ANALYSED_FOR_THEMES, type ReviewCounts } from "@/lib/market/reviews/analyse-reviews";
import type { ReviewInput } from "@/lib/market/reviews/review-input";

const steam: ReviewCounts = { source: "steamspy-2025-01-01", observedAt: "2025-01-01", positive: 900, negative: 100, total: 1000, positiveShare: 0.9, label: "Very Positive" };

let next = 0;
function review(overrides: Partial<ReviewInput> = {}): ReviewInput {
  next += 1;
  return {
    id: String(1000 + next),
    language: "english",
    text: `Review number ${next}: the soundtrack is wonderful.`,
    votedUp: true,
    votesUp: 0,
    weightedVoteScore: 0,
    earlyAccess: false,
    createdAt: "2019-02-10T12:00:00.000Z",
    authorSteamId: `7656${next}`,
    playtimeAtReviewMinutes: 60,
    playtimeForeverMinutes: 600,
    ...overrides,
  };
}

const analyse = (reviews: ReviewInput[], steamReviews: ReviewCounts | null = steam) =>
  analyseReviews({ appId: 1, name: "Test Title", steamReviews, trajectory: [], reviews });

describe("analyseReviews", () => {
  it("counts collected, analysed (a letter, an analysed language) and distinct (folded text) reviews", () => {
    const reviews = [
      review({ text: "Great   soundtrack." }),
      review({ text: "great soundtrack. " }),
      review({ text: "" }),
      review({ text: "10/10 👍" }),
      review({ language: "german", text: "Tolles Spiel" }),
      review({ text: "Crashes on launch." , votedUp: false }),
    ];
    const { denominators, evidenceState, themes, nullReasons } = analyse(reviews);
    expect(denominators.onSteam).toEqual({ count: 1000, source: "steamspy-2025-01-01", observedAt: "2025-01-01" });
    expect([denominators.collected.count, denominators.analysed.count, denominators.distinct.count]).toEqual([6, 3, 2]);
    expect(evidenceState).toBe("insufficient_evidence");
    expect(themes).toBeNull();
    expect(nullReasons.themes).toMatch(/Only 3 analysed/);
  });

  it("is ready from the documented minimum of analysed reviews", () => {
    const reviews = Array.from({ length: MIN_ANALYSED_FOR_THEMES }, () => review());
    const result = analyse(reviews);
    expect(result.evidenceState).toBe("ready");
    expect(result.themes?.basis).toMatchObject({ denominator: { name: "analysed", count: MIN_ANALYSED_FOR_THEMES }, coverage: 0.05, kind: "modelled" });
    expect(result.themes?.positive.map((t) => t.key)).toContain("soundtrack");
    expect(analyse(reviews.slice(1)).evidenceState).toBe("insufficient_evidence");
  });

  it("without texts: not_analyzed, every text section null with a reason, counts kept", () => {
    const result = analyse([]);
    expect(result.evidenceState).toBe("not_analyzed");
    expect(result.steamReviews).toEqual(steam);
    for (const field of ["collectedSample", "themes", "sentimentOverTime", "playtimeAtReview", "playtimeAtCollection", "highlights", "earlyAccess", "languages"] as const) {
      expect(result[field]).toBeNull();
      expect(result.nullReasons[field]).toMatch(/No review texts/);
    }
  });

  it("without Steam counts: onSteam and coverage are null, not 0", () => {
    const result = analyse([review()], null);
    expect(result.denominators.onSteam).toEqual({ count: null, source: null, observedAt: null });
    expect(result.collectedSample?.basis.coverage).toBeNull();
    expect(result.nullReasons.steamReviews).toMatch(/not collected/);
  });

  it("playtime at review not in the data: null with a reason, playtime at collection still given", () => {
    const result = analyse([review({ playtimeAtReviewMinutes: null, playtimeForeverMinutes: 125 })]);
    expect(result.playtimeAtReview).toBeNull();
    expect(result.nullReasons.playtimeAtReview).toMatch(/not in the collected/);
    expect(result.playtimeAtCollection).toMatchObject({ reviewsWithPlaytime: 1, positive: { medianMinutes: 125 } });
  });

  it("months, playtime quartiles (nearest rank), Early Access split and highlights", () => {
    const reviews = [
      review({ createdAt: "2019-01-31T23:59:59.000Z", playtimeAtReviewMinutes: 10, earlyAccess: true }),
      review({ createdAt: "2019-01-02T00:00:00.000Z", playtimeAtReviewMinutes: 20, votedUp: false, votesUp: 5, weightedVoteScore: 0.6 }),
      review({ createdAt: "2019-03-01T00:00:00.000Z", playtimeAtReviewMinutes: 30, votesUp: 2, weightedVoteScore: 0.5 }),
      review({ createdAt: "2019-03-05T00:00:00.000Z", playtimeAtReviewMinutes: 40, votesUp: 9, weightedVoteScore: 0.7 }),
      review({ createdAt: "2019-03-06T00:00:00.000Z", playtimeAtReviewMinutes: null }),
    ];
    const result = analyse(reviews);
    expect(result.sentimentOverTime?.months.map((m) => [m.month, m.observed.reviews, m.observed.votedUp])).toEqual([
      ["2019-01", 2, 1],
      ["2019-03", 3, 3],
    ]);
    expect(result.playtimeAtReview).toMatchObject({
      reviewsWithPlaytime: 4,
      positive: { reviews: 3, p25Minutes: 10, medianMinutes: 30, p75Minutes: 40 },
      negative: { reviews: 1, p25Minutes: 20, medianMinutes: 20, p75Minutes: 20 },
    });
    expect(result.earlyAccess).toMatchObject({ duringEarlyAccess: { reviews: 1, votedUp: 1 }, afterRelease: { reviews: 4, votedUp: 3 } });
    expect(result.highlights?.positive.map((h) => h.reviewId)).toEqual([reviews[3].id, reviews[2].id]);
    expect(result.highlights?.negative.map((h) => h.reviewId)).toEqual([reviews[1].id]);
    expect(result.playtimeAtCollection).toMatchObject({ reviewsWithPlaytime: 5, positive: { reviews: 4, medianMinutes: 600 } });
    expect(result.sentimentOverTime?.basis).toMatchObject({ writtenFrom: "2019-01-02", writtenTo: "2019-03-06", kind: "observed-and-modelled" });
  });
});
