-- AlterTable
-- Whether the change can move an aggregate (counts per category, country and city, their names, the home
-- page's totals and the ranking of its featured businesses). The indexer recounts the aggregates, a GROUP BY
-- over every business, only after draining such a change, or a change of a business currently featured.
ALTER TABLE "search_outbox" ADD COLUMN     "aggregates" BOOLEAN NOT NULL DEFAULT true;

-- Updates compare each row with its old version; inserts, deletes and truncates always count.
CREATE FUNCTION "search_outbox_enqueue_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_outbox" ("business_id", "op", "aggregates")
    SELECT n."id", 'upsert',
        (o."is_approved", o."country_code", o."city", o."city_slug", o."category", o."category_slug", o."photo", o."rating", o."review_count")
        IS DISTINCT FROM
        (n."is_approved", n."country_code", n."city", n."city_slug", n."category", n."category_slug", n."photo", n."rating", n."review_count")
    FROM new_rows n LEFT JOIN old_rows o ON o."id" = n."id";
    PERFORM pg_notify('search_outbox', 'upsert');
    RETURN NULL;
END
$$;

DROP TRIGGER "businesses_outbox_update" ON "businesses";
CREATE TRIGGER "businesses_outbox_update" AFTER UPDATE ON "businesses"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_outbox_enqueue_update"();
