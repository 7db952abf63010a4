-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "games" (
    "app_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "type" TEXT,
    "developers" TEXT[],
    "publishers" TEXT[],
    "release_date" DATE,
    "release_precision" TEXT NOT NULL DEFAULT 'unknown',
    "release_year" INTEGER,
    "release_text" TEXT,
    "price_cents" INTEGER,
    "initial_price_cents" INTEGER,
    "currency" TEXT,
    "discount_percent" INTEGER,
    "is_free" BOOLEAN,
    "platforms" TEXT[],
    "genres" TEXT[],
    "categories" TEXT[],
    "reviews_positive" INTEGER,
    "reviews_negative" INTEGER,
    "reviews_total" INTEGER,
    "rating" DOUBLE PRECISION,
    "review_score" INTEGER,
    "review_label" TEXT,
    "owners_low" INTEGER,
    "owners_high" INTEGER,
    "ccu" INTEGER,
    "playtime_avg_minutes" INTEGER,
    "playtime_median_minutes" INTEGER,
    "coverage" TEXT NOT NULL DEFAULT 'basic',
    "sources" JSONB NOT NULL DEFAULT '{}',
    "store_details" JSONB,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "games_pkey" PRIMARY KEY ("app_id")
);

-- CreateTable
CREATE TABLE "tags" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "game_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_tags" (
    "app_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "game_tags_pkey" PRIMARY KEY ("app_id","tag_id")
);

-- CreateTable
CREATE TABLE "snapshots" (
    "app_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "observed_on" DATE NOT NULL,
    "reviews_positive" INTEGER,
    "reviews_negative" INTEGER,
    "owners_low" INTEGER,
    "owners_high" INTEGER,
    "ccu" INTEGER,
    "price_cents" INTEGER,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("app_id","source","observed_on")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" TEXT NOT NULL,
    "app_id" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "voted_up" BOOLEAN NOT NULL,
    "votes_up" INTEGER NOT NULL,
    "votes_funny" INTEGER NOT NULL,
    "weighted_vote_score" DOUBLE PRECISION NOT NULL,
    "comment_count" INTEGER NOT NULL,
    "steam_purchase" BOOLEAN NOT NULL,
    "received_for_free" BOOLEAN NOT NULL,
    "written_during_early_access" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "author_steam_id" TEXT,
    "author_num_games_owned" INTEGER,
    "author_num_reviews" INTEGER,
    "author_playtime_forever" INTEGER,
    "author_playtime_at_review" INTEGER,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ingest_runs" (
    "id" SERIAL NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "report" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "ingest_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workspaces" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "custom_allowance" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "user_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("user_id","workspace_id")
);

-- CreateTable
CREATE TABLE "grants" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "api_access" BOOLEAN NOT NULL DEFAULT false,
    "starts_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ends_at" TIMESTAMP(3) NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "browser_sessions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "browser_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT,
    "hash" TEXT NOT NULL,
    "display_prefix" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "last_used_at" TIMESTAMP(3),
    "browser_session_id" TEXT,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_counters" (
    "workspace_id" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "allowance" INTEGER NOT NULL,

    CONSTRAINT "credit_counters_pkey" PRIMARY KEY ("workspace_id","period")
);

-- CreateTable
CREATE TABLE "usage_events" (
    "id" BIGSERIAL NOT NULL,
    "request_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "cost_class" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "http_status" INTEGER,
    "period" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "usage_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "games_slug_idx" ON "games"("slug");

-- CreateIndex
CREATE INDEX "games_reviews_total_idx" ON "games"("reviews_total" DESC);

-- CreateIndex
CREATE INDEX "games_release_date_idx" ON "games"("release_date");

-- CreateIndex
CREATE INDEX "games_ccu_idx" ON "games"("ccu" DESC);

-- CreateIndex
CREATE INDEX "games_coverage_idx" ON "games"("coverage");

-- CreateIndex
CREATE UNIQUE INDEX "tags_slug_key" ON "tags"("slug");

-- CreateIndex
CREATE INDEX "game_tags_tag_id_app_id_idx" ON "game_tags"("tag_id", "app_id");

-- CreateIndex
CREATE INDEX "reviews_app_id_created_at_idx" ON "reviews"("app_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "grants_workspace_id_ends_at_idx" ON "grants"("workspace_id", "ends_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens"("hash");

-- CreateIndex
CREATE INDEX "api_tokens_workspace_id_idx" ON "api_tokens"("workspace_id");

-- CreateIndex
CREATE UNIQUE INDEX "usage_events_request_id_key" ON "usage_events"("request_id");

-- CreateIndex
CREATE INDEX "usage_events_workspace_id_period_idx" ON "usage_events"("workspace_id", "period");

-- AddForeignKey
ALTER TABLE "game_tags" ADD CONSTRAINT "game_tags_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "games"("app_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_tags" ADD CONSTRAINT "game_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "games"("app_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "games"("app_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grants" ADD CONSTRAINT "grants_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "browser_sessions" ADD CONSTRAINT "browser_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_browser_session_id_fkey" FOREIGN KEY ("browser_session_id") REFERENCES "browser_sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

