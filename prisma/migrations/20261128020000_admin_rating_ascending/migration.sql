-- CreateIndex
-- The admin list's rating sort puts an unrated business last in both directions (an admin sorting by rating
-- looks for rated ones, low or high). DESC NULLS LAST is read from businesses_rating_id_idx; ASC NULLS LAST
-- is not that index read backwards (that would be ASC NULLS FIRST), so it has an index of its own, and a
-- deep page is still read from an index alone. One more index on every import row (see 20261122190000).
CREATE INDEX "businesses_rating_id_asc_idx" ON "businesses"("rating", "id");
