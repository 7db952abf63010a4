import type pg from "pg";

/**
 * games.tag_ids mirrors game_tags (sorted ids), for the GIN-indexed tag filters of lib/market/game-filters.ts.
 * Ingestion is the only writer of game_tags and calls this after loading it; only games whose set changed
 * are written.
 */
export async function refreshGameTagIds(pool: Pick<pg.Pool, "query">): Promise<number> {
  const result = await pool.query(`UPDATE games g SET tag_ids = t.ids
    FROM (SELECT g2.app_id, COALESCE(array_agg(gt.tag_id ORDER BY gt.tag_id) FILTER (WHERE gt.tag_id IS NOT NULL), '{}') AS ids
          FROM games g2 LEFT JOIN game_tags gt ON gt.app_id = g2.app_id GROUP BY g2.app_id) t
    WHERE t.app_id = g.app_id AND g.tag_ids IS DISTINCT FROM t.ids`);
  return result.rowCount ?? 0;
}
