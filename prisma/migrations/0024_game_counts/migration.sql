-- Hand-written, like 0005: exact counts of the catalog (key 0) and of each tag's games (key = tag id), kept
-- by statement triggers on games in the writing transaction, so GET /games answers `total` for no filter, one
-- tag or excluded tags without counting 80,000 rows (docs/benchmarks.md "Lists"). Read by raw SQL only
-- (lib/market/count-games.ts), so not a model in schema.prisma.
-- Every game has a tag set, empty when it has no tags (ingestion already writes one): excluded tags can then be
-- counted as the catalog minus the games that carry them. A check, not NOT NULL: Prisma declares a list column
-- nullable, and the column stays as the schema declares it (tests/db/migrate.test.ts).
UPDATE "games" SET "tag_ids" = ARRAY[]::INTEGER[] WHERE "tag_ids" IS NULL;
ALTER TABLE "games" ADD CONSTRAINT "games_tag_ids_present" CHECK ("tag_ids" IS NOT NULL);

CREATE TABLE "game_counts" (
    "key" INTEGER NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "game_counts_pkey" PRIMARY KEY ("key")
);

INSERT INTO "game_counts" ("key", "games")
SELECT 0, count(*)::int FROM "games"
UNION ALL
SELECT t.id, count(*)::int FROM "games" g CROSS JOIN LATERAL unnest(g."tag_ids") AS t(id) GROUP BY t.id;

-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits a script at every
-- semicolon (Prisma's executeScript), which a dollar-quoted plpgsql body cannot survive. Each function adds
-- the rows a statement inserted (or subtracts those it deleted) per key, and an update adds the difference of
-- the tag sets. One statement, one upsert: ingestion's batches pay once per batch, not per row.
CREATE FUNCTION "game_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO game_counts (key, games)
  SELECT k, count(*)::int FROM (SELECT 0 AS k FROM new_rows UNION ALL SELECT unnest(tag_ids) FROM new_rows) s GROUP BY k
  ON CONFLICT (key) DO UPDATE SET games = game_counts.games + EXCLUDED.games\073
  RETURN NULL\073
END';

CREATE FUNCTION "game_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO game_counts (key, games)
  SELECT k, -count(*)::int FROM (SELECT 0 AS k FROM old_rows UNION ALL SELECT unnest(tag_ids) FROM old_rows) s GROUP BY k
  ON CONFLICT (key) DO UPDATE SET games = game_counts.games + EXCLUDED.games\073
  RETURN NULL\073
END';

CREATE FUNCTION "game_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO game_counts (key, games)
  SELECT k, sum(d)::int FROM (
    SELECT unnest(tag_ids) AS k, 1 AS d FROM new_rows UNION ALL SELECT unnest(tag_ids), -1 FROM old_rows
  ) s GROUP BY k HAVING sum(d) <> 0
  ON CONFLICT (key) DO UPDATE SET games = game_counts.games + EXCLUDED.games\073
  RETURN NULL\073
END';

CREATE FUNCTION "game_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM game_counts\073
  INSERT INTO game_counts (key, games) VALUES (0, 0)\073
  RETURN NULL\073
END';

CREATE TRIGGER "games_counts_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "game_counts_after_insert"();
CREATE TRIGGER "games_counts_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "game_counts_after_delete"();
CREATE TRIGGER "games_counts_update" AFTER UPDATE ON "games" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "game_counts_after_update"();
CREATE TRIGGER "games_counts_truncate" AFTER TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION "game_counts_after_truncate"();

-- `total` of a price filter counted from the index alone: the US-dollar-or-free condition GET /games adds to
-- every price filter is this index's predicate, so a price range is an index-only range scan, not a scan
-- of the wide game rows.
CREATE INDEX IF NOT EXISTS "games_usd_price_idx" ON "games" ("price_cents") WHERE "currency" = 'USD' OR "price_cents" = 0;
