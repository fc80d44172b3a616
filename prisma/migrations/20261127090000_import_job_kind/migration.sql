-- AlterTable
-- Where an import came from (batch or single upload, or the CLI), kept on the job from its start: an import
-- whose process died is reported under the same kind as it would have been (abandoned-imports.ts).
ALTER TABLE "import_jobs" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'batch';
