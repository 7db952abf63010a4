-- Developer and publisher filters (developers @> ARRAY[...]). A separate migration rather than an edit
-- of 0002, which databases have already applied.
CREATE INDEX IF NOT EXISTS "games_developers_idx" ON "games" USING GIN ("developers");
CREATE INDEX IF NOT EXISTS "games_publishers_idx" ON "games" USING GIN ("publishers");
