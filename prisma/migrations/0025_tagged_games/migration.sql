-- Hand-written, like 0024: one row per tag and game, holding the game's tag set and the columns GET /games
-- filters on (reviews, rating, release date, price, platforms, genres, coverage), kept by statement triggers on
-- games in the writing transaction, so any writer keeps it equal to games. A list with tags reads its rarest
-- tag's entries only: the page of a review-sorted list is the first entries of that tag's review index, and
-- `total` counts the tag's entries from the same index (the filter columns are in it), index only, where the
-- games table would be walked in review order or visited row by row and most rows discarded
-- (docs/benchmarks.md "Lists"). Read by raw SQL only (lib/market/tagged-games.ts), so not a model in
-- schema.prisma. Columns keep the names of games' columns, so GET /games's own WHERE clause applies to it.
CREATE TABLE "tagged_games" (
    "tag_id" INTEGER NOT NULL,
    "app_id" INTEGER NOT NULL,
    "tag_ids" INTEGER[] NOT NULL,
    "reviews_total" INTEGER,
    "rating" DOUBLE PRECISION,
    "release_date" DATE,
    "price_cents" INTEGER,
    "currency" TEXT,
    "platforms" TEXT[],
    "genres" TEXT[],
    "coverage" TEXT NOT NULL,

    CONSTRAINT "tagged_games_pkey" PRIMARY KEY ("app_id", "tag_id")
);

INSERT INTO "tagged_games"
SELECT DISTINCT t.id, g."app_id", g."tag_ids", g."reviews_total", g."rating", g."release_date", g."price_cents", g."currency",
  g."platforms", g."genres", g."coverage"
FROM "games" g CROSS JOIN LATERAL unnest(g."tag_ids") AS t(id);

-- The list's review orders exactly as GET /games writes them (NULLS LAST, app id breaking ties), per tag. The
-- descending one (the default order) carries the filter columns, so a tag's count is an index-only range.
CREATE INDEX "tagged_games_reviews_desc_idx" ON "tagged_games" ("tag_id", "reviews_total" DESC NULLS LAST, "app_id")
  INCLUDE ("tag_ids", "rating", "release_date", "price_cents", "currency", "platforms", "genres", "coverage");
CREATE INDEX "tagged_games_reviews_asc_idx" ON "tagged_games" ("tag_id", "reviews_total" ASC NULLS LAST, "app_id");

-- Bodies are E'' strings with \073 for each semicolon (the runner splits scripts at semicolons, see 0024).
-- An update rewrites the entries of the games whose copied columns changed (old rows EXCEPT new rows: a game
-- whose app id changed leaves its old entries and gets new ones), and DISTINCT keeps a tag listed twice in one
-- tag set from failing the writer's statement.
CREATE FUNCTION "tagged_games_after_insert"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO tagged_games
  SELECT DISTINCT t.id, n.app_id, n.tag_ids, n.reviews_total, n.rating, n.release_date, n.price_cents, n.currency,
    n.platforms, n.genres, n.coverage
  FROM new_rows n CROSS JOIN LATERAL unnest(n.tag_ids) AS t(id)\073
  RETURN NULL\073
END';

CREATE FUNCTION "tagged_games_after_delete"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM tagged_games e USING old_rows o WHERE e.app_id = o.app_id\073
  RETURN NULL\073
END';

CREATE FUNCTION "tagged_games_after_update"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM tagged_games e USING (
    SELECT app_id, tag_ids, reviews_total, rating, release_date, price_cents, currency, platforms, genres, coverage FROM old_rows
    EXCEPT SELECT app_id, tag_ids, reviews_total, rating, release_date, price_cents, currency, platforms, genres, coverage FROM new_rows
  ) o WHERE e.app_id = o.app_id\073
  INSERT INTO tagged_games
  SELECT DISTINCT t.id, n.app_id, n.tag_ids, n.reviews_total, n.rating, n.release_date, n.price_cents, n.currency,
    n.platforms, n.genres, n.coverage
  FROM (
    SELECT app_id, tag_ids, reviews_total, rating, release_date, price_cents, currency, platforms, genres, coverage FROM new_rows
    EXCEPT SELECT app_id, tag_ids, reviews_total, rating, release_date, price_cents, currency, platforms, genres, coverage FROM old_rows
  ) n CROSS JOIN LATERAL unnest(n.tag_ids) AS t(id)\073
  RETURN NULL\073
END';

CREATE FUNCTION "tagged_games_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  TRUNCATE tagged_games\073
  RETURN NULL\073
END';

CREATE TRIGGER "games_tagged_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tagged_games_after_insert"();
CREATE TRIGGER "games_tagged_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tagged_games_after_delete"();
CREATE TRIGGER "games_tagged_update" AFTER UPDATE ON "games" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tagged_games_after_update"();
CREATE TRIGGER "games_tagged_truncate" AFTER TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION "tagged_games_after_truncate"();

ANALYZE "tagged_games";
