-- Hand-written (around): developer and publisher names by slug (lib/market/slugify.ts), refilled at the
-- end of each ingestion by lib/market/companies/refresh-company-names.ts. A derived lookup, like a
-- materialized view, so it has no Prisma model (and the schema diff from empty stays 0001_init):
-- names that differ only in case, spacing or punctuation share a slug.
-- CreateTable
CREATE TABLE IF NOT EXISTS "company_names" (
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "game_count" INTEGER NOT NULL,

    CONSTRAINT "company_names_pkey" PRIMARY KEY ("kind","name")
);

-- CreateIndex
CREATE INDEX IF NOT EXISTS "company_names_kind_slug_idx" ON "company_names"("kind", "slug");

-- "Did you mean" suggestions for an unknown developer or publisher slug.
CREATE INDEX IF NOT EXISTS "company_names_slug_trgm_idx" ON "company_names" USING GIN ("slug" gin_trgm_ops);
