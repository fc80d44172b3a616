-- AlterTable
-- The data rows of an import whose batches have committed, as an int4multirange literal ('{[1,501),[1001,1501)}'):
-- an import writes several batches at once and they commit in any order, so "committed up to row N"
-- (last_committed_row) is where the first of these ranges ends, kept exact by each batch's own transaction
-- (import-jobs.ts). Text, not int4multirange, because schema.prisma has no type for it.
ALTER TABLE "import_jobs" ADD COLUMN     "committed_rows" TEXT NOT NULL DEFAULT '{}';
