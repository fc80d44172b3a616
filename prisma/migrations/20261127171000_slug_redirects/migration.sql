-- CreateTable
-- Old slugs of businesses whose slug an admin or fix-slugs changed: the public page 301-redirects them.
-- No foreign key: `TRUNCATE businesses` (delete all, at a million rows) must stay possible without
-- CASCADE reaching other tables; a redirect whose business is gone joins to nothing and answers 404.
CREATE TABLE "slug_redirects" (
    "old_slug" TEXT NOT NULL,
    "business_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "slug_redirects_pkey" PRIMARY KEY ("old_slug")
);

-- CreateIndex
CREATE INDEX "slug_redirects_business_id_idx" ON "slug_redirects"("business_id");
