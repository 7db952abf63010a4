-- CreateTable
CREATE TABLE "company_names" (
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "game_count" INTEGER NOT NULL,

    CONSTRAINT "company_names_pkey" PRIMARY KEY ("kind","name")
);

-- CreateIndex
CREATE INDEX "company_names_kind_slug_idx" ON "company_names"("kind", "slug");

-- Hand-written: "did you mean" suggestions for an unknown developer or publisher slug.
CREATE INDEX IF NOT EXISTS "company_names_slug_trgm_idx" ON "company_names" USING GIN ("slug" gin_trgm_ops);
