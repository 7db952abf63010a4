import { notFound } from "../api/api-error";
import { Prisma } from "../db/generated/client";
import { getPool, preparedName } from "../db/prisma-client";
import { estimateGame, estimateGameAsOf, type EstimateSubject, type ReviewObservation } from "./estimates";
import { GAME_SUMMARY_COLUMNS, toGameSummary, type GameRow } from "./game-row";
import { releaseMonthOf } from "./release-month";
import type { GameDetail } from "./game-schema";

export interface DetailRow extends GameRow {
  store_details: Record<string, unknown> | null;
  review_texts: number;
  snapshots: GameDetail["snapshots"] | null;
}

/**
 * The detail statement: one game with its store details, review-text count and each source's latest snapshot
 * (a backward walk of the snapshots' primary key, no sort: a synced game has a row a day per source). Its text is
 * fixed (the app id is its one parameter), so it runs on the plain pg pool: the hottest read skips the
 * ORM's per-query work (bare-pg against bare-prisma in docs/benchmarks.md), with the same rows.
 */
const DETAIL_SQL = Prisma.sql`
    SELECT ${GAME_SUMMARY_COLUMNS}, g.store_details,
      (SELECT count(*)::int FROM reviews r WHERE r.app_id = g.app_id) AS review_texts,
      (SELECT json_agg(json_build_object(
          'source', s.source, 'observedAt', to_char(s.observed_on, 'YYYY-MM-DD'),
          'reviewsPositive', s.reviews_positive, 'reviewsNegative', s.reviews_negative,
          'ownersLow', s.owners_low, 'ownersHigh', s.owners_high, 'ccu', s.ccu, 'priceCents', s.price_cents,
          'initialPriceCents', s.initial_price_cents, 'discountPercent', s.discount_percent, 'players', s.players)
        ORDER BY s.observed_on, s.source)
        FROM (SELECT DISTINCT ON (source) * FROM snapshots WHERE app_id = g.app_id ORDER BY source DESC, observed_on DESC) s) AS snapshots
    FROM games g WHERE g.app_id = ${0}`;
const DETAIL_TEXT = DETAIL_SQL.text;

/** One game's detail; with `asOf` (YYYY-MM-DD) its estimates are of that day, from the review observations around it. */
export async function getGameDetail(appId: number, asOf?: string): Promise<GameDetail> {
  const name = await preparedName("ludex-game-detail");
  const [{ rows }, observations] = await Promise.all([
    getPool().query<DetailRow>({ name, text: DETAIL_TEXT, values: [appId] }),
    asOf ? reviewObservationsOf(appId) : Promise.resolve(undefined),
  ]);
  const row = rows[0];
  if (!row) throw notFound(`No game with appId ${appId}.`, "appId");
  return toGameDetail(row, asOf, observations);
}

/** Every snapshot that counted reviews (the detail carries only each source's latest): what `asOf` interpolates between. */
async function reviewObservationsOf(appId: number): Promise<ReviewObservation[]> {
  const { rows } = await getPool().query<ReviewObservation>(
    `SELECT source, to_char(observed_on, 'YYYY-MM-DD') AS "observedAt", reviews_positive + reviews_negative AS "reviewsTotal"
     FROM snapshots WHERE app_id = $1 AND reviews_positive IS NOT NULL AND reviews_negative IS NOT NULL ORDER BY observed_on, source`,
    [appId],
  );
  return rows;
}

/** The detail shape of a row of getGameDetail's statement (the bare benchmark server maps its rows with it too). */
export function toGameDetail(row: DetailRow, asOf?: string, observations?: ReviewObservation[]): GameDetail {
  const summary = toGameSummary(row);
  const subject: EstimateSubject = {
    appId: row.app_id,
    reviewsTotal: summary.reviews?.total ?? null,
    releaseYear: row.release_year,
    releaseMonth: releaseMonthOf(row.release_date, row.release_precision),
    initialPriceCents: row.initial_price_cents,
    priceCents: row.price_cents,
    currency: row.currency,
    isFree: row.is_free,
    sources: { reviews: row.sources?.reviews ?? null, price: row.sources?.price ?? null },
  };
  const snapshots: NonNullable<GameDetail["snapshots"]> = row.snapshots ?? [];
  return {
    ...summary,
    storeDetails: row.store_details,
    reviewTexts: { collected: row.review_texts },
    estimates: asOf ? estimateGameAsOf(subject, observations ?? reviewObservations(snapshots), asOf) : estimateGame(subject),
    snapshots,
  };
}

/** The snapshots that counted both positive and negative reviews. */
function reviewObservations(snapshots: NonNullable<GameDetail["snapshots"]>): ReviewObservation[] {
  return snapshots.flatMap((s) =>
    s.reviewsPositive === null || s.reviewsNegative === null
      ? []
      : [{ source: s.source, observedAt: s.observedAt, reviewsTotal: s.reviewsPositive + s.reviewsNegative }],
  );
}
