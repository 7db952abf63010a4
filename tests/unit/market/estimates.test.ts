import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateGame, multiplierOf, type EstimateSubject } from "@/lib/market/estimates";
import { inferYearFromAppId } from "@/lib/market/estimates/multiplier-table";

const game = (over: Partial<EstimateSubject> = {}): EstimateSubject => ({
  appId: 1_000_000,
  reviewsTotal: 1_000,
  releaseYear: 2019,
  initialPriceCents: 2_000,
  priceCents: 2_000,
  currency: "USD",
  isFree: false,
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

describe("review-multiplier estimates", () => {
  it("a 2019 game with 1,000 reviews at $20: 35 copies a review, revenue at 65% of the full price", () => {
    const { sales, revenue } = estimateGame(game({ sources: { reviews: { source: "steamspy-2025-01-01", observedAt: "2025-01-01" } } }));
    expect(sales).toMatchObject({ value: 35_000, low: 9_800, high: 124_250, unit: "copies", method: "review-multiplier-v3", reason: null });
    expect(sales.basis.reviews).toEqual({ source: "steamspy-2025-01-01", observedAt: "2025-01-01" });
    expect(revenue).toMatchObject({ value: 455_000, low: 127_400, high: 1_615_250, unit: "USD" });
    expect(sales.inputs).toMatchObject({ multiplierYear: 2019, yearInferred: false, yearMultiplier: 35, volumeFactor: 1, priceFactor: 1 });
  });

  it("older games sell more copies per review; the multiplier falls year by year to 2020", () => {
    const perYear = [2012, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2024].map((year) => multiplierOf(game({ releaseYear: year })).multiplier);
    for (let i = 1; i < perYear.length; i++) expect(perYear[i]).toBeLessThanOrEqual(perYear[i - 1]!);
    expect(perYear[0]).toBe(80);
    expect(perYear.at(-1)).toBe(30);
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

  it("is bounded: 20 to 106 copies a review, and low <= value <= high", () => {
    fc.assert(
      fc.property(subject, (s) => {
        const { sales, revenue } = estimateGame(s);
        const perReview = sales.value! / s.reviewsTotal;
        expect(perReview).toBeGreaterThanOrEqual(30 * 0.8 * 0.85 - 0.01);
        expect(perReview).toBeLessThanOrEqual(80 * 1.1 * 1.2 + 0.01);
        expect(sales.low!).toBeLessThanOrEqual(sales.value!);
        expect(sales.high!).toBeGreaterThanOrEqual(sales.value!);
        if (revenue.value !== null) expect(revenue.low!).toBeLessThanOrEqual(revenue.value);
      }),
    );
  });

  it("infers the year from the app id where no release date was collected; the calibrated interval is the same width", () => {
    expect(inferYearFromAppId(570)).toBe(2013);
    expect(inferYearFromAppId(400_000)).toBe(2015);
    expect(inferYearFromAppId(1_500_000)).toBe(2020);
    const { sales } = estimateGame(game({ releaseYear: null, appId: 400_000 }));
    expect(sales.inputs).toMatchObject({ releaseYear: null, multiplierYear: 2015, yearInferred: true, yearMultiplier: 65 });
    expect(sales.low! / sales.value!).toBeCloseTo(0.28, 3);
    expect(sales.high! / sales.value!).toBeCloseTo(3.55, 3);
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
    expect(sales.value).toBe(35_000);
    expect(revenue).toMatchObject({ value: null, reason: expect.stringMatching(/GBP/) });
  });
});
