-- Hand-written, like 0024: one narrow row per (game, tag) with the game's review total, kept by statement
-- triggers on games in the writing transaction, so any writer keeps it equal to games.tag_ids and
-- games.reviews_total. GET /games with tags and a review range, sorted by reviews (the commonest list), reads
-- the page as the first entries of one tag's index range and counts `total` from the same range, index only,
-- instead of walking the wide game rows and discarding those without the tag (docs/benchmarks.md "Lists").
-- Read by raw SQL only (lib/market/tag-reviews-scan.ts), so not a model in schema.prisma.
CREATE TABLE "game_tag_reviews" (
    "app_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,
    "reviews_total" INTEGER,

    CONSTRAINT "game_tag_reviews_pkey" PRIMARY KEY ("app_id", "tag_id")
);

INSERT INTO "game_tag_reviews" ("app_id", "tag_id", "reviews_total")
SELECT DISTINCT g."app_id", t.id, g."reviews_total" FROM "games" g CROSS JOIN LATERAL unnest(g."tag_ids") AS t(id);

-- The list's review orders exactly as GET /games writes them (NULLS LAST, app id breaking ties), per tag.
CREATE INDEX "game_tag_reviews_desc_idx" ON "game_tag_reviews" ("tag_id", "reviews_total" DESC NULLS LAST, "app_id");
CREATE INDEX "game_tag_reviews_asc_idx" ON "game_tag_reviews" ("tag_id", "reviews_total" ASC NULLS LAST, "app_id");

-- Bodies are E'' strings with \073 for each semicolon (the runner splits scripts at semicolons, see 0024).
-- An update rewrites the entries of the games whose tag set or review total changed (old rows EXCEPT new
-- rows: a game whose app id changed leaves its old entries and gets new ones), and DISTINCT keeps a tag listed
-- twice in one tag set from failing the writer's statement.
CREATE FUNCTION "game_tag_reviews_after_insert"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO game_tag_reviews (app_id, tag_id, reviews_total)
  SELECT DISTINCT n.app_id, t.id, n.reviews_total FROM new_rows n CROSS JOIN LATERAL unnest(n.tag_ids) AS t(id)\073
  RETURN NULL\073
END';

CREATE FUNCTION "game_tag_reviews_after_delete"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM game_tag_reviews e USING old_rows o WHERE e.app_id = o.app_id\073
  RETURN NULL\073
END';

CREATE FUNCTION "game_tag_reviews_after_update"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM game_tag_reviews e USING (
    SELECT app_id, tag_ids, reviews_total FROM old_rows EXCEPT SELECT app_id, tag_ids, reviews_total FROM new_rows
  ) o WHERE e.app_id = o.app_id\073
  INSERT INTO game_tag_reviews (app_id, tag_id, reviews_total)
  SELECT DISTINCT n.app_id, t.id, n.reviews_total FROM (
    SELECT app_id, tag_ids, reviews_total FROM new_rows EXCEPT SELECT app_id, tag_ids, reviews_total FROM old_rows
  ) n CROSS JOIN LATERAL unnest(n.tag_ids) AS t(id)\073
  RETURN NULL\073
END';

CREATE FUNCTION "game_tag_reviews_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  TRUNCATE game_tag_reviews\073
  RETURN NULL\073
END';

CREATE TRIGGER "games_tag_reviews_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "game_tag_reviews_after_insert"();
CREATE TRIGGER "games_tag_reviews_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "game_tag_reviews_after_delete"();
CREATE TRIGGER "games_tag_reviews_update" AFTER UPDATE ON "games" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "game_tag_reviews_after_update"();
CREATE TRIGGER "games_tag_reviews_truncate" AFTER TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION "game_tag_reviews_after_truncate"();

ANALYZE "game_tag_reviews";
