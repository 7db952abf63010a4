// GET /games/{appId}?asOf=YYYY-MM-DD: estimates of a day from the review observations around it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";

let db: pg.Client;
let appId: number;
let counts: Record<string, number>;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
  // a paid USD game with review counts in both SteamSpy snapshots
  const { rows } = await db.query(`
    SELECT g.app_id, s23.reviews_positive + s23.reviews_negative AS r23, s25.reviews_positive + s25.reviews_negative AS r25
    FROM games g
    JOIN snapshots s23 ON s23.app_id = g.app_id AND s23.source = 'steamspy-2023-02-04'
    JOIN snapshots s25 ON s25.app_id = g.app_id AND s25.source = 'steamspy-2025-01-01'
    WHERE g.currency = 'USD' AND g.price_cents > 0 AND NOT coalesce(g.is_free, false)
      AND s23.reviews_positive + s23.reviews_negative >= 1000
      AND s25.reviews_positive + s25.reviews_negative > 2 * (s23.reviews_positive + s23.reviews_negative)
    ORDER BY g.app_id LIMIT 1`);
  appId = rows[0].app_id;
  counts = { "2023-02-04": Number(rows[0].r23), "2025-01-01": Number(rows[0].r25) };
});
afterAll(async () => db?.end());

const estimatesOn = async (day?: string) => {
  const res = await api(`/games/${appId}${day ? `?asOf=${day}` : ""}`);
  expectSuccess(res, { list: false });
  return res.body.data.estimates;
};

describe("estimates as of a day", () => {
  it("between two snapshots: the review count is interpolated, both observations named, fewer copies than today", async () => {
    const today = await estimatesOn();
    const { sales, revenue } = await estimatesOn("2024-01-18");
    expect(sales.asOf).toBe("2024-01-18");
    expect(sales.basis.observations).toEqual([
      { source: "steamspy-2023-02-04", observedAt: "2023-02-04", reviewsTotal: counts["2023-02-04"] },
      { source: "steamspy-2025-01-01", observedAt: "2025-01-01", reviewsTotal: counts["2025-01-01"] },
    ]);
    expect(sales.inputs.reviewsTotal).toBeGreaterThan(counts["2023-02-04"]!);
    expect(sales.inputs.reviewsTotal).toBeLessThan(counts["2025-01-01"]!);
    expect(sales.note).toMatch(/interpolated between 2023-02-04/);
    expect(sales.value).toBeLessThan(today.sales.value);
    expect(sales.low).toBeLessThan(sales.value);
    expect(sales.high).toBeGreaterThan(sales.value);
    expect(revenue.asOf).toBe("2024-01-18");
    expect(today.sales.asOf).toBeUndefined();
  });

  it("on a snapshot's day it uses that snapshot alone", async () => {
    const { sales } = await estimatesOn("2023-02-04");
    expect(sales.inputs.reviewsTotal).toBe(counts["2023-02-04"]);
    expect(sales.basis.observations).toHaveLength(1);
    expect(sales.basis.reviews).toEqual({ source: "steamspy-2023-02-04", observedAt: "2023-02-04" });
  });

  it("after the last snapshot it is today's estimate and says it is not extrapolated", async () => {
    const today = await estimatesOn();
    const { sales } = await estimatesOn("2026-06-30");
    expect(sales.value).toBe(today.sales.value);
    expect(sales.note).toMatch(/after the last review observation \(2025-01-01.*not extrapolated/);
  });

  it("before any review observation there is no estimate, with the reason", async () => {
    const { sales, revenue } = await estimatesOn("2005-01-01");
    expect(sales).toMatchObject({ value: null, low: null, high: null, asOf: "2005-01-01" });
    expect(sales.reason).toMatch(/no Steam review count observed on or before 2005-01-01/);
    expect(revenue.value).toBeNull();
  });

  it("before the first observation of a game dated by the store: reviews accrued from the release, fewer copies than at the first", async () => {
    // a paid game released (to the day) in 2020 whose first review observation is SteamSpy's of 2023-02-04
    const { rows } = await db.query(`
      SELECT g.app_id, to_char(g.release_date, 'YYYY-MM-DD') AS released, s23.reviews_positive + s23.reviews_negative AS r23
      FROM games g JOIN snapshots s23 ON s23.app_id = g.app_id AND s23.source = 'steamspy-2023-02-04'
      WHERE g.release_precision = 'day' AND g.release_year = 2020 AND g.currency = 'USD' AND g.price_cents > 0
        AND NOT coalesce(g.is_free, false) AND s23.reviews_positive + s23.reviews_negative >= 1000
        AND NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.app_id = g.app_id AND s.observed_on < '2023-02-04'
                        AND s.reviews_positive IS NOT NULL AND s.reviews_negative IS NOT NULL)
      ORDER BY g.app_id LIMIT 1`);
    const game = rows[0];
    const on = async (day: string) => {
      const res = await api(`/games/${game.app_id}?asOf=${day}`);
      expectSuccess(res, { list: false });
      return res.body.data.estimates.sales;
    };
    const early = await on("2021-12-31");
    const first = await on("2023-02-04");
    expect(early.inputs.reviewsTotal).toBeGreaterThan(0);
    expect(early.inputs.reviewsTotal).toBeLessThan(Number(game.r23));
    expect(early.value).toBeLessThan(first.value);
    expect(early.note).toMatch(/before the first review observation \(2023-02-04.*accrued from zero at the release/);
    expect(early.basis.observations).toEqual([{ source: "steamspy-2023-02-04", observedAt: "2023-02-04", reviewsTotal: Number(game.r23) }]);
    // the day before its release has no estimate
    const before = await on(`${Number(game.released.slice(0, 4)) - 1}-06-01`);
    expect(before).toMatchObject({ value: null, reason: expect.stringMatching(/not after the release/) });
  });

  it("the history carries the estimate at each snapshot, the same as the detail asOf that day", async () => {
    const res = await api(`/games/${appId}/history`);
    expectSuccess(res, { list: false });
    const points = res.body.data.estimates as any[];
    const days = res.body.data.reviews.points.filter((p: any) => p.values !== null).map((p: any) => p.observedOn);
    expect(points.map((p) => p.observedOn)).toEqual(days);
    for (const point of points) {
      const detail = await estimatesOn(point.observedOn);
      expect(point.estimates.sales.value).toBe(detail.sales.value);
      expect(point.estimates.sales.basis.reviews.observedAt).toBe(point.observedOn);
      expect(point.estimates.revenue.value).toBe(detail.revenue.value);
    }
    const [older, newer] = points.slice(-2);
    expect(newer.estimates.sales.value).toBeGreaterThan(older.estimates.sales.value);
  });

  it("a day that is not YYYY-MM-DD, or not in the calendar, is BAD_REQUEST naming asOf", async () => {
    for (const bad of ["2024-02-30", "2024-1-5", "yesterday", ""]) {
      expectError(await api(`/games/${appId}?asOf=${bad}`), 400, "BAD_REQUEST", "asOf");
    }
  });
});
