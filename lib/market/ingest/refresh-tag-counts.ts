import type pg from "pg";

/** tags.game_count from game_tags; only tags whose count changed are written. Ingestion and the sync call it after writing tags. */
export async function refreshTagCounts(pool: Pick<pg.Pool, "query">) {
  await pool.query(`UPDATE tags t SET game_count = c.n
    FROM (SELECT tags.id, count(gt.app_id)::int AS n FROM tags LEFT JOIN game_tags gt ON gt.tag_id = tags.id GROUP BY tags.id) c
    WHERE t.id = c.id AND t.game_count <> c.n`);
}
