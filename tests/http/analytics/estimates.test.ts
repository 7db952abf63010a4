// The estimates in GET /games/{appId} against the SQL form of the same method (aggregates use that form).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { estimateSql } from "@/lib/market/estimates";
import { api } from "../../support/http";

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());


describe("estimates in the game detail", () => {
  it("equal the SQL form of the method for a spread of real games (free, dated, undated, GBP, few reviews)", async () => {
    // the SQL form reads game_metrics' columns (release month, the review count's day), as the aggregates do
    const e = estimateSql("g");
    const select = Prisma.sql`SELECT g.app_id, ${e.sales} AS sales, ${e.salesLow} AS low, ${e.salesHigh} AS high, ${e.revenue} AS revenue FROM game_metrics g
      WHERE g.app_id IN (SELECT app_id FROM (
        (SELECT app_id FROM games WHERE release_year IS NOT NULL AND reviews_total >= 10 ORDER BY app_id LIMIT 8)
        UNION ALL (SELECT app_id FROM games WHERE release_year IS NULL AND reviews_total >= 10 ORDER BY reviews_total DESC LIMIT 8)
        UNION ALL (SELECT app_id FROM games WHERE is_free ORDER BY reviews_total DESC NULLS LAST LIMIT 3)
        UNION ALL (SELECT app_id FROM games WHERE currency = 'GBP' AND reviews_total >= 10 LIMIT 3)
        UNION ALL (SELECT app_id FROM games WHERE reviews_total < 10 LIMIT 3)) s)`;
    let n = 0;
    const text = select.sql.replace(/\?/g, () => `$${++n}`);
    const { rows } = await db.query(text, select.values);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      const res = await api(`/games/${row.app_id}`);
      expect(res.status).toBe(200);
      const { sales, revenue } = res.body.data.estimates;
      if (row.sales === null) expect(sales.value).toBeNull();
      else {
        expect(Math.abs(sales.value - row.sales)).toBeLessThanOrEqual(1);
        expect(Math.abs(sales.low - row.low)).toBeLessThanOrEqual(1);
        expect(Math.abs(sales.high - row.high)).toBeLessThanOrEqual(1);
      }
      if (row.revenue === null) expect(revenue.value).toBeNull();
      else expect(Math.abs(revenue.value - row.revenue)).toBeLessThanOrEqual(1);
    }
  });

  it("carry method, inputs, basis and interval; a free game says why there is none", async () => {
    const dota = (await api("/games/570")).body.data.estimates;
    expect(dota.sales).toMatchObject({ value: null, method: "review-model-v6", interval: 0.8 });
    expect(dota.sales.reason).toMatch(/free to play/);
    const { rows } = await db.query("SELECT app_id, reviews_total FROM games WHERE release_year = 2018 AND currency = 'USD' AND initial_price_cents > 0 AND NOT is_free AND reviews_total >= 1000 ORDER BY app_id LIMIT 1");
    const paid = (await api(`/games/${rows[0].app_id}`)).body.data.estimates;
    expect(paid.sales.inputs).toMatchObject({ reviewsTotal: rows[0].reviews_total, releaseYear: 2018, yearInferred: false, multiplierYear: 2018 });
    const { multiplier, yearMultiplier, volumeFactor, priceFactor, ageFactor, ageYears } = paid.sales.inputs;
    expect(multiplier).toBeCloseTo(yearMultiplier * volumeFactor * priceFactor * ageFactor, 9);
    expect(paid.sales.value).toBe(Math.round(rows[0].reviews_total * multiplier));
    expect(ageYears).toBeGreaterThan(5);
    expect(paid.sales.basis.reviews.observedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(paid.sales.low).toBeLessThan(paid.sales.value);
    expect(paid.revenue.unit).toBe("USD");
  });

  it("are locked in the anonymous preview", async () => {
    const res = await api("/games/570", { token: null });
    expect(res.body.data.estimates).toBeNull();
    expect(res.body.meta.locked).toContain("estimates");
  });
});
