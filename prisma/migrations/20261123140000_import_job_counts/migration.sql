-- AlterTable
-- How many of an import's written rows were new and how many updated (the rest were unchanged), committed
-- with each batch: an import whose process died is reported from them (api/src/services/import/abandoned-imports.ts).
ALTER TABLE "import_jobs" ADD COLUMN     "rows_inserted" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rows_updated" INTEGER NOT NULL DEFAULT 0;
