import { describe, expect, it } from "vitest";
import { reviewsOn } from "@/lib/market/estimates";
import { conformalHalfWidth, crossValidate, estimators, quantile, type CalibrationCase } from "@/lib/market/estimates/cross-validate";
import { fitSalesModel, predictCopies, type ModelCase } from "@/lib/market/estimates/sales-model";

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

  it("the ridge model learns how copies per review move with a feature, from the other titles only", () => {
    // copies per review = 20 x e^(0.8 x ln price): the fit recovers it for a held-out title inside the range
    const withPrice = (appId: number, reviews: number, lnPrice: number) => ({
      ...c(appId, reviews, Math.round(reviews * 20 * Math.exp(0.8 * lnPrice))),
      features: [Math.log(reviews), 2020, lnPrice, 0] as const,
    });
    const cases = [0, 0.5, 1, 1.5, 2, 2.5, 3].map((x, i) => withPrice(i + 1, 1_000, x));
    const fitted = (lambda: number) => (training: readonly ModelCase[]) => {
      const model = fitSalesModel(training, lambda);
      return (k: ModelCase) => predictCopies(model, k);
    };
    const r = crossValidate(cases, fitted(0.001));
    expect(Math.abs(r.residuals.find((x) => x.appId === 4)!.error)).toBeLessThan(0.01);
    expect(fitSalesModel(cases, 0.001).features.find((f) => f.name === "price")!.weight).toBeCloseTo(0.8, 2);
    // a large penalty shrinks it to one multiplier (the training titles' mean log copies per review)
    const flat = crossValidate(cases, fitted(1e9));
    expect(Math.abs(flat.residuals.find((x) => x.appId === 4)!.error)).toBeLessThan(0.3);
    expect(Math.abs(flat.residuals.find((x) => x.appId === 1)!.error)).toBeGreaterThan(1);
  });

  it("a value outside the training range is clamped to it: the model does not extrapolate", () => {
    const cases = [0, 1, 2].map((x, i) => ({ ...c(i + 1, 1_000, Math.round(1_000 * 20 * Math.exp(x))), features: [Math.log(1_000), 2020, x, 0] }));
    const model = fitSalesModel(cases, 0.001);
    const atEdge = predictCopies(model, { reviews: 1_000, features: [Math.log(1_000), 2020, 2, 0] });
    expect(predictCopies(model, { reviews: 1_000, features: [Math.log(1_000), 2020, 9, 0] })).toBeCloseTo(atEdge, 6);
  });

  it("reviews on a day: interpolated between observations, the last one after it, accrued from the release before the first", () => {
    const observations = [
      { source: "steamspy-2023-02-04", observedAt: "2023-02-04", reviewsTotal: 1_000 },
      { source: "steamspy-2025-01-01", observedAt: "2025-01-01", reviewsTotal: 3_000 },
    ];
    const mid = reviewsOn("2024-01-18", observations);
    expect(mid.reviewsTotal).toBeGreaterThan(1_900);
    expect(mid.reviewsTotal).toBeLessThan(2_100);
    expect(mid.used).toHaveLength(2);
    expect(reviewsOn("2025-04-01", observations)).toMatchObject({ reviewsTotal: 3_000, note: expect.stringMatching(/not extrapolated/) });
    // released mid-2021: on 2022-02-04, 7 of the 19 months to the first observation, with reviews ~ age^0.5
    const early = reviewsOn("2022-02-04", observations, { year: 2021, month: "2021-07" }, 0.5);
    expect(early.reviewsTotal).toBeGreaterThan(1_000 * Math.sqrt(0.3));
    expect(early.reviewsTotal).toBeLessThan(1_000 * Math.sqrt(0.4));
    expect(early).toMatchObject({ note: expect.stringMatching(/accrued from zero at the release/) });
    expect(reviewsOn("2022-02-04", observations, null)).toMatchObject({ reviewsTotal: null, reason: expect.stringMatching(/no release to count from/) });
    expect(reviewsOn("2021-01-01", observations, { year: 2021, month: "2021-07" })).toMatchObject({ reviewsTotal: null, reason: expect.stringMatching(/not after the release/) });
  });
});
