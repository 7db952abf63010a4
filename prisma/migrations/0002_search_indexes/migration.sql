-- Title and tag search: trigram indexes serve ILIKE '%q%' and similarity ranking.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS "games_name_trgm_idx" ON "games" USING GIN (lower("name") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "tags_name_trgm_idx" ON "tags" USING GIN (lower("name") gin_trgm_ops);

-- Array filters (platforms @> ..., genres @> ...).
CREATE INDEX IF NOT EXISTS "games_platforms_idx" ON "games" USING GIN ("platforms");
CREATE INDEX IF NOT EXISTS "games_genres_idx" ON "games" USING GIN ("genres");

CREATE INDEX IF NOT EXISTS "games_rating_idx" ON "games" ("rating" DESC NULLS LAST);
CREATE INDEX IF NOT EXISTS "games_name_sort_idx" ON "games" (lower("name"));
