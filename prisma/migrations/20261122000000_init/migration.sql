-- CreateEnum
CREATE TYPE "import_job_status" AS ENUM ('queued', 'running', 'completed', 'failed');

-- CreateTable
CREATE TABLE "businesses" (
    "id" SERIAL NOT NULL,
    "place_id" TEXT,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "type" TEXT,
    "category" TEXT,
    "category_slug" TEXT,
    "subtypes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "full_address" TEXT,
    "street" TEXT,
    "city" TEXT,
    "city_slug" TEXT,
    "postal_code" TEXT,
    "state" TEXT,
    "country" TEXT,
    "country_code" VARCHAR(2),
    "phone" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "rating" DOUBLE PRECISION,
    "review_count" INTEGER NOT NULL DEFAULT 0,
    "reviews_link" TEXT,
    "photo" TEXT,
    "logo" TEXT,
    "located_in" TEXT,
    "working_hours" JSONB,
    "about" JSONB,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "website" TEXT,
    "url" TEXT,
    "is_approved" BOOLEAN NOT NULL DEFAULT true,
    "source" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "businesses_pkey" PRIMARY KEY ("id"),
    -- Prisma cannot express CHECK constraints; they guard the invariants the indexer relies on
    -- (one out-of-range _geo value fails a whole Meilisearch batch).
    CONSTRAINT "businesses_rating_range" CHECK ("rating" IS NULL OR ("rating" >= 0 AND "rating" <= 5)),
    CONSTRAINT "businesses_review_count_range" CHECK ("review_count" >= 0),
    CONSTRAINT "businesses_geo_pair" CHECK (("latitude" IS NULL) = ("longitude" IS NULL)),
    CONSTRAINT "businesses_geo_range" CHECK (
        "latitude" IS NULL OR ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180)
    ),
    CONSTRAINT "businesses_country_code_format" CHECK ("country_code" IS NULL OR "country_code" ~ '^[A-Z]{2}$')
);

-- CreateTable
CREATE TABLE "import_jobs" (
    "id" UUID NOT NULL,
    "status" "import_job_status" NOT NULL DEFAULT 'queued',
    "file_name" TEXT NOT NULL,
    "file_size_bytes" BIGINT NOT NULL,
    "file_type" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'upsert',
    "batch_size" INTEGER NOT NULL DEFAULT 500,
    "rows_read" INTEGER NOT NULL DEFAULT 0,
    "rows_written" INTEGER NOT NULL DEFAULT 0,
    "last_committed_row" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "admin_user_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upload_reports" (
    "id" SERIAL NOT NULL,
    "import_job_id" UUID,
    "kind" TEXT NOT NULL DEFAULT 'batch',
    "success" BOOLEAN NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_size_bytes" BIGINT NOT NULL,
    "total_rows" INTEGER NOT NULL DEFAULT 0,
    "success_count" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "processing_seconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "report" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "upload_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "company" TEXT,
    "phone" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "site_settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "advertisement_codes" (
    "slot" TEXT NOT NULL,
    "html" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "advertisement_codes_pkey" PRIMARY KEY ("slot")
);

-- CreateTable
CREATE TABLE "admin_users" (
    "id" SERIAL NOT NULL,
    "username" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "admin_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" BIGSERIAL NOT NULL,
    "admin_user_id" INTEGER,
    "action" TEXT NOT NULL,
    "entity" TEXT,
    "entity_id" TEXT,
    "details" JSONB,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_outbox" (
    "id" BIGSERIAL NOT NULL,
    "business_id" INTEGER,
    "op" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_outbox_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "search_outbox_op" CHECK ("op" IN ('upsert', 'delete', 'truncate'))
);

-- CreateTable
CREATE TABLE "indexer_state" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "indexer_state_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "businesses_place_id_key" ON "businesses"("place_id");

-- CreateIndex
CREATE UNIQUE INDEX "businesses_slug_key" ON "businesses"("slug");

-- CreateIndex
CREATE INDEX "businesses_category_slug_idx" ON "businesses"("category_slug");

-- CreateIndex
CREATE INDEX "businesses_country_code_city_slug_idx" ON "businesses"("country_code", "city_slug");

-- CreateIndex
CREATE INDEX "businesses_created_at_idx" ON "businesses"("created_at");

-- CreateIndex
CREATE INDEX "businesses_source_idx" ON "businesses"("source");

-- CreateIndex
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs"("created_at");

-- CreateIndex
CREATE INDEX "upload_reports_created_at_idx" ON "upload_reports"("created_at");

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "admin_users_username_key" ON "admin_users"("username");

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_reports" ADD CONSTRAINT "upload_reports_import_job_id_fkey" FOREIGN KEY ("import_job_id") REFERENCES "import_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "admin_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Search outbox triggers (not expressible in schema.prisma). Statement-level triggers with transition
-- tables write one INSERT ... SELECT per statement, so a 2,000-row COPY batch costs one trigger call,
-- not 2,000. pg_notify is sent once per statement (and PostgreSQL folds identical notifications of
-- one transaction into one), waking the indexer; it also polls in case a notification is missed.
CREATE FUNCTION "search_outbox_enqueue_upsert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_outbox" ("business_id", "op") SELECT "id", 'upsert' FROM new_rows;
    PERFORM pg_notify('search_outbox', 'upsert');
    RETURN NULL;
END
$$;

CREATE FUNCTION "search_outbox_enqueue_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_outbox" ("business_id", "op") SELECT "id", 'delete' FROM old_rows;
    PERFORM pg_notify('search_outbox', 'delete');
    RETURN NULL;
END
$$;

CREATE FUNCTION "search_outbox_enqueue_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "search_outbox" ("business_id", "op") VALUES (NULL, 'truncate');
    PERFORM pg_notify('search_outbox', 'truncate');
    RETURN NULL;
END
$$;

CREATE TRIGGER "businesses_outbox_insert" AFTER INSERT ON "businesses"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_outbox_enqueue_upsert"();
CREATE TRIGGER "businesses_outbox_update" AFTER UPDATE ON "businesses"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_outbox_enqueue_upsert"();
CREATE TRIGGER "businesses_outbox_delete" AFTER DELETE ON "businesses"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_outbox_enqueue_delete"();
CREATE TRIGGER "businesses_outbox_truncate" AFTER TRUNCATE ON "businesses"
    FOR EACH STATEMENT EXECUTE FUNCTION "search_outbox_enqueue_truncate"();
