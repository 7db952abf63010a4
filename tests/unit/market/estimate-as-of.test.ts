import { describe, expect, it } from "vitest";
import { estimateGame, estimateGameAsOf, reviewsOn, type EstimateSubject, type ReviewObservation } from "@/lib/market/estimates";

const obs: ReviewObservation[] = [
  { source: "steamspy-2025-01-01", observedAt: "2025-01-01", reviewsTotal: 3_000 },
  { source: "steam-review-stats-2021", observedAt: "2018-07-01", reviewsTotal: 100 },
  { source: "steamspy-2023-02-04", observedAt: "2023-02-04", reviewsTotal: 1_000 },
];
const subject: EstimateSubject = {
  appId: 1_000_000, reviewsTotal: 3_000, releaseYear: 2019, initialPriceCents: 2_000, priceCents: 2_000, currency: "USD", isFree: false,
};

describe("estimates as of a day", () => {
  it("takes the observation of that day, else interpolates between the two around it", () => {
    expect(reviewsOn("2023-02-04", obs)).toMatchObject({ reviewsTotal: 1_000, used: [obs[2]], note: null });
    const mid = reviewsOn("2024-01-18", obs);
    expect(mid.used.map((o) => o.observedAt)).toEqual(["2023-02-04", "2025-01-01"]);
    expect(mid.reviewsTotal).toBe(Math.round(1_000 + (348 / 697) * 2_000));
    expect("note" in mid && mid.note).toMatch(/interpolated between 2023-02-04 .* and 2025-01-01/);
  });

  it("after the last observation uses it and says so; before the first, none without a release to accrue from", () => {
    const late = reviewsOn("2026-03-01", obs);
    expect(late).toMatchObject({ reviewsTotal: 3_000, used: [obs[0]] });
    expect("note" in late && late.note).toMatch(/after the last review observation \(2025-01-01.*not extrapolated/);
    const early = reviewsOn("2017-01-01", obs);
    expect(early).toMatchObject({ reviewsTotal: null, used: [obs[1]] });
    expect("reason" in early && early.reason).toMatch(/no Steam review count observed on or before 2017-01-01: the first is of 2018-07-01/);
    expect(reviewsOn("2024-01-01", [])).toMatchObject({ reviewsTotal: null, reason: "no Steam review counts collected" });
  });

  it("the estimate of a day is the method applied to that day's count, with the observations named", () => {
    const { sales, revenue } = estimateGameAsOf(subject, obs, "2024-01-18");
    const count = reviewsOn("2024-01-18", obs).reviewsTotal!;
    expect(sales.value).toBe(estimateGame({ ...subject, reviewsTotal: count }).sales.value);
    expect(sales).toMatchObject({ asOf: "2024-01-18", reason: null, inputs: { reviewsTotal: count } });
    expect(sales.basis.reviews).toEqual({ source: "steamspy-2025-01-01", observedAt: "2025-01-01" });
    expect(sales.basis.observations?.map((o) => o.reviewsTotal)).toEqual([1_000, 3_000]);
    expect(revenue.asOf).toBe("2024-01-18");
    const early = estimateGameAsOf(subject, obs, "2010-05-05");
    expect(early.sales).toMatchObject({ value: null, low: null, high: null, asOf: "2010-05-05" });
    expect(early.sales.reason).toMatch(/on or before 2010-05-05/);
    expect(early.revenue.reason).toBe(early.sales.reason);
  });
});
