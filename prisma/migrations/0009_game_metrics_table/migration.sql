-- game_metrics becomes a table that ingestion fills (lib/market/aggregates/refresh-metrics.ts) instead of a
-- materialized view: it now stores each game's revenue estimate (computed by the estimates module's SQL,
-- which lives in TypeScript, so a view defined here could not hold it) and a small integer per combination
-- of sources, the two costs that dominated a whole-catalog cohort. The launcher and `npm run migrate` fill
-- it when it is empty or was computed by another definition (metric expressions, estimates method).
DROP MATERIALIZED VIEW IF EXISTS "game_metrics";

-- CreateTable
CREATE TABLE "game_metrics" (
    "app_id" INTEGER NOT NULL,
    "release_year" INTEGER,
    "release_month" TEXT,
    "primary_tag_id" INTEGER,
    "reviews_total" INTEGER,
    "reviews_positive" INTEGER,
    "rating" DOUBLE PRECISION,
    "price_usd_cents" INTEGER,
    "price_non_usd" BOOLEAN NOT NULL,
    "ccu" INTEGER,
    "price_cents" INTEGER,
    "initial_price_cents" INTEGER,
    "currency" TEXT,
    "is_free" BOOLEAN,
    "owners_low" INTEGER,
    "owners_high" INTEGER,
    "owners_mid" BIGINT,
    "genres" TEXT[],
    "platforms" TEXT[],
    "coverage" TEXT NOT NULL,
    "reviews_source" TEXT,
    "reviews_observed_at" TEXT,
    "price_source" TEXT,
    "price_observed_at" TEXT,
    "ccu_source" TEXT,
    "ccu_observed_at" TEXT,
    "owners_source" TEXT,
    "owners_observed_at" TEXT,
    "revenue_usd" DOUBLE PRECISION,
    "definition_digest" TEXT NOT NULL,
    "basis_key" INTEGER NOT NULL,

    CONSTRAINT "game_metrics_pkey" PRIMARY KEY ("app_id")
);

-- CreateIndex
CREATE INDEX "game_metrics_cohort_idx" ON "game_metrics"("primary_tag_id", "release_year");

-- CreateIndex
CREATE INDEX "game_metrics_year_idx" ON "game_metrics"("release_year");

-- CreateIndex
CREATE INDEX "game_metrics_basis_idx" ON "game_metrics"("basis_key");

-- CreateIndex
CREATE INDEX "game_metrics_top_idx" ON "game_metrics"("reviews_total" DESC, "app_id");
