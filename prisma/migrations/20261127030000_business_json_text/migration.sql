-- AlterTable
-- working_hours and about as json (the text, validated) instead of jsonb (a parsed binary form). Nothing
-- in PostgreSQL reads inside them (reads go to Meilisearch), and building the binary form was the larger
-- part of the database's cost of an imported row: COPY of the import bench's rows into a table of these
-- columns took 12-13 us of backend CPU a row with json against 21-24 us with jsonb (docs/performance.md).
-- json has no equality operator: the writer compares them as jsonb (platform/db/business-writer.ts).
ALTER TABLE "businesses" ALTER COLUMN "working_hours" SET DATA TYPE JSON USING "working_hours"::json,
ALTER COLUMN "about" SET DATA TYPE JSON USING "about"::json;
