// Independent recomputation of the analytics figures from raw `games` rows (not the game_metrics view):
// the metric rules as the docs state them, and percentile_cont's linear interpolation written out.
import type pg from "pg";
import { estimateGame } from "@/lib/market/estimates";
import { releaseMonthOf } from "@/lib/market/release-month";

export interface RawGame {
  app_id: number;
  name: string;
  release_year: number | null;
  release_date: string | null;
  release_precision: string | null;
  reviews_observed_at: string | null;
  reviews_total: number | null;
  reviews_positive: number | null;
  price_cents: number | null;
  initial_price_cents: number | null;
  is_free: boolean | null;
  currency: string | null;
  ccu: number | null;
  owners_low: number | null;
  owners_high: number | null;
  genres: string[];
  platforms: string[];
  coverage: string;
  tags: string[];
}

/** Games rows with their tags in rank order; `where` over alias g. */
export async function rawGames(db: pg.Client, where: string, params: unknown[] = []): Promise<RawGame[]> {
  const { rows } = await db.query(
    `SELECT g.app_id, g.name, g.release_year, to_char(g.release_date, 'YYYY-MM-DD') AS release_date, g.release_precision,
            g.reviews_total, g.reviews_positive, g.price_cents, g.initial_price_cents, g.is_free, g.currency, g.ccu, g.owners_low, g.owners_high,
            g.genres, g.platforms, g.coverage, g.sources -> 'reviews' ->> 'observedAt' AS reviews_observed_at,
            COALESCE((SELECT array_agg(t.slug ORDER BY gt.rank) FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = g.app_id), '{}') AS tags
     FROM games g WHERE ${where}`,
    params,
  );
  return rows;
}

export const tagged = (slug: string) =>
  `EXISTS (SELECT 1 FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = g.app_id AND t.slug = '${slug}')`;

/** PostgreSQL percentile_cont: position p*(n-1) in the sorted values, linear between neighbours. */
export function percentileCont(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
}

export type Metric = "reviews" | "rating" | "price" | "ccu" | "owners" | "revenue";

/** A game's value of a metric by the documented rules; `excluded` when the definition leaves it out. */
export function valueOf(game: RawGame, metric: Metric, ratingFloor = 10): number | null | "excluded" {
  switch (metric) {
    case "reviews":
      return game.reviews_total;
    case "rating":
      if (game.reviews_total === null || game.reviews_total === 0 || game.reviews_positive === null) return null;
      return game.reviews_total < ratingFloor ? "excluded" : game.reviews_positive / game.reviews_total;
    case "price":
      if (game.price_cents === null) return null;
      return game.currency === "USD" || game.price_cents === 0 ? game.price_cents : "excluded";
    case "ccu":
      return game.ccu;
    case "owners":
      return game.owners_low === null || game.owners_high === null ? null : Math.floor((game.owners_low + game.owners_high) / 2);
    case "revenue": {
      // the estimates module's TS form (rounded to whole dollars); the API uses its SQL form
      const { revenue } = estimateGame({
        appId: game.app_id,
        reviewsTotal: game.reviews_total,
        releaseYear: game.release_year,
        releaseMonth: releaseMonthOf(game.release_date, game.release_precision),
        initialPriceCents: game.initial_price_cents,
        priceCents: game.price_cents,
        currency: game.currency,
        isFree: game.is_free,
        sources: { reviews: game.reviews_observed_at ? { source: "", observedAt: game.reviews_observed_at } : null },
      });
      if (revenue.value !== null) return revenue.value;
      return game.reviews_total === null ? null : "excluded";
    }
  }
}

/** n, missing, excluded, sum, mean and the named quantiles of a metric over games. */
export function figures(games: RawGame[], metric: Metric, quantiles: [string, number][], ratingFloor = 10) {
  const values: number[] = [];
  let excluded = 0;
  for (const game of games) {
    const value = valueOf(game, metric, ratingFloor);
    if (value === "excluded") excluded++;
    else if (value !== null) values.push(value);
  }
  const sum = values.reduce((a, b) => a + b, 0);
  const out: Record<string, number | null> = {
    n: values.length,
    missing: games.length - values.length - excluded,
    excluded,
    sum: values.length && metric !== "rating" ? sum : null,
    mean: values.length ? sum / values.length : null,
  };
  for (const [name, p] of quantiles) out[name] = percentileCont(values, p);
  return out;
}

/**
 * Compares figures with a relative tolerance for floating point (sums and means of large counts); `rounding`
 * allows that much per value (revenue: the TS form rounds to whole dollars, the SQL form does not).
 */
export function expectClose(actual: Record<string, number | null>, expected: Record<string, number | null>, label: string, expect: any, rounding = 0) {
  for (const [key, value] of Object.entries(expected)) {
    const slack = rounding * (key === "sum" ? (expected.n ?? 1) : 1);
    if (value === null) expect(actual[key], `${label} ${key}`).toBeNull();
    else expect(Math.abs((actual[key] as number) - value), `${label} ${key}: ${actual[key]} vs ${value}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(value)) + slack);
  }
}
