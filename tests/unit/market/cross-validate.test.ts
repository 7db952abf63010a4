import { describe, expect, it } from "vitest";
import { conformalHalfWidth, crossValidate, estimators, quantile, ridgeMultiplier, type CalibrationCase } from "@/lib/market/estimates/cross-validate";
import { reviewsOn } from "@/prisma/fit-estimates";

const c = (appId: number, reviews: number, reported: number): CalibrationCase => ({ appId, reviews, reported });

describe("cross-validation of sales estimators", () => {
  it("quantiles interpolate between order statistics; the conformal width is the ceil((n+1)0.8)-th residual", () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([10], 0.9)).toBe(10);
    expect(conformalHalfWidth([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])).toBe(0.8);
    expect(conformalHalfWidth([0.1, 0.2, 0.3])).toBe(Number.POSITIVE_INFINITY);
  });

  it("flat 35 is judged on every held-out title; a title at exactly 35 copies a review has zero error", () => {
    const cases = [c(1, 100, 3_500), c(2, 100, 7_000), c(3, 100, 1_750), c(4, 1_000, 35_000), c(5, 10, 350)];
    const r = crossValidate(cases, estimators.flat35);
    expect(r.cases).toBe(5);
    expect(r.residuals.map((x) => x.error)).toEqual([0, Math.log(2), Math.log(0.5), 0, 0]);
    expect(r.medianAbsLogError).toBe(0);
  });

  it("a fitted multiplier never sees the title it estimates (leave-one-out)", () => {
    // every title but one sells 50 per review; the odd one is estimated from the others, so at 50
    const cases = [c(1, 100, 5_000), c(2, 200, 10_000), c(3, 300, 15_000), c(4, 400, 20_000), c(5, 100, 20_000)];
    const r = crossValidate(cases, estimators.fittedMultiplier);
    expect(r.residuals.find((x) => x.appId === 5)!.error).toBeCloseTo(Math.log(20_000 / 5_000), 9);
    expect(r.residuals.find((x) => x.appId === 1)!.error).toBeCloseTo(0, 9);
  });

  it("a ridge multiplier learns how copies per review move with a feature, from the other titles only", () => {
    // copies per review = 20 x e^(feature): the fit recovers it for a held-out title inside the range
    const withFeature = (appId: number, reviews: number, x: number) => ({ ...c(appId, reviews, Math.round(reviews * 20 * Math.exp(x))), x });
    const cases = [0, 0.5, 1, 1.5, 2, 2.5, 3].map((x, i) => withFeature(i + 1, 1_000 * (i + 1), x));
    const r = crossValidate(cases, ridgeMultiplier((k: (typeof cases)[number]) => [k.x], 0.001));
    expect(Math.abs(r.residuals.find((x) => x.appId === 4)!.error)).toBeLessThan(0.01);
    // a large penalty shrinks it to one multiplier (the training titles' mean log copies per review)
    const flat = crossValidate(cases, ridgeMultiplier((k: (typeof cases)[number]) => [k.x], 1e9));
    expect(Math.abs(flat.residuals.find((x) => x.appId === 4)!.error)).toBeLessThan(0.3);
    expect(Math.abs(flat.residuals.find((x) => x.appId === 1)!.error)).toBeGreaterThan(1);
  });

  it("reviews at a figure's date are interpolated between observations, else taken from the nearest, with the gap to the nearest", () => {
    const points = [{ day: "2023-02-04", reviews: 1_000 }, { day: "2025-01-01", reviews: 3_000 }];
    const mid = reviewsOn("2024-01-18", points);
    expect(mid.gapDays).toBe(348);
    expect(mid.reviews).toBeGreaterThan(1_900);
    expect(mid.reviews).toBeLessThan(2_100);
    expect(reviewsOn("2025-04-01", points)).toEqual({ reviews: 3_000, gapDays: 90 });
    expect(reviewsOn("2022-02-04", points)).toEqual({ reviews: 1_000, gapDays: 365 });
  });
});
