-- The admin business list (GET /api/admin/businesses) and its bulk actions read PostgreSQL, not Meilisearch
-- (docs/decisions.md, "The admin business list reads PostgreSQL"): a name search by the start of any word,
-- a true sort of every match, exact totals, and the admin's own writes visible on the next read.
-- Every index here costs every import row (see 20261122190000): these are the ones the list needs to
-- answer a page without sorting or scanning the whole table, and no more.

-- "Starb" finds Starbucks, "Coffee" finds Blue Bottle Coffee: each word of the query is a prefix of a word
-- of the name. IMMUTABLE (to_tsvector with an explicit configuration is), so a query given as a constant
-- or a bound parameter is folded at plan time and the planner sees the real tsquery.
CREATE FUNCTION "name_prefix_query"(query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT coalesce(string_agg(quote_literal(word) || ':*', ' & '), '')::tsquery
      FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, query))) AS word
  $$;

-- CreateIndex
-- The words of the name, for the prefix search (GIN over to_tsvector('simple'): no stemming, no stop words,
-- so a word matches as typed). An expression index, which schema.prisma cannot declare: it lives here only.
CREATE INDEX "businesses_name_words_idx" ON "businesses" USING GIN (to_tsvector('simple'::regconfig, "name"));

-- The list's sorts, each with id as the tie-break so pages never overlap. Rating ranks an unrated business
-- lowest in both directions (DESC NULLS LAST forward, ASC NULLS FIRST backward).
CREATE INDEX "businesses_created_at_id_idx" ON "businesses"("created_at", "id");
CREATE INDEX "businesses_name_id_idx" ON "businesses"("name", "id");
CREATE INDEX "businesses_rating_id_idx" ON "businesses"("rating" DESC NULLS LAST, "id" DESC);
CREATE INDEX "businesses_review_count_id_idx" ON "businesses"("review_count", "id");

-- The review queue: held (or approved) businesses newest first, and their exact count, without walking
-- every business (held ones are a few among a million).
CREATE INDEX "businesses_is_approved_created_at_id_idx" ON "businesses"("is_approved", "created_at", "id");

-- The list's category and country filters, and the admin category and country-code counts.
CREATE INDEX "businesses_category_idx" ON "businesses"("category");
CREATE INDEX "businesses_country_code_idx" ON "businesses"("country_code");
