// tagged_games (migration 0025): one row per tag and game with the game's tag set and filter columns, kept by
// statement triggers on games through inserts, upserts, changes of any copied column, app id changes,
// deletes and truncation, always equal to unnesting games.tag_ids.
import { describe, expect, it } from "vitest";
import { useMigratedDatabase } from "../support/migrated-database";

const db = useMigratedDatabase();

const COPIED = "tag_ids, reviews_total, rating, release_date, price_cents, currency, platforms, genres, coverage";

/** tagged_games' rows (app:tag:reviews, and all copied columns), and the same derived from games. */
async function maintainedAndDerived() {
  const rows = async (sql: string) => (await db.client.query<{ entry: string; copied: string }>(sql)).rows;
  const maintained = await rows(`SELECT concat_ws(':', app_id, tag_id, reviews_total) AS entry, row(${COPIED})::text AS copied FROM tagged_games ORDER BY 1, 2`);
  const derived = await rows(`SELECT DISTINCT concat_ws(':', app_id, t, reviews_total) AS entry, row(${COPIED})::text AS copied
    FROM games, unnest(tag_ids) AS t ORDER BY 1, 2`);
  expect(maintained).toEqual(derived);
  return { maintained: maintained.map((r) => r.entry), derived: derived.map((r) => r.entry) };
}

describe("tagged_games", () => {
  it("follows every kind of write to games", async () => {
    const steps = [
      "INSERT INTO games (app_id, name, slug, tag_ids, reviews_total) VALUES (1, 'A', 'a', '{5,7}', 10), (2, 'B', 'b', '{5}', NULL), (3, 'C', 'c', '{}', 3)",
      "INSERT INTO games (app_id, name, slug) VALUES (4, 'D', 'd')",
      "UPDATE games SET tag_ids = '{7,9}' WHERE app_id = 2",
      "UPDATE games SET reviews_total = 20 WHERE app_id IN (1, 2)",
      "UPDATE games SET reviews_total = NULL WHERE app_id = 1",
      "UPDATE games SET name = name || '!'",
      "UPDATE games SET rating = 0.5, release_date = '2020-02-29', price_cents = 999, currency = 'USD', platforms = '{mac}', genres = '{RPG}', coverage = 'full' WHERE app_id = 1",
      "UPDATE games SET genres = NULL, platforms = NULL WHERE app_id = 1",
      "UPDATE games SET tag_ids = '{5,5,8}', reviews_total = 4 WHERE app_id = 3",
      `INSERT INTO games (app_id, name, slug, tag_ids, reviews_total) VALUES (1, 'A', 'a', '{9}', 11), (5, 'E', 'e', '{5,9}', 0)
        ON CONFLICT (app_id) DO UPDATE SET tag_ids = EXCLUDED.tag_ids, reviews_total = EXCLUDED.reviews_total`,
      "UPDATE games SET app_id = app_id + 100 WHERE app_id IN (2, 5)",
      "DELETE FROM games WHERE app_id IN (4, 105)",
    ];
    for (const step of steps) {
      await db.client.query(step);
      const { maintained, derived } = await maintainedAndDerived();
      expect(maintained, step).toEqual(derived);
    }
    expect((await maintainedAndDerived()).maintained.sort()).toEqual(["102:7:20", "102:9:20", "1:9:11", "3:5:4", "3:8:4"]);
    await db.client.query("BEGIN");
    await db.client.query("DELETE FROM games");
    await db.client.query("ROLLBACK");
    expect((await maintainedAndDerived()).maintained).toHaveLength(5);
    await db.client.query("TRUNCATE games CASCADE");
    expect((await maintainedAndDerived()).maintained).toEqual([]);
  });
});
