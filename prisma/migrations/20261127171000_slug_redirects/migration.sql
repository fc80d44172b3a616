-- CreateTable
-- Old slugs of businesses whose slug an admin or fix-slugs changed: the public page 301-redirects them.
CREATE TABLE "slug_redirects" (
    "old_slug" TEXT NOT NULL,
    "business_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "slug_redirects_pkey" PRIMARY KEY ("old_slug")
);

-- CreateIndex
CREATE INDEX "slug_redirects_business_id_idx" ON "slug_redirects"("business_id");

-- AddForeignKey
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
