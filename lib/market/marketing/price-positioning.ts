import { Prisma } from "../../db/generated/client";
import { getPrisma } from "../../db/prisma-client";
import type { GameSummary } from "../game-schema";
import { cohortGames, cohortPair, describeCohort, round, SMALL_COHORT, type Cohort } from "./cohort";

/** The list price: the initial (undiscounted) price where a source gave one, else the current price. */
export const FULL_PRICE = Prisma.sql`coalesce(g.initial_price_cents, g.price_cents)`;

interface PriceRow {
  size: number;
  below: number;
  equal: number;
  free: number;
  discounted: number;
  quartiles: number[] | null;
  sources: Record<string, number> | null;
}

/**
 * Where the game's list price sits among its cohort's list prices in the same currency: the mid-rank
 * percentile 100 x (cheaper + half of equal) / cohort size, the game included.
 */
export async function pricePositioning(game: GameSummary, cohort: Cohort | null, cohortReason: string | null) {
  const fullPrice = game.price?.initialCents ?? game.price?.currentCents ?? null;
  const currency = game.price?.currency ?? null;
  const own = {
    fullPriceCents: fullPrice,
    currentPriceCents: game.price?.currentCents ?? null,
    currency,
    isFree: game.price?.isFree ?? null,
    discountPercent: game.price?.discountPercent ?? null,
    onSale: game.price ? (game.price.discountPercent ?? 0) > 0 : null,
    basis: game.sources.price ?? null,
  };
  const reason = fullPrice === null ? "no price collected for this game" : currency === null ? "price currency unknown" : cohortReason;
  if (reason || !cohort || fullPrice === null || currency === null) return { ...own, sameYear: null, allYears: null, reason };
  const [sameYear, allYears] = await cohortPair(cohort, (c) => priceCohort(c, fullPrice, currency));
  return { ...own, sameYear, allYears, reason: null };
}

async function priceCohort(cohort: Cohort, fullPrice: number, currency: string) {
  const [row] = await getPrisma().$queryRaw<PriceRow[]>`
    WITH c AS (SELECT ${FULL_PRICE} AS price, g.discount_percent, g.sources->'price'->>'source' AS source
               FROM ${cohortGames(cohort)} AND ${FULL_PRICE} IS NOT NULL AND g.currency = ${currency})
    SELECT count(*)::int AS size, count(*) FILTER (WHERE price < ${fullPrice})::int AS below,
      count(*) FILTER (WHERE price = ${fullPrice})::int AS equal, count(*) FILTER (WHERE price = 0)::int AS free,
      count(*) FILTER (WHERE discount_percent > 0)::int AS discounted,
      percentile_cont(ARRAY[0.25, 0.5, 0.75]::float8[]) WITHIN GROUP (ORDER BY price) AS quartiles,
      (SELECT json_object_agg(s.source, s.n) FROM (SELECT coalesce(source, 'unknown') AS source, count(*)::int AS n FROM c GROUP BY 1) s) AS sources
    FROM c`;
  const share = (n: number) => (row.size ? round(n / row.size) : null);
  return {
    definition: `${describeCohort(cohort)}, with a list price in ${currency}`,
    size: row.size,
    small: row.size < SMALL_COHORT,
    percentile: row.size ? round((100 * (row.below + 0.5 * row.equal)) / row.size, 1) : null,
    cheaper: row.below,
    samePrice: row.equal,
    quartilesCents: row.quartiles ? { p25: row.quartiles[0], median: row.quartiles[1], p75: row.quartiles[2] } : null,
    freeShare: share(row.free),
    onSaleShare: share(row.discounted),
    priceSources: row.sources ?? {},
  };
}
