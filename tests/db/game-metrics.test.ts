// game_metrics, the derived table analytics read: filled from `games`, stored revenue equal to the
// estimates module, one basis key per combination of sources, rebuilt when its definition changes.
import { describe, expect, it } from "vitest";
import { ensureGameMetrics } from "../../lib/market/aggregates/refresh-metrics";
import { estimateGame } from "../../lib/market/estimates";
import { useMigratedDatabase } from "../support/migrated-database";

const spy = (day: string) => ({ source: `steamspy-${day}`, observedAt: day });

// app id, reviews, year, price (USD cents), free, sources
const GAMES = [
  [10, 5_000, 2015, 999, false, { reviews: spy("2025-01-01"), price: spy("2025-01-01"), ccu: spy("2025-01-01"), owners: spy("2025-01-01") }],
  [20, 120, null, 1999, false, { reviews: spy("2025-01-01"), price: spy("2025-01-01"), ccu: spy("2025-01-01"), owners: spy("2025-01-01") }],
  [30, 40_000, 2019, 0, true, { reviews: spy("2023-02-04"), price: spy("2023-02-04"), ccu: spy("2023-02-04"), owners: spy("2023-02-04") }],
  [40, 3, 2021, 499, false, { reviews: spy("2025-01-01"), price: spy("2025-01-01"), ccu: spy("2025-01-01"), owners: spy("2025-01-01") }],
] as const;

const db = useMigratedDatabase();
const query = (text: string, values?: unknown[]) => db.client.query(text, values);

describe("game_metrics", () => {
  it("is left alone while there are no games", async () => {
    expect(await ensureGameMetrics(query)).toBe(false);
  });

  it("is filled from games once they exist, with the estimates module's revenue and shared basis keys", async () => {
    for (const [appId, reviews, year, price, free, sources] of GAMES) {
      await db.client.query(
        `INSERT INTO games (app_id, name, slug, release_year, price_cents, initial_price_cents, currency, is_free,
           reviews_total, reviews_positive, rating, ccu, owners_low, owners_high, sources)
         VALUES ($1, $2, $3, $4, $5, $5, 'USD', $6, $7, $8, 0.9, 7, 20000, 50000, $9)`,
        [appId, `Game ${appId}`, `game-${appId}`, year, price, free, reviews, Math.round(reviews * 0.9), JSON.stringify(sources)],
      );
    }
    expect(await ensureGameMetrics(query)).toBe(true);
    const { rows } = await db.client.query("SELECT app_id, revenue_usd, basis_key, owners_mid FROM game_metrics ORDER BY app_id");
    expect(rows.map((r) => r.app_id)).toEqual([10, 20, 30, 40]);
    for (const [appId, reviews, year, price, free] of GAMES) {
      const expected = estimateGame({ appId, reviewsTotal: reviews, releaseYear: year, initialPriceCents: price, priceCents: price, currency: "USD", isFree: free });
      const row = rows.find((r) => r.app_id === appId)!;
      if (expected.revenue.value === null) expect(row.revenue_usd).toBeNull();
      else expect(Math.abs(row.revenue_usd - expected.revenue.value)).toBeLessThanOrEqual(0.5); // TS rounds to dollars
    }
    expect(rows.filter((r) => r.revenue_usd !== null).map((r) => r.app_id)).toEqual([10, 20]);
    const keys = rows.map((r) => r.basis_key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(keys[3]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(rows[0].owners_mid).toBe("35000");
  });

  it("is not rebuilt again while its definition is unchanged", async () => {
    await db.client.query("INSERT INTO games (app_id, name, slug) VALUES (50, 'Later', 'later')");
    expect(await ensureGameMetrics(query)).toBe(false);
    expect((await db.client.query("SELECT count(*)::int AS n FROM game_metrics")).rows[0].n).toBe(4);
  });

  it("is rebuilt when it was computed by another definition (an upgrade changed metrics or estimates)", async () => {
    await db.client.query("UPDATE game_metrics SET definition_digest = 'an-older-definition'");
    expect(await ensureGameMetrics(query)).toBe(true);
    const { rows } = await db.client.query("SELECT count(*)::int AS n, count(DISTINCT definition_digest)::int AS digests, bool_or(definition_digest = 'an-older-definition') AS old FROM game_metrics");
    expect(rows[0]).toEqual({ n: 5, digests: 1, old: false });
  });
});
