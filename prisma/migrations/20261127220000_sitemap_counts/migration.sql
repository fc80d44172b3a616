-- CreateTable
-- The sitemaps' category, country and city page counts as last counted (three GROUP BYs over the approved
-- businesses, seconds at a million rows), with the sitemap version they were counted at, so
-- GET /api/admin/sitemaps answers from here in milliseconds and says when they were counted. One row
-- (id 1), replaced by every recount; the business files are counted from business_count_deltas instead.
CREATE TABLE "sitemap_counts" (
    "id" INTEGER NOT NULL,
    "version" TEXT NOT NULL,
    "counted_at" TIMESTAMPTZ(3) NOT NULL,
    "categories" INTEGER NOT NULL,
    "countries" INTEGER NOT NULL,
    "city_pages" INTEGER NOT NULL,

    CONSTRAINT "sitemap_counts_pkey" PRIMARY KEY ("id")
);
