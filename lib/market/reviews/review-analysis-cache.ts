import { getPrisma } from "../../db/prisma-client";
import { ANALYSIS_VERSION, type ComputedAnalysis } from "./analyse-reviews";
import type { ReviewAnalysis } from "./analysis-schema";

interface CacheRow {
  result: ComputedAnalysis;
  computed_at: Date;
}

const withTime = (row: CacheRow): ReviewAnalysis => ({ ...row.result, computedAt: new Date(row.computed_at).toISOString() });

/** The stored analysis of a title for this version, if it was computed from the same inputs. */
export async function readCachedAnalysis(appId: number, digest: string): Promise<ReviewAnalysis | null> {
  const rows = await getPrisma().$queryRaw<CacheRow[]>`
    SELECT result, computed_at FROM review_analyses
    WHERE app_id = ${appId} AND analysis_version = ${ANALYSIS_VERSION} AND input_digest = ${digest}`;
  return rows[0] ? withTime(rows[0]) : null;
}

/**
 * Stores a fresh analysis. Concurrent first requests (on any instance) race on the primary key: the first
 * write wins and the others return the stored row, so every caller sees one computedAt. A stale row (other
 * digest) is replaced.
 */
export async function storeAnalysis(appId: number, digest: string, analysis: ComputedAnalysis): Promise<ReviewAnalysis> {
  const json = JSON.stringify(analysis);
  const written = await getPrisma().$queryRaw<CacheRow[]>`
    INSERT INTO review_analyses (app_id, analysis_version, input_digest, result, computed_at)
    VALUES (${appId}, ${ANALYSIS_VERSION}, ${digest}, ${json}::jsonb, now())
    ON CONFLICT (app_id, analysis_version) DO UPDATE
      SET input_digest = excluded.input_digest, result = excluded.result, computed_at = excluded.computed_at
      WHERE review_analyses.input_digest <> excluded.input_digest
    RETURNING result, computed_at`;
  if (written[0]) return withTime(written[0]);
  return (await readCachedAnalysis(appId, digest)) ?? { ...analysis, computedAt: new Date().toISOString() };
}
