-- AlterTable
ALTER TABLE "games" ADD COLUMN     "players" INTEGER;

-- AlterTable
ALTER TABLE "snapshots" ADD COLUMN     "discount_percent" INTEGER,
ADD COLUMN     "initial_price_cents" INTEGER,
ADD COLUMN     "players" INTEGER;

-- AlterTable
ALTER TABLE "game_metrics" ALTER COLUMN "basis_key" SET DATA TYPE BIGINT;

-- CreateTable
CREATE TABLE "sync_tasks" (
    "app_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "priority" SMALLINT NOT NULL DEFAULT 2,
    "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "hint" BIGINT,
    "fetched_hint" BIGINT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_outcome" TEXT,
    "last_error" TEXT,
    "payload_digest" TEXT,

    CONSTRAINT "sync_tasks_pkey" PRIMARY KEY ("app_id","kind")
);

-- CreateTable
CREATE TABLE "sync_hosts" (
    "host" TEXT NOT NULL,
    "next_slot_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paused_until" TIMESTAMPTZ(3),
    "pause_reason" TEXT,
    "strikes" INTEGER NOT NULL DEFAULT 0,
    "requests" BIGINT NOT NULL DEFAULT 0,
    "throttles" INTEGER NOT NULL DEFAULT 0,
    "blocks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "sync_hosts_pkey" PRIMARY KEY ("host")
);

-- CreateTable
CREATE TABLE "sync_jobs" (
    "id" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "cursor" JSONB,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),

    CONSTRAINT "sync_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_runs" (
    "id" SERIAL NOT NULL,
    "mode" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "report" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "sync_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sync_tasks_claim_idx" ON "sync_tasks"("host", "priority", "due_at");

-- CreateIndex
CREATE INDEX "sync_tasks_kind_due_idx" ON "sync_tasks"("kind", "due_at");

-- CreateIndex
CREATE INDEX "sync_runs_started_at_idx" ON "sync_runs"("started_at");

-- The basis key became a hash (lib/market/aggregates/refresh-metrics.ts): its definition digest changed with it,
-- so the next start or `npm run migrate` rebuilds game_metrics by itself.
