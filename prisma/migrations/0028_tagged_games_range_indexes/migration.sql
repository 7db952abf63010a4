-- Hand-written: the total of GET /games with one tag and a release or rating range counted the tag entries
-- of tagged_games_reviews_desc_idx and discarded those outside the range (tags=indie with releasedFrom=2020
-- read 7,105 entries for 1,083, 3.0 ms). Keyed by the range column after the tag, the count reads only the
-- entries inside the range, index only (0.4 ms). They carry the same columns as the review index, so the
-- other filters are tested in the index too.
CREATE INDEX IF NOT EXISTS "tagged_games_release_idx" ON "tagged_games" ("tag_id", "release_date")
  INCLUDE ("tag_ids", "reviews_total", "rating", "price_cents", "currency", "platforms", "genres", "coverage");
CREATE INDEX IF NOT EXISTS "tagged_games_rating_idx" ON "tagged_games" ("tag_id", "rating")
  INCLUDE ("tag_ids", "reviews_total", "release_date", "price_cents", "currency", "platforms", "genres", "coverage");
