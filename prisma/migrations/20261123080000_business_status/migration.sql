-- AlterTable
-- Google's business status as exports give it (Outscraper's business_status): a place that closed must not
-- be shown as operating. NULL when the file did not say.
ALTER TABLE "businesses" ADD COLUMN     "business_status" TEXT;
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_business_status_value"
    CHECK ("business_status" IS NULL OR "business_status" IN ('OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY'));

-- A permanently closed business is never featured on the home page: its status moves the aggregates too.
CREATE OR REPLACE FUNCTION "search_outbox_enqueue_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_outbox" ("business_id", "op", "aggregates")
    SELECT n."id", 'upsert',
        (o."is_approved", o."country_code", o."city", o."city_slug", o."category", o."category_slug", o."photo", o."rating", o."review_count", o."business_status")
        IS DISTINCT FROM
        (n."is_approved", n."country_code", n."city", n."city_slug", n."category", n."category_slug", n."photo", n."rating", n."review_count", n."business_status")
    FROM new_rows n LEFT JOIN old_rows o ON o."id" = n."id";
    PERFORM pg_notify('search_outbox', 'upsert');
    RETURN NULL;
END
$$;
