/**
 * Imports whose process died. An import holds a session-level advisory lock on its job for as long as it
 * runs (on a connection of its own: PostgreSQL frees the lock the moment that process or connection is
 * gone). A job still "running" whose lock is free has nobody left to finish it: a crash, a kill, a
 * restart of `npm start` in the middle of an upload. It is closed as failed, and an upload report says
 * where it stopped and what was stored, from the counts each batch committed with the job.
 */
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { failUnfinishedImportJob, listUnfinishedImportJobs, lockEachFreeImportJob, type UnfinishedImportJob } from '../../repositories/import-jobs.ts';
import { buildUploadResult, committedRows, emptyCounters } from './import-report.ts';
import type { ImportMode } from '../../../../common/api/admin.ts';
import type { FileType } from './source-rows.ts';

/** Closes every running import whose process is gone; returns their job ids. */
export async function closeAbandonedImports(options: { pool: Pool; prisma: Prisma; now?: () => Date }): Promise<string[]> {
  const { pool, prisma } = options;
  const jobs = await listUnfinishedImportJobs(pool);
  if (jobs.length === 0) return [];
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const closed: string[] = [];
  await lockEachFreeImportJob(pool, jobs.map((job) => job.id), async (jobId) => {
    if (await closeJob(prisma, byId.get(jobId)!, (options.now ?? (() => new Date()))())) closed.push(jobId);
  });
  return closed;
}

async function closeJob(prisma: Prisma, job: UnfinishedImportJob, now: Date): Promise<boolean> {
  const counters = emptyCounters();
  counters.totalRows = job.last_committed_row;
  counters.inserted = job.rows_inserted;
  counters.updated = job.rows_updated;
  counters.unchanged = Math.max(0, job.rows_written - job.rows_inserted - job.rows_updated);
  const written = job.rows_written;
  const stored = written === 0
    ? 'Nothing of it was stored.'
    : `${written === 1 ? '1 row' : `${written.toLocaleString('en-US')} rows`} committed before it ${written === 1 ? 'stays' : 'stay'} (${committedRows(job.last_committed_row)}${pastWatermark(job) ? ', and some of the batches after it, written at the same time' : ''}); which rows were rejected or skipped before that is not known.`;
  const startedAt = (job.started_at ?? job.created_at).getTime();
  const result = buildUploadResult({
    jobId: job.id, fileName: job.file_name, fileSizeBytes: Number(job.file_size_bytes),
    fileType: job.file_type === 'unknown' ? null : (job.file_type as FileType), mode: job.mode as ImportMode, batchSize: job.batch_size,
    counters, mapping: null, sheets: [], startedAt, finishedAt: now.getTime(), lastCommittedRow: job.last_committed_row, notes: [],
    failure: {
      code: 'interrupted',
      message: `The import was cut off: the process importing it stopped (a restart, a crash or a kill) before it finished. ${stored} Upload the file again to import the rest: rows already stored are matched, not added twice.`,
      rowNumber: job.last_committed_row,
      complete: true,
    },
  });
  return failUnfinishedImportJob(prisma, {
    jobId: job.id,
    error: result.message,
    finishedAt: now,
    report: {
      importJobId: job.id, kind: job.kind, success: false, fileName: job.file_name, fileSizeBytes: BigInt(job.file_size_bytes),
      totalRows: result.totalRows, successCount: result.successCount, errorCount: 0, skippedCount: 0,
      processingSeconds: result.summary.processingTimeSeconds, report: result as object,
    },
  });
}

/** Whether batches past the job's watermark committed (its committed rows are more than one range). */
function pastWatermark(job: UnfinishedImportJob): boolean {
  return (job.committed_rows.match(/[[(]/g) ?? []).length > (job.last_committed_row > 0 ? 1 : 0);
}
