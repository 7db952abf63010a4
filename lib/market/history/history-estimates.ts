import { getPrisma } from "../../db/prisma-client";
import { estimateGameAsOf, type Estimates, type ReviewObservation } from "../estimates";
import type { SourceTag } from "../ingest/merge-game";

export interface EstimatePoint {
  source: string;
  observedOn: string;
  estimates: Estimates;
}

interface SubjectRow {
  release_year: number | null;
  initial_price_cents: number | null;
  price_cents: number | null;
  currency: string | null;
  is_free: boolean | null;
  price_source: SourceTag | null;
}

/** The estimates as of each observation that counted reviews (the method applied to that day's count). */
export async function estimatesAtObservations(appId: number, observations: ReviewObservation[]): Promise<EstimatePoint[]> {
  if (observations.length === 0) return [];
  const [row] = await getPrisma().$queryRaw<SubjectRow[]>`
    SELECT release_year, initial_price_cents, price_cents, currency, is_free, sources->'price' AS price_source
    FROM games WHERE app_id = ${appId}`;
  if (!row) return [];
  const subject = {
    appId,
    reviewsTotal: null,
    releaseYear: row.release_year,
    initialPriceCents: row.initial_price_cents,
    priceCents: row.price_cents,
    currency: row.currency,
    isFree: row.is_free,
    sources: { price: row.price_source },
  };
  return observations.map((o) => ({
    source: o.source,
    observedOn: o.observedAt,
    estimates: estimateGameAsOf(subject, [o], o.observedAt),
  }));
}
