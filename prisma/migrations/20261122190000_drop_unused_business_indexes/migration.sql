-- DropIndex
-- No query reads businesses by category, city, creation time or source: the site and the admin lists read
-- Meilisearch, the indexer's aggregate recount scans the whole table, and the importer and the detail
-- fallback use the unique place_id and slug indexes. Each of these four indexes still cost every write (an
-- import or a seed maintains six indexes per row instead of three). Add an index back with the query that
-- needs it.
DROP INDEX "businesses_category_slug_idx";
DROP INDEX "businesses_country_code_city_slug_idx";
DROP INDEX "businesses_created_at_idx";
DROP INDEX "businesses_source_idx";
