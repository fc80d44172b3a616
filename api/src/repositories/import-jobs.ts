/**
 * Data access for import jobs (import_jobs) and their locks. An import holds a session-level advisory
 * lock on its job for as long as it runs: PostgreSQL frees it the moment that process or connection is
 * gone, which is how a sweep tells a running import from an abandoned one (services/import/abandoned-imports.ts).
 */
import pg from 'pg';
import { writeEncodedBatch, type EncodedBatch, type WriteMode, type WriteOutcome } from '../../../platform/db/business-writer.ts';
import { LONG_STATEMENT_BOUNDS, setStatementTimeout, type Pool, type PoolClient } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { createUploadReport, type NewUploadReport } from './upload-reports.ts';

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

export interface UnfinishedImportJob {
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
  /** The data rows whose batches committed, an int4multirange literal (migration 20261128010000). */
  committed_rows: string;
  started_at: Date | null;
  created_at: Date;
}

/** Jobs queued or running, oldest first: running imports and abandoned ones alike. */
export async function listUnfinishedImportJobs(pool: Pool): Promise<UnfinishedImportJob[]> {
  const { rows } = await pool.query<UnfinishedImportJob>(`
    SELECT id, kind, file_name, file_size_bytes::text, file_type, mode, batch_size, rows_written, rows_inserted, rows_updated,
      last_committed_row, committed_rows, started_at, created_at
    FROM import_jobs WHERE status IN ('queued', 'running') ORDER BY created_at`);
  return rows;
}

/**
 * Runs `whileLocked` for each job whose lock is free (nobody imports it), holding that lock meanwhile so
 * the job cannot be picked up twice; a job whose lock is held is passed over. One pooled connection for all.
 */
export async function lockEachFreeImportJob(pool: Pool, jobIds: string[], whileLocked: (jobId: string) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    for (const jobId of jobIds) {
      if (!(await tryImportLock(client, jobId))) continue;
      try {
        await whileLocked(jobId);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [IMPORT_LOCK_CLASS, jobId]);
      }
    }
  } finally {
    client.release();
  }
}

async function tryImportLock(client: PoolClient, jobId: string): Promise<boolean> {
  const { rows } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS free', [IMPORT_LOCK_CLASS, jobId]);
  return rows[0].free;
}

export async function createRunningImportJob(
  prisma: Prisma,
  job: { id: string; fileName: string; fileSizeBytes: number; mode: WriteMode; batchSize: number; kind: string; adminUserId: number | null; startedAt: Date },
): Promise<void> {
  await prisma.importJob.create({
    data: {
      id: job.id, status: 'running', fileName: job.fileName, fileSizeBytes: BigInt(job.fileSizeBytes), fileType: 'unknown', mode: job.mode,
      batchSize: job.batchSize, kind: job.kind, adminUserId: job.adminUserId, startedAt: job.startedAt,
    },
  });
}

/** How often a batch whose transaction PostgreSQL aborted as a deadlock (or serialization failure) is tried again. */
const MAX_BATCH_ATTEMPTS = 4;
const RETRIED_CODES = new Set(['40P01', '40001']);

/**
 * Writes one batch of businesses and the job's progress in one transaction, so after a crash the job says
 * exactly which data rows are in the database. An import writes several batches at once, which commit in
 * any order: each records its rows (fromDataRow, upToDataRow] in the job's committed_rows, and
 * last_committed_row becomes the end of its first range, the highest row below which every batch committed.
 * The job's row is updated last, in the same round trip as COMMIT: its row lock, which orders the batches'
 * updates, is held for no longer than the commit itself.
 *
 * A transaction PostgreSQL aborts as a deadlock (two writers inserting the same keys in opposite orders:
 * two imports of overlapping files, or one import's rows whose slugs collide) is rolled back whole and
 * tried again; any other error rolls back and is rethrown.
 */
export async function writeImportBatch(
  pool: Pool,
  options: {
    jobId: string;
    batch: EncodedBatch;
    mode: WriteMode;
    /** The columns an existing business may be changed in (undefined: all). */
    columns: string[] | undefined;
    /** The last data row of the batch before this one (0 for the first). */
    fromDataRow: number;
    /** The last data row of the batch. */
    upToDataRow: number;
    fileType: string;
    /** Test hook: runs inside the transaction before the job's progress is written and the batch commits. */
    beforeCommit?: (client: PoolClient, attempt: number) => Promise<void>;
  },
): Promise<WriteOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeImportBatchOnce(pool, options, attempt);
    } catch (error) {
      if (attempt >= MAX_BATCH_ATTEMPTS || !RETRIED_CODES.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

async function writeImportBatchOnce(pool: Pool, options: Parameters<typeof writeImportBatch>[1], attempt: number): Promise<WriteOutcome> {
  const { jobId, fromDataRow, upToDataRow } = options;
  if (!UUID.test(jobId) || !isRowNumber(fromDataRow) || !isRowNumber(upToDataRow) || upToDataRow <= fromDataRow) {
    throw new Error(`invalid import batch position (job ${jobId}, rows ${fromDataRow}-${upToDataRow})`);
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // A batch's commit need not wait for its WAL flush: the job's progress commits with the rows, so a
    // crash can only lose the last batches together with the progress that claims them, and the report's
    // final (synchronous) commit flushes everything before the import is called done.
    await client.query('SET LOCAL synchronous_commit = off');
    // The import's own bound, not the request path's (platform/db/pool.ts): a batch waiting for a lock or
    // a busy disk is slow, not dead. A statement that still runs out of it fails the batch like any other
    // error: rolled back whole, the job's last committed row left at the previous batch.
    await setStatementTimeout(client, LONG_STATEMENT_BOUNDS.importBatchMs);
    const outcome = await writeEncodedBatch(client, options.batch, { mode: options.mode, columns: options.columns });
    const written = outcome.inserted + outcome.updated + outcome.unchanged;
    await options.beforeCommit?.(client, attempt);
    // One simple query (no parameters), so the values are written in: a UUID and integers checked above.
    const progress = batchProgressUpdate(client, { jobId, fromDataRow, upToDataRow, fileType: options.fileType, written, inserted: outcome.inserted, updated: outcome.updated });
    await client.query(`${progress}; COMMIT`);
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The UPDATE that records a committed batch on its job. Batches of one job wait for each other's row lock
 * here; the one that waited is evaluated again on the row its predecessor committed (READ COMMITTED), so
 * the ranges add up whatever the order. Exported for its test.
 */
export function batchProgressUpdate(
  client: Pick<PoolClient, 'escapeLiteral'>,
  batch: { jobId: string; fromDataRow: number; upToDataRow: number; fileType: string; written: number; inserted: number; updated: number },
): string {
  const { jobId, fromDataRow, upToDataRow, written, inserted, updated } = batch;
  for (const value of [fromDataRow, upToDataRow, written, inserted, updated]) if (!isRowNumber(value)) throw new Error(`invalid import batch count ${value}`);
  if (!UUID.test(jobId) || upToDataRow <= fromDataRow) throw new Error(`invalid import batch position (job ${jobId}, rows ${fromDataRow}-${upToDataRow})`);
  const rows = `int4multirange(int4range(${fromDataRow}, ${upToDataRow}, '(]'))`;
  return `UPDATE import_jobs SET rows_read = GREATEST(rows_read, ${upToDataRow}), rows_written = rows_written + ${written},
      committed_rows = (committed_rows::int4multirange + ${rows})::text,
      last_committed_row = coalesce((SELECT upper(r) - 1 FROM unnest(committed_rows::int4multirange + ${rows}) AS r WHERE lower(r) = 1), 0),
      file_type = ${client.escapeLiteral(batch.fileType)}, rows_inserted = rows_inserted + ${inserted}, rows_updated = rows_updated + ${updated}
    WHERE id = '${jobId}'`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isRowNumber = (value: number) => Number.isSafeInteger(value) && value >= 0 && value < 2 ** 31 - 1;

/** Closes the job and stores its report in one transaction; returns the report's id. */
export async function finishImportJob(
  prisma: Prisma,
  options: {
    jobId: string;
    job: { status: 'completed' | 'failed'; fileType: string; rowsRead: number; rowsWritten: number; lastCommittedRow: number; error: string | null; finishedAt: Date };
    report: NewUploadReport;
  },
): Promise<number> {
  const [, report] = await prisma.$transaction([
    prisma.importJob.update({ where: { id: options.jobId }, data: options.job }),
    createUploadReport(prisma, options.report),
  ]);
  return report.id;
}

/**
 * Marks an abandoned job failed and stores its report, only if the job is still unfinished: its own
 * process may have finished it between the caller's read and its lock. Returns whether it did.
 */
export function failUnfinishedImportJob(
  prisma: Prisma,
  options: { jobId: string; error: string; finishedAt: Date; report: NewUploadReport },
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.importJob.updateMany({
      where: { id: options.jobId, status: { in: ['queued', 'running'] } },
      data: { status: 'failed', error: options.error, finishedAt: options.finishedAt },
    });
    if (count === 0) return false;
    await createUploadReport(tx, options.report);
    return true;
  });
}
