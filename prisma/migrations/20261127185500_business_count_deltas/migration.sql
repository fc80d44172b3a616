-- Exact business counts for the admin dashboard without scanning a million rows per request.
-- Statement-level triggers (the transition tables the search outbox triggers already use) append one
-- delta row per (category, is_approved) group a statement touched: inserts only, so concurrent imports
-- never wait on a shared counter row nor deadlock on one. Readers sum the deltas; the API folds them into
-- one row per group when they pile up (api/src/repositories/business-counts.ts).

-- CreateTable
CREATE TABLE "business_count_deltas" (
    "id" BIGSERIAL NOT NULL,
    "category" TEXT,
    "is_approved" BOOLEAN NOT NULL,
    "businesses" BIGINT NOT NULL,
    "rated" BIGINT NOT NULL,
    "rating_sum" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "business_count_deltas_pkey" PRIMARY KEY ("id")
);

-- Triggers (not expressible in schema.prisma). "rated" and "rating_sum" count ratings above 0, as the
-- aggregates do (an export's 0 is "no rating").
CREATE FUNCTION "business_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "business_count_deltas" ("category", "is_approved", "businesses", "rated", "rating_sum")
    SELECT "category", "is_approved", count(*), count(*) FILTER (WHERE "rating" > 0), coalesce(sum("rating") FILTER (WHERE "rating" > 0), 0)
    FROM new_rows GROUP BY 1, 2;
    RETURN NULL;
END
$$;

CREATE FUNCTION "business_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "business_count_deltas" ("category", "is_approved", "businesses", "rated", "rating_sum")
    SELECT "category", "is_approved", -count(*), -count(*) FILTER (WHERE "rating" > 0), -coalesce(sum("rating") FILTER (WHERE "rating" > 0), 0)
    FROM old_rows GROUP BY 1, 2;
    RETURN NULL;
END
$$;

-- An update that changed none of the counted columns nets to zero and writes nothing.
CREATE FUNCTION "business_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "business_count_deltas" ("category", "is_approved", "businesses", "rated", "rating_sum")
    SELECT "category", "is_approved", sum(sign), coalesce(sum(sign) FILTER (WHERE "rating" > 0), 0), coalesce(sum(sign * "rating") FILTER (WHERE "rating" > 0), 0)
    FROM (
        SELECT "category", "is_approved", "rating", 1 AS sign FROM new_rows
        UNION ALL
        SELECT "category", "is_approved", "rating", -1 AS sign FROM old_rows
    ) AS changed
    GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE "rating" > 0), 0) <> 0 OR coalesce(sum(sign * "rating") FILTER (WHERE "rating" > 0), 0) <> 0;
    RETURN NULL;
END
$$;

-- TRUNCATE (not DELETE) waits for a fold in progress, so no folded row survives an emptied table.
CREATE FUNCTION "business_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE "business_count_deltas";
    RETURN NULL;
END
$$;

CREATE TRIGGER "businesses_counts_insert" AFTER INSERT ON "businesses"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "business_counts_on_insert"();
CREATE TRIGGER "businesses_counts_update" AFTER UPDATE ON "businesses"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "business_counts_on_update"();
CREATE TRIGGER "businesses_counts_delete" AFTER DELETE ON "businesses"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "business_counts_on_delete"();
CREATE TRIGGER "businesses_counts_truncate" AFTER TRUNCATE ON "businesses"
    FOR EACH STATEMENT EXECUTE FUNCTION "business_counts_on_truncate"();

-- The businesses already there, counted after the triggers exist (CREATE TRIGGER holds a lock that keeps
-- writers out until this migration commits, so nothing is counted twice or missed).
INSERT INTO "business_count_deltas" ("category", "is_approved", "businesses", "rated", "rating_sum")
SELECT "category", "is_approved", count(*), count(*) FILTER (WHERE "rating" > 0), coalesce(sum("rating") FILTER (WHERE "rating" > 0), 0)
FROM "businesses" GROUP BY 1, 2;
