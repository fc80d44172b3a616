-- CreateTable
-- One row per admin "regenerate sitemaps": every API process's sitemap cache compares the newest id at
-- each sitemap request, so a regenerate on one process makes all of them rebuild their files.
CREATE TABLE "sitemap_generations" (
    "id" BIGSERIAL NOT NULL,
    "generated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sitemap_generations_pkey" PRIMARY KEY ("id")
);
