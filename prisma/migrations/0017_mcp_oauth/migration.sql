-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN     "oauth_client_id" TEXT,
ADD COLUMN     "previous_refresh_hash" TEXT,
ADD COLUMN     "refresh_expires_at" TIMESTAMP(3),
ADD COLUMN     "refresh_hash" TEXT,
ADD COLUMN     "resource" TEXT;

-- CreateTable
CREATE TABLE "oauth_clients" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "redirect_uris" TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_codes" (
    "hash" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_codes_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "oauth_codes_client_id_idx" ON "oauth_codes"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_refresh_hash_key" ON "api_tokens"("refresh_hash");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_previous_refresh_hash_key" ON "api_tokens"("previous_refresh_hash");

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_oauth_client_id_fkey" FOREIGN KEY ("oauth_client_id") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
