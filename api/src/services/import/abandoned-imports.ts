/**
 * Imports whose process died. An import holds a session-level advisory lock on its job for as long as it
 * runs (on a connection of its own: PostgreSQL frees the lock the moment that process or connection is
 * gone). A job still "running" whose lock is free has nobody left to finish it: a crash, a kill, a
 * restart of `npm start` in the middle of an upload. It is closed as failed, and an upload report says
 * where it stopped and what was stored, from the counts each batch committed with the job.
 */
import pg from 'pg';
import type { Pool, PoolClient } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { buildUploadResult, committedRows, emptyCounters } from './import-report.ts';
import type { ImportMode } from '../../../../common/api/admin.ts';
import type { FileType } from './source-rows.ts';

/** The advisory lock namespace of import jobs (the first of pg_advisory_lock's two int4 keys). */
const IMPORT_LOCK_CLASS = 20_261_123;

export interface ImportLock {
  release(): Promise<void>;
}

/**
 * Takes the job's lock on a connection of its own, kept until `release`: opened beside the pool, not taken
 * from it, so ten imports at once cannot hold every pooled connection and leave none for their batches.
 */
export async function holdImportLock(pool: Pool, jobId: string): Promise<ImportLock> {
  const client = new pg.Client({ ...pool.options, application_name: 'directory-import-lock' } as pg.ClientConfig);
  // A lost connection frees the lock; the import itself fails or finishes on its own connections.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [IMPORT_LOCK_CLASS, jobId]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    // Closing the connection frees the lock.
    release: () => client.end().catch(() => undefined),
  };
}

interface JobRow {
  id: string;
  kind: string;
  file_name: string;
  file_size_bytes: string;
  file_type: string;
  mode: string;
  batch_size: number;
  rows_written: number;
  rows_inserted: number;
  rows_updated: number;
  last_committed_row: number;
  started_at: Date | null;
  created_at: Date;
}

/** Closes every running import whose process is gone; returns their job ids. */
export async function closeAbandonedImports(options: { pool: Pool; prisma: Prisma; now?: () => Date }): Promise<string[]> {
  const { pool, prisma } = options;
  const { rows } = await pool.query<JobRow>(`
    SELECT id, kind, file_name, file_size_bytes::text, file_type, mode, batch_size, rows_written, rows_inserted, rows_updated,
      last_committed_row, started_at, created_at
    FROM import_jobs WHERE status IN ('queued', 'running') ORDER BY created_at`);
  if (rows.length === 0) return [];
  const closed: string[] = [];
  const client = await pool.connect();
  try {
    for (const job of rows) {
      if (!(await tryLock(client, job.id))) continue;
      try {
        if (await closeJob(prisma, job, (options.now ?? (() => new Date()))())) closed.push(job.id);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [IMPORT_LOCK_CLASS, job.id]);
      }
    }
  } finally {
    client.release();
  }
  return closed;
}

async function tryLock(client: PoolClient, jobId: string): Promise<boolean> {
  const { rows } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS free', [IMPORT_LOCK_CLASS, jobId]);
  return rows[0].free;
}

async function closeJob(prisma: Prisma, job: JobRow, now: Date): Promise<boolean> {
  const counters = emptyCounters();
  counters.totalRows = job.last_committed_row;
  counters.inserted = job.rows_inserted;
  counters.updated = job.rows_updated;
  counters.unchanged = Math.max(0, job.rows_written - job.rows_inserted - job.rows_updated);
  const written = job.rows_written;
  const stored = written === 0
    ? 'Nothing of it was stored.'
    : `${written === 1 ? '1 row' : `${written.toLocaleString('en-US')} rows`} committed before it ${written === 1 ? 'stays' : 'stay'} (${committedRows(job.last_committed_row)}); which rows were rejected or skipped before that is not known.`;
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
  return prisma.$transaction(async (tx) => {
    // Only a job still running: its own process may have finished it between the read and the lock.
    const { count } = await tx.importJob.updateMany({
      where: { id: job.id, status: { in: ['queued', 'running'] } },
      data: { status: 'failed', error: result.message, finishedAt: now },
    });
    if (count === 0) return false;
    await tx.uploadReport.create({
      data: {
        importJobId: job.id, kind: job.kind, success: false, fileName: job.file_name, fileSizeBytes: BigInt(job.file_size_bytes),
        totalRows: result.totalRows, successCount: result.successCount, errorCount: 0, skippedCount: 0,
        processingSeconds: result.summary.processingTimeSeconds, report: result as object,
      },
    });
    return true;
  });
}
