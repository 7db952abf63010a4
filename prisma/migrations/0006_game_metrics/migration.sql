-- Aggregates, cohorts and comparisons read this narrow per-game view instead of the wide games table:
-- the metric values as the API defines them, the release keys, the primary (rank-1) tag, and the
-- source and observation day of each field family (the "basis" every figure reports).
-- Refreshed at the end of every ingestion (lib/market/ingest/run-ingest.ts).
-- price_usd_cents: USD prices only (a free game is 0 in any currency), other currencies are flagged.
-- owners_mid: midpoint of SteamSpy's owners range (an estimate, not an observation).
-- Revenue is not stored: it is the estimates module's SQL over these columns.
CREATE MATERIALIZED VIEW IF NOT EXISTS "game_metrics" AS
SELECT
  g.app_id,
  g.release_year,
  CASE WHEN g.release_precision IN ('day', 'month') THEN to_char(g.release_date, 'YYYY-MM') END AS release_month,
  (SELECT gt.tag_id FROM game_tags gt WHERE gt.app_id = g.app_id ORDER BY gt.rank LIMIT 1) AS primary_tag_id,
  g.reviews_total,
  g.reviews_positive,
  g.rating,
  CASE WHEN g.currency = 'USD' OR g.price_cents = 0 THEN g.price_cents END AS price_usd_cents,
  (g.price_cents IS NOT NULL AND g.price_cents <> 0 AND g.currency IS DISTINCT FROM 'USD') AS price_non_usd,
  g.ccu,
  -- the columns the estimates module's SQL (lib/market/estimates/estimate-sql.ts) reads, so revenue is
  -- computed at query time by the current method rather than frozen into this view
  g.price_cents,
  g.initial_price_cents,
  g.currency,
  g.is_free,
  g.owners_low,
  g.owners_high,
  ((g.owners_low::bigint + g.owners_high::bigint) / 2)::bigint AS owners_mid,
  g.genres,
  g.platforms,
  g.coverage,
  g.sources -> 'reviews' ->> 'source' AS reviews_source,
  g.sources -> 'reviews' ->> 'observedAt' AS reviews_observed_at,
  g.sources -> 'price' ->> 'source' AS price_source,
  g.sources -> 'price' ->> 'observedAt' AS price_observed_at,
  g.sources -> 'ccu' ->> 'source' AS ccu_source,
  g.sources -> 'ccu' ->> 'observedAt' AS ccu_observed_at,
  g.sources -> 'owners' ->> 'source' AS owners_source,
  g.sources -> 'owners' ->> 'observedAt' AS owners_observed_at
FROM games g;

CREATE UNIQUE INDEX IF NOT EXISTS "game_metrics_app_id_idx" ON "game_metrics" ("app_id");
-- Compare: each title's own cohort is its primary tag and release year.
CREATE INDEX IF NOT EXISTS "game_metrics_cohort_idx" ON "game_metrics" ("primary_tag_id", "release_year");
