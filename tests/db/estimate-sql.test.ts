// The SQL form of the estimates (aggregates read it through game_metrics) against the TypeScript form (the game
// detail), for a model that reads every feature: the committed fit may read none, and the forms must still agree
// when a refit adds them. Rows are game_metrics-shaped VALUES; no table is needed.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { estimateSql, multiplierOf, type EstimateSubject } from "@/lib/market/estimates";
import type { SalesModel } from "@/lib/market/estimates/sales-model";

const SERVER = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const MODEL: SalesModel = {
  intercept: Math.log(34),
  features: [
    { name: "reviews", mean: 9, weight: -0.08, min: 4, max: 13 },
    { name: "year", mean: 2019, weight: -0.05, min: 2013, max: 2023 },
    { name: "price", mean: 3, weight: 0.25, min: 1, max: 4 },
    { name: "age", mean: 0.5, weight: 0.2, min: -1, max: 2 },
  ],
};

type Row = { app_id: number; release_year: number | null; release_month: string | null; reviews_total: number; reviews_observed_at: string | null; currency: string | null; initial_price_cents: number | null; price_cents: number | null };
const ROWS: Row[] = [
  { app_id: 1_000_000, release_year: 2019, release_month: "2019-03", reviews_total: 1_000, reviews_observed_at: "2025-01-01", currency: "USD", initial_price_cents: 2_000, price_cents: 1_500 },
  { app_id: 250_000, release_year: 2013, release_month: null, reviews_total: 500_000, reviews_observed_at: "2018-07-01", currency: "USD", initial_price_cents: 999, price_cents: 999 },
  { app_id: 400_000, release_year: null, release_month: null, reviews_total: 20, reviews_observed_at: "2023-02-04", currency: "USD", initial_price_cents: null, price_cents: 99 },
  { app_id: 2_500_000, release_year: null, release_month: null, reviews_total: 3_000, reviews_observed_at: "2025-01-01", currency: "GBP", initial_price_cents: 1_999, price_cents: 1_999 },
  { app_id: 1_300_000, release_year: 2024, release_month: "2024-12", reviews_total: 40_000, reviews_observed_at: "2025-01-01", currency: "USD", initial_price_cents: 6_999, price_cents: 6_999 },
  { app_id: 700_000, release_year: 2008, release_month: "2008-11", reviews_total: 12, reviews_observed_at: null, currency: null, initial_price_cents: null, price_cents: null },
];

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: SERVER });
  await client.connect();
});
afterAll(async () => client?.end());

describe("estimates: SQL form = TypeScript form", () => {
  it("for a model reading reviews, year, price and age, on dated, undated, foreign-priced, unpriced and out-of-range rows", async () => {
    const e = estimateSql("m", MODEL);
    const values = Prisma.join(
      ROWS.map((r) => Prisma.sql`(${r.app_id}::int, ${r.release_year}::int, ${r.release_month}::text, ${r.reviews_total}::int, ${r.reviews_observed_at}::text, ${r.currency}::text, ${r.initial_price_cents}::int, ${r.price_cents}::int, false)`),
    );
    const query = Prisma.sql`SELECT m.app_id, ${e.sales} AS sales FROM (VALUES ${values})
      AS m(app_id, release_year, release_month, reviews_total, reviews_observed_at, currency, initial_price_cents, price_cents, is_free)`;
    let n = 0;
    const { rows } = await client.query(query.sql.replace(/\?/g, () => `$${++n}`), query.values);
    expect(rows).toHaveLength(ROWS.length);
    for (const row of ROWS) {
      const subject: EstimateSubject = {
        appId: row.app_id,
        reviewsTotal: row.reviews_total,
        releaseYear: row.release_year,
        releaseMonth: row.release_month,
        initialPriceCents: row.initial_price_cents,
        priceCents: row.price_cents,
        currency: row.currency,
        isFree: false,
        sources: { reviews: row.reviews_observed_at ? { source: "s", observedAt: row.reviews_observed_at } : null },
      };
      const ts = row.reviews_total * multiplierOf(subject, undefined, MODEL).multiplier;
      const sql = rows.find((r) => r.app_id === row.app_id)!.sales;
      expect(Math.abs(sql - ts) / ts, `app ${row.app_id}`).toBeLessThan(1e-9);
    }
    // the rows span the model: some clamp, some leave a feature unknown, so no term is vacuous
    const factors = ROWS.map((r) => multiplierOf({ appId: r.app_id, reviewsTotal: r.reviews_total, releaseYear: r.release_year, releaseMonth: r.release_month, initialPriceCents: r.initial_price_cents, priceCents: r.price_cents, currency: r.currency, isFree: false, sources: { reviews: r.reviews_observed_at ? { source: "s", observedAt: r.reviews_observed_at } : null } }, undefined, MODEL));
    expect(new Set(factors.map((f) => f.priceFactor.toFixed(6))).size).toBeGreaterThan(2);
    expect(factors.some((f) => f.outside.length > 0)).toBe(true);
    expect(factors.some((f) => f.ageFactor === 1)).toBe(true);
  });
});
