import { getPrisma } from "../../db/prisma-client";
import { estimateGameAsOf, type Estimates, type ReviewObservation } from "../estimates";
import type { SourceTag } from "../ingest/merge-game";
import { releaseMonthOf } from "../release-month";

export interface EstimatePoint {
  source: string;
  observedOn: string;
  estimates: Estimates;
}

interface SubjectRow {
  release_year: number | null;
  release_date: string | null;
  release_precision: string | null;
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
    SELECT release_year, to_char(release_date, 'YYYY-MM-DD') AS release_date, release_precision, initial_price_cents, price_cents, currency, is_free, sources->'price' AS price_source
    FROM games WHERE app_id = ${appId}`;
  if (!row) return [];
  const subject = {
    appId,
    reviewsTotal: null,
    releaseYear: row.release_year,
    releaseMonth: releaseMonthOf(row.release_date, row.release_precision),
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
