-- CreateTable
CREATE TABLE "review_analyses" (
    "app_id" INTEGER NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "input_digest" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_analyses_pkey" PRIMARY KEY ("app_id","analysis_version")
);
