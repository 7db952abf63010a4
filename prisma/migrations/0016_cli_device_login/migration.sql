-- CLI login (RFC 8628 device authorization grant). No access_epoch rule: a row here grants nothing by
-- itself: redeeming it inserts an api_tokens row (a new token is never in a server's cache), and that
-- table's rules already move the epoch when the credential is revoked or its session ends.
-- CreateTable
CREATE TABLE "device_authorizations" (
    "id" TEXT NOT NULL,
    "device_code_hash" TEXT NOT NULL,
    "user_code_hash" TEXT NOT NULL,
    "client_host" TEXT NOT NULL,
    "client_version" TEXT NOT NULL,
    "interval_seconds" INTEGER NOT NULL DEFAULT 5,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "last_polled_at" TIMESTAMP(3),
    "decision" TEXT,
    "decided_at" TIMESTAMP(3),
    "user_id" TEXT,
    "workspace_id" TEXT,
    "browser_session_id" TEXT,
    "redeemed_at" TIMESTAMP(3),
    "token_id" TEXT,

    CONSTRAINT "device_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "device_authorizations_device_code_hash_key" ON "device_authorizations"("device_code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "device_authorizations_user_code_hash_key" ON "device_authorizations"("user_code_hash");

-- CreateIndex
CREATE INDEX "device_authorizations_expires_at_idx" ON "device_authorizations"("expires_at");
