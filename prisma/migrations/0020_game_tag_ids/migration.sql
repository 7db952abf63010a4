-- Tag filters test games.tag_ids (a GIN index) instead of one EXISTS over game_tags per tag: the planner
-- then intersects a tag with the other filters and sorts, instead of walking every game (docs/benchmarks.md).
ALTER TABLE "games" ADD COLUMN     "tag_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

UPDATE "games" g SET "tag_ids" = t.ids
FROM (SELECT "app_id", array_agg("tag_id" ORDER BY "tag_id") AS ids FROM "game_tags" GROUP BY "app_id") t
WHERE t."app_id" = g."app_id";

-- CreateIndex
CREATE INDEX "games_tag_ids_idx" ON "games" USING GIN ("tag_ids");

-- The list's sort orders exactly as GET /games writes them (NULLS LAST, app id breaking ties), so a sorted,
-- filtered page reads the index in order and stops after `limit` rows instead of sorting every match.
CREATE INDEX IF NOT EXISTS "games_order_reviews_desc_idx" ON "games" ("reviews_total" DESC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_reviews_asc_idx" ON "games" ("reviews_total" ASC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_rating_desc_idx" ON "games" ("rating" DESC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_rating_asc_idx" ON "games" ("rating" ASC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_release_desc_idx" ON "games" ("release_date" DESC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_release_asc_idx" ON "games" ("release_date" ASC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_ccu_desc_idx" ON "games" ("ccu" DESC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_ccu_asc_idx" ON "games" ("ccu" ASC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_name_desc_idx" ON "games" (lower("name") DESC NULLS LAST, "app_id");
CREATE INDEX IF NOT EXISTS "games_order_name_asc_idx" ON "games" (lower("name") ASC NULLS LAST, "app_id");

-- `total` of a tag filter with a review range (the commonest list) counted from the index alone: the
-- game rows are wide, and visiting thousands of them to count was most of such a call's time.
CREATE INDEX IF NOT EXISTS "games_reviews_tags_cover_idx" ON "games" ("reviews_total") INCLUDE ("tag_ids");
