import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateGame, estimateGameAsOf, multiplierOf, type EstimateSubject } from "@/lib/market/estimates";
import { FITTED_MODEL } from "@/lib/market/estimates/fitted-model";
import { inferYearFromAppId } from "@/lib/market/estimates/method-constants";

const game = (over: Partial<EstimateSubject> = {}): EstimateSubject => ({
  appId: 1_000_000,
  reviewsTotal: 1_000,
  releaseYear: 2019,
  releaseMonth: "2019-03",
  initialPriceCents: 2_000,
  priceCents: 2_000,
  currency: "USD",
  isFree: false,
  sources: { reviews: { source: "steamspy-2025-01-01", observedAt: "2025-01-01" } },
  ...over,
});

const subject = fc.record({
  appId: fc.integer({ min: 1, max: 3_000_000 }),
  reviewsTotal: fc.integer({ min: 10, max: 10_000_000 }),
  releaseYear: fc.option(fc.integer({ min: 1997, max: 2030 }), { nil: null }),
  initialPriceCents: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  priceCents: fc.integer({ min: 1, max: 100_000 }),
  currency: fc.constantFrom("USD", "GBP", null),
  isFree: fc.constant(false),
});

describe("sales estimates (review-model-v6)", () => {
  it("a game with 1,000 reviews: reviews x the fitted copies per review; revenue at 65% of the full price; the fitted interval", () => {
    const { sales, revenue } = estimateGame(game());
    const multiplier = multiplierOf(game()).multiplier;
    // the committed fit (prisma/fit-estimates.ts): one multiplier, about 34 copies a review
    expect(multiplier).toBeGreaterThan(20);
    expect(multiplier).toBeLessThan(60);
    const value = Math.round(1_000 * multiplier);
    expect(sales).toMatchObject({ value, unit: "copies", method: "review-model-v6", interval: 0.8, reason: null });
    expect(sales.low).toBe(Math.round(1_000 * multiplier * FITTED_MODEL.interval.low));
    expect(sales.high).toBe(Math.round(1_000 * multiplier * FITTED_MODEL.interval.high));
    expect(sales.basis.reviews).toEqual({ source: "steamspy-2025-01-01", observedAt: "2025-01-01" });
    expect(revenue.value).toBe(Math.round(1_000 * multiplier * 20 * 0.65));
    expect(sales.inputs).toMatchObject({ multiplierYear: 2019, yearInferred: false, priceCents: 2_000, ageYears: 5.8 });
  });

  it("the multiplier is the product of its factors, each reported", () => {
    const inputs = multiplierOf(game());
    expect(inputs.multiplier).toBeCloseTo(inputs.yearMultiplier * inputs.volumeFactor * inputs.priceFactor * inputs.ageFactor, 9);
  });

  it("is monotonic in reviews: more reviews never mean fewer estimated copies", () => {
    fc.assert(
      fc.property(subject, fc.integer({ min: 0, max: 1_000_000 }), (s, more) => {
        const a = estimateGame(s).sales.value!;
        const b = estimateGame({ ...s, reviewsTotal: s.reviewsTotal + more }).sales.value!;
        expect(b).toBeGreaterThanOrEqual(a);
      }),
    );
  });

  it("is bounded: a few to a couple of hundred copies a review, and low <= value <= high", () => {
    fc.assert(
      fc.property(subject, (s) => {
        const { sales, revenue } = estimateGame(s);
        const perReview = sales.value! / s.reviewsTotal;
        expect(perReview).toBeGreaterThan(5);
        expect(perReview).toBeLessThan(200);
        expect(sales.low!).toBeLessThanOrEqual(sales.value!);
        expect(sales.high!).toBeGreaterThanOrEqual(sales.value!);
        if (revenue.value !== null) expect(revenue.low!).toBeLessThanOrEqual(revenue.value);
      }),
    );
  });

  it("infers the year from the app id where no release date was collected", () => {
    expect(inferYearFromAppId(570)).toBe(2013);
    expect(inferYearFromAppId(400_000)).toBe(2015);
    expect(inferYearFromAppId(1_200_000)).toBe(2020);
    expect(inferYearFromAppId(1_500_000)).toBe(2022);
    expect(inferYearFromAppId(2_500_000)).toBe(2023);
    const { sales } = estimateGame(game({ releaseYear: null, releaseMonth: null, appId: 400_000 }));
    expect(sales.inputs).toMatchObject({ releaseYear: null, multiplierYear: 2015, yearInferred: true, ageYears: 9.51 });
  });

  it("makes no estimate, and says why, where the method does not apply", () => {
    expect(estimateGame(game({ reviewsTotal: null })).sales).toMatchObject({ value: null, low: null, high: null, reason: "no Steam review counts collected" });
    expect(estimateGame(game({ reviewsTotal: 9 })).sales.reason).toMatch(/fewer than 10/);
    const free = estimateGame(game({ isFree: true, priceCents: 0, initialPriceCents: 0 }));
    expect(free.sales.value).toBeNull();
    expect(free.revenue.reason).toMatch(/free to play/);
  });

  it("estimates sales but not revenue from a price in another currency", () => {
    const { sales, revenue } = estimateGame(game({ currency: "GBP" }));
    expect(sales.value).toBe(estimateGame(game()).sales.value);
    expect(revenue).toMatchObject({ value: null, reason: expect.stringMatching(/GBP/) });
  });

  it("before the first review observation, accrues the count from zero at the release and says so", () => {
    const observations = [{ source: "steam-review-stats-2021", observedAt: "2018-07-01", reviewsTotal: 10_000 }];
    const released = game({ releaseYear: 2015, releaseMonth: "2015-07" });
    const { sales } = estimateGameAsOf(released, observations, "2016-07-15");
    // a year after the release, three years before the observation: 10,000 x (1 / 2.96)^p
    const expected = Math.round(10_000 * ((366 / 1082) ** FITTED_MODEL.accrualExponent));
    expect(sales.inputs?.reviewsTotal).toBe(expected);
    expect(sales.note).toMatch(/before the first review observation \(2018-07-01.*accrued from zero at the release \(2015-07-15\)/);
    const undated = estimateGameAsOf(game({ releaseYear: null, releaseMonth: null, appId: 400_000 }), observations, "2016-07-15");
    expect(undated.sales.note).toMatch(/mid-2015 as the app id dates it/);
    const beforeRelease = estimateGameAsOf(released, observations, "2015-01-01");
    expect(beforeRelease.sales).toMatchObject({ value: null, reason: expect.stringMatching(/not after the release/) });
  });
});
