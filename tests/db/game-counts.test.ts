// game_counts (migration 0024): the catalog's and each tag's game count, kept by statement triggers on games
// through inserts, upserts, tag changes, deletes and truncation, always equal to counting the rows.
import { describe, expect, it } from "vitest";
import { useMigratedDatabase } from "../support/migrated-database";


const db = useMigratedDatabase();

/** game_counts' non-zero rows, and the same counted from games. */
async function maintainedAndCounted() {
  const rows = async (sql: string) => Object.fromEntries((await db.client.query<{ key: number; n: number }>(sql)).rows.map((r) => [r.key, r.n]));
  return {
    maintained: await rows("SELECT key, games AS n FROM game_counts WHERE games <> 0 ORDER BY key"),
    counted: await rows(`SELECT 0 AS key, count(*)::int AS n FROM games HAVING count(*) > 0
      UNION ALL SELECT t, count(*)::int FROM games, unnest(tag_ids) AS t GROUP BY t ORDER BY key`),
  };
}

describe("game_counts", () => {
  it("follows every kind of write to games", async () => {
    const steps = [
      "INSERT INTO games (app_id, name, slug, tag_ids) VALUES (1, 'A', 'a', '{5,7}'), (2, 'B', 'b', '{5}'), (3, 'C', 'c', '{}')",
      "INSERT INTO games (app_id, name, slug) VALUES (4, 'D', 'd')",
      "UPDATE games SET tag_ids = '{7,9}' WHERE app_id = 2",
      "UPDATE games SET name = name || '!'",
      `INSERT INTO games (app_id, name, slug, tag_ids) VALUES (1, 'A', 'a', '{9}'), (5, 'E', 'e', '{5,9}')
        ON CONFLICT (app_id) DO UPDATE SET tag_ids = EXCLUDED.tag_ids`,
      "DELETE FROM games WHERE app_id IN (3, 5)",
    ];
    for (const step of steps) {
      await db.client.query(step);
      const { maintained, counted } = await maintainedAndCounted();
      expect(maintained, step).toEqual(counted);
    }
    expect((await maintainedAndCounted()).maintained).toEqual({ 0: 3, 7: 1, 9: 2 });
    await db.client.query("BEGIN");
    await db.client.query("DELETE FROM games");
    await db.client.query("ROLLBACK");
    expect((await maintainedAndCounted()).maintained).toEqual({ 0: 3, 7: 1, 9: 2 });
    await db.client.query("TRUNCATE games CASCADE");
    expect((await maintainedAndCounted()).maintained).toEqual({});
  });

  it("refuses a game without a tag set (excluded tags are counted as the catalog minus their union)", async () => {
    await expect(db.client.query("INSERT INTO games (app_id, name, slug, tag_ids) VALUES (6, 'F', 'f', NULL)")).rejects.toThrow(/games_tag_ids_present/);
  });
});
