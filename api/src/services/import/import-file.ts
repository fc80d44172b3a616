/**
 * The import pipeline: a worker thread reads the file and turns it into validated, de-duplicated batches
 * encoded for COPY (read-batches.ts); this thread writes each batch (repositories/import-jobs.ts) and
 * keeps the job, the counters and the report.
 *
 * - Each batch is one transaction that also records the job's progress (rows read, rows written,
 *   lastCommittedRow), so after a crash the ImportJob says exactly which data rows are in the database.
 * - The worker parses the next batches while PostgreSQL writes earlier ones, over several connections at
 *   once on a machine with the cores for it (importWritersFor). Batches then commit in any order: the
 *   report applies their outcomes in file order, and lastCommittedRow is a watermark, the highest data
 *   row below which every batch committed (import-jobs.ts keeps the same in the job's row).
 * - A place_id seen earlier in the file is skipped (first occurrence wins). A row without one is keyed by
 *   its name, address and phone (content-key.ts), so every row of a file is matched on a second run.
 * - A business that exists is changed only in the columns the file has: a file without a phone column
 *   leaves stored phones alone (an empty cell in a phone column does clear one).
 * - Nothing here talks to Meilisearch: the businesses triggers fill search_outbox and the indexer follows.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { stat } from 'node:fs/promises';
import type { BatchSize, ImportMode } from '../../../../common/api/admin.ts';
import { isContentKey } from '../../../../common/business.ts';
import type { Pool, PoolClient } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { createHeapValve } from '../../../../platform/runtime/heap-valve.ts';
import { createRunningImportJob, finishImportJob, holdImportLock, writeImportBatch } from '../../repositories/import-jobs.ts';
import type { ColumnMapping } from './columns.ts';
import { buildUploadResult, emptyCounters, MAX_LISTED, type ImportCounters, type ReportInput, type UploadResult } from './import-report.ts';
import { publishImportProgress, type ImportPhase, type ImportProgress } from './import-progress.ts';
import { prepareThreadsForFile, readBatchesInWorker } from './parsed-batches.ts';
import { positionAt, type ReadDelta, type ReadMessage } from './read-batches.ts';
import type { WriteOutcome } from '../../../../platform/db/business-writer.ts';
import { detach, type FileType, type RowSource } from './source-rows.ts';


export interface ImportFileOptions {
  pool: Pool;
  prisma: Prisma;
  /** The file on disk (an upload's temp file or a CLI argument). */
  path: string;
  /** The name shown in reports (the uploaded file's name). */
  fileName: string;
  mode?: ImportMode;
  batchSize?: BatchSize;
  adminUserId?: number | null;
  /** New businesses of the file are not approved (invisible to visitors until an admin approves them); updates keep their approval. */
  holdForReview?: boolean;
  /** 'batch' for the multi-file endpoint, 'single' for POST /api/upload-excel, 'cli' for `npm run import`. */
  kind?: 'batch' | 'single' | 'cli';
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Batches written at once, each over a connection of its own (default: importWritersFor the pool and
   * this machine). Taken from `pool`, so the pool must hold at least this many.
   */
  writers?: number;
  /** Helper threads, whatever the file (default: prepareThreadsFor the file's size and type, and this machine); for the bench and tests. */
  prepareThreads?: number;
  /** IMPORT_READER_THREADS: threads reading a large CSV (prepareThreadsForFile). */
  readerThreads?: number;
  /** The size of a CSV's ranges when helper threads read it (csv-ranges.ts); for tests, to have many. */
  rangeBytes?: number;
  /** Test hook: runs inside each batch's transaction just before it commits (`attempt` > 1: tried again after a deadlock). */
  beforeCommit?: (client: PoolClient, batchNumber: number, attempt: number) => Promise<void>;
}

export interface ImportOutcome {
  jobId: string;
  reportId: number;
  status: 'completed' | 'failed';
  result: UploadResult;
}

const PROGRESS_INTERVAL_MS = 500;

/** The most batches an import writes at once, whatever the machine (each holds a connection and its batch in memory). */
export const MAX_IMPORT_WRITERS = 8;

/**
 * How many batches an import writes at once: one per two cores (the parse worker, any prepare thread and
 * PostgreSQL's backends need the rest), at most MAX_IMPORT_WRITERS, and never more than half the pool, so
 * an upload through the API leaves its requests connections. On two cores that is one: the parse worker
 * and PostgreSQL already keep both busy, and a second writer measured no faster (docs/performance.md).
 */
export function importWritersFor(pool: Pick<Pool, 'options'>, cores = os.availableParallelism()): number {
  const poolMax = pool.options.max ?? 10;
  return Math.max(1, Math.min(importWritersForCores(cores), Math.floor(poolMax / 2)));
}

/** The cores' part of importWritersFor (a pool of twice this many lets an import use them all: the CLI's). */
export function importWritersForCores(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(MAX_IMPORT_WRITERS, Math.floor(cores / 2)));
}
export const HELD_FOR_REVIEW_NOTE = 'New businesses of this file are held for review: visitors see them once an admin approves them (updated businesses kept their approval).';

/** Imports one file end to end and stores its UploadReport; never throws for a bad file (the report says why). */
export async function importFile(options: ImportFileOptions): Promise<ImportOutcome> {
  const { pool, prisma, path } = options;
  const mode = options.mode ?? 'upsert';
  const batchSize = options.batchSize ?? 500;
  const startedAt = Date.now();
  const { size: fileSizeBytes } = await stat(path);

  // Locked before the job exists, so no sweep (abandoned-imports.ts) ever sees it running unlocked.
  const jobId = randomUUID();
  const lock = await holdImportLock(pool, jobId);
  try {
    await createRunningImportJob(prisma, {
      id: jobId, fileName: options.fileName, fileSizeBytes, mode, batchSize,
      kind: options.kind ?? 'batch', adminUserId: options.adminUserId ?? null, startedAt: new Date(startedAt),
    });
    return await runImport(options, { jobId, mode, batchSize, startedAt, fileSizeBytes });
  } finally {
    await lock.release();
  }
}

async function runImport(
  options: ImportFileOptions,
  job: { jobId: string; mode: ImportMode; batchSize: BatchSize; startedAt: number; fileSizeBytes: number },
): Promise<ImportOutcome> {
  const { pool, prisma, path, fileName } = options;
  const { jobId, mode, batchSize, startedAt, fileSizeBytes } = job;
  const source = `import:${jobId}`;
  const counters: ImportCounters = emptyCounters();
  let mapping: Pick<ColumnMapping, 'columnExtraction'> | null = null;
  let failure: ReportInput['failure'];
  let lastCommittedRow = 0;
  let rowsWritten = 0;
  let lastProgressAt = 0;
  let fileType: FileType | null = null;
  let sheets: RowSource['sheets'] = [];
  /** How much of the file the reader has read, 0..1 (for the ETA). */
  let fraction = 0;

  const progress = (phase: ImportPhase, force = false) => {
    const now = Date.now();
    if (!force && now - lastProgressAt < PROGRESS_INTERVAL_MS) return;
    lastProgressAt = now;
    const seconds = Math.max(0.001, (now - startedAt) / 1000);
    const message: ImportProgress = {
      jobId, file: fileName, phase, rowsRead: counters.totalRows, rowsWritten,
      rowsPerSecond: Math.round(counters.totalRows / seconds),
      etaSeconds: phase === 'completed' || phase === 'failed' ? 0 : fraction > 0.01 ? Math.round((seconds / fraction) * (1 - fraction)) : null,
    };
    publishImportProgress(message);
    options.onProgress?.(message);
  };

  /** What an existing business may be changed in: only the columns this file has (see ColumnMapping). */
  let updatableColumns: string[] | undefined;
  let notes: string[] = [];
  let batchNumber = 0;
  const writers = Math.max(1, Math.floor(options.writers ?? importWritersFor(pool)));
  // This thread's garbage (the batches' messages, their queries) is collected as the import goes, not
  // left to pile up for V8's next full collection (heap-valve.ts); sooner with several writers, whose
  // batches, queries and connections' buffers are that many more (a 40 MB short-row CSV with 8 writers
  // and a prepare thread peaked at 403 MB with the single writer's 48 MB: docs/performance.md).
  const heap = createHeapValve(writers > 1 ? { growthBytes: 24 * 1024 * 1024 } : {});

  type BatchMessage = Extract<ReadMessage, { type: 'batch' }>;
  /** Batches being written, by number. */
  const writing = new Map<number, Promise<void>>();
  /** Batches committed but not yet counted: outcomes are applied in the file's order (below). */
  const committed = new Map<number, { message: BatchMessage; outcome: WriteOutcome }>();
  /** The next batch to count; every batch before it has committed and been counted. */
  let nextToCount = 1;
  /** The first batch that failed (the lowest number, as batches may fail out of order). */
  let writeFailure: BatchWriteFailed | null = null;
  /** Batches read but never written (the import stopped): their repeats are listed all the same. */
  const unwritten: BatchMessage[] = [];
  /** The batches that failed, by number (their repeats are listed too). */
  const failed = new Map<number, BatchMessage>();
  let endSkipped: ReadDelta['skippedBusinesses'] = [];

  // Counted only once committed, so a failed batch leaves no trace in the report either; counted in the
  // file's order, so the report lists skipped rows as a single writer would have.
  const count = ({ message, outcome }: { message: BatchMessage; outcome: WriteOutcome }) => {
    counters.databaseDuplicateCount += outcome.existing;
    counters.matchedByContent += outcome.existingByContent;
    counters.inserted += outcome.inserted;
    counters.updated += outcome.updated;
    counters.unchanged += outcome.unchanged;
    counters.skippedByMode += outcome.skipped.length;
    const room = MAX_LISTED - counters.skippedBusinesses.length;
    const skipped: ImportCounters['skippedBusinesses'] = [...message.delta.skippedBusinesses];
    for (const row of outcome.skipped.slice(0, Math.max(0, room))) {
      const { rowNumber, sheet } = positionAt(message.positions, row.index);
      skipped.push({ row: rowNumber, sheet, name: detach(row.name), placeId: row.placeId && !isContentKey(row.placeId) ? detach(row.placeId) : null, reason: row.reason });
    }
    // The batch's repeats (skipped by the reader) and rows its mode skipped, in the file's order: by row
    // within one sheet (rows of several sheets keep the reader's, then the writer's order).
    if (skipped.every((row) => row.sheet === skipped[0].sheet)) skipped.sort((a, b) => a.row - b.row);
    listSkipped(counters, skipped);
  };

  const writeBatch = async (message: BatchMessage, number: number, fromDataRow: number) => {
    try {
      const { beforeCommit } = options;
      const outcome = await writeImportBatch(pool, {
        jobId, batch: message.batch, mode, columns: updatableColumns, fromDataRow, upToDataRow: message.upToDataRow,
        fileType: fileType ?? 'unknown', beforeCommit: beforeCommit && ((client, attempt) => beforeCommit(client, number, attempt)),
      });
      rowsWritten += outcome.inserted + outcome.updated + outcome.unchanged;
      committed.set(number, { message, outcome });
      // The watermark: batches counted in order, up to the first one not committed yet.
      for (let next = committed.get(nextToCount); next; next = committed.get(nextToCount)) {
        committed.delete(nextToCount++);
        count(next);
        lastCommittedRow = next.message.upToDataRow;
      }
      reader.recycle(message.batch);
      heap.check();
    } catch (error) {
      failed.set(number, message);
      if (!writeFailure || number < writeFailure.batchNumber) writeFailure = new BatchWriteFailed(number, error);
      return;
    } finally {
      writing.delete(number);
    }
    progress('writing', true);
  };

  const isApproved = !options.holdForReview;
  const reader = await readBatchesInWorker({ path, batchSize, source, isApproved, mode, prepareThreads: options.prepareThreads ?? (await prepareThreadsForFile(path, fileSizeBytes, { readerThreads: options.readerThreads })), rangeBytes: options.rangeBytes });
  let readFailure: unknown = null;
  try {
    let fromDataRow = 0;
    for await (const message of reader.messages) {
      fraction = message.type === 'opened' ? 0 : message.fraction;
      if (message.type === 'opened') {
        fileType = message.fileType;
        updatableColumns = message.updatableColumns;
        notes = isApproved ? message.notes : [...message.notes, HELD_FOR_REVIEW_NOTE];
        mapping = { columnExtraction: message.columnExtraction };
        progress('reading', true);
        continue;
      }
      // The rows the reader skipped (repeats in the file) are listed with their batch's rows skipped by
      // the writer, once it is counted: the list then reads the same however many writers there are.
      addDelta(counters, message.delta);
      if (message.type === 'end') {
        endSkipped = message.delta.skippedBusinesses;
        fileType = message.fileType;
        notes = [...notes, ...message.notes];
        sheets = message.sheets;
        if (message.failure) failure = message.failure;
        // A file named as a workbook that holds text is read as CSV (the type is decided by content): say
        // so, or the missing-column message reads as if the workbook's header were the first line of text.
        const workbookName = /\.xlsx?$/i.exec(options.fileName);
        if (failure?.code === 'missing_columns' && fileType === 'csv' && workbookName) {
          failure = { ...failure, message: `The file is named ${workbookName[0].toLowerCase()} but holds plain text, not an Excel workbook, so it was read as CSV. ${failure.message}` };
        }
        break;
      }
      // Up to `writers` batches are written while the worker prepares the next ones; a failed write stops
      // the loop here (the batches already being written finish, committed or not, below).
      while (writing.size >= writers && !writeFailure) await Promise.race(writing.values());
      if (writeFailure) {
        unwritten.push(message);
        break;
      }
      batchNumber++;
      writing.set(batchNumber, writeBatch(message, batchNumber, fromDataRow));
      fromDataRow = message.upToDataRow;
      progress('reading');
    }
  } catch (error) {
    readFailure = error;
  } finally {
    // Every batch started is finished (committed or rolled back) before the report is written.
    while (writing.size) await Promise.race(writing.values());
    await reader.close().catch(() => undefined);
  }
  // Batches that committed after one that failed are in the database: the report counts them too.
  for (const number of [...committed.keys(), ...failed.keys()].sort((a, b) => a - b)) {
    const done = committed.get(number);
    if (done) count(done);
    else listSkipped(counters, failed.get(number)!.delta.skippedBusinesses);
  }
  for (const message of unwritten) listSkipped(counters, message.delta.skippedBusinesses);
  listSkipped(counters, endSkipped);
  /** Rows committed in batches after the watermark (after a failed batch). */
  const committedPastWatermark = [...committed.values()].reduce((sum, { outcome }) => sum + outcome.inserted + outcome.updated + outcome.unchanged, 0);
  committed.clear();
  if (writeFailure) {
    const failed: BatchWriteFailed = writeFailure;
    failure = { code: 'import_failed', message: `Writing batch ${failed.batchNumber} failed (${failed.message}).` };
  } else if (readFailure) {
    const message = readFailure instanceof Error ? readFailure.message : String(readFailure);
    failure = { code: 'import_failed', message: `The file could not be read further (${message}).` };
  } else {
    if (!failure && counters.totalRows === 0) failure = { code: 'empty', message: 'The file has a header row but no data rows; nothing was imported.', complete: true };
    // Every row refused: nothing of the file is on the site, which is a failed upload, not a success.
    if (!failure && counters.errorCount === counters.totalRows) {
      const n = counters.totalRows;
      const why = counters.errors.length < n ? `the first ${counters.errors.length.toLocaleString('en-US')} are listed with their reasons` : 'the errors say why for each row';
      failure = { code: 'no_valid_rows', message: `${n === 1 ? 'The one data row was' : `All ${n.toLocaleString('en-US')} data rows were`} rejected, so nothing was imported; ${why}.`, complete: true };
    }
  }

  const finishedAt = Date.now();
  const result = buildUploadResult({
    jobId, fileName, fileSizeBytes, fileType, mode, batchSize, counters, mapping,
    sheets, startedAt, finishedAt, failure, lastCommittedRow, committedPastWatermark, notes,
  });
  const status = failure ? 'failed' : 'completed';
  // Storing the outcome can fail too (PostgreSQL gone at the end of the import): the import has ended
  // all the same, and its watchers (the progress sockets, `directory_imports_running`) are told so; it
  // stayed "running" for good in the metrics before.
  const reportId = await finishImportJob(prisma, {
    jobId,
    job: {
      status, fileType: fileType ?? 'unknown', rowsRead: counters.totalRows, rowsWritten, lastCommittedRow,
      error: failure ? result.message : null, finishedAt: new Date(finishedAt),
    },
    report: {
      importJobId: jobId, kind: options.kind ?? 'batch', success: result.success, fileName, fileSizeBytes: BigInt(fileSizeBytes),
      totalRows: result.totalRows, successCount: result.successCount, errorCount: result.errorCount, skippedCount: result.skippedCount,
      processingSeconds: result.summary.processingTimeSeconds, report: result as object,
    },
  }).catch((error: unknown) => {
    progress('failed', true);
    throw error;
  });
  progress(status, true);
  return { jobId, reportId, status, result };
}

/** A batch that could not be written (as opposed to a file that could not be read). */
class BatchWriteFailed extends Error {
  constructor(readonly batchNumber: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

function listSkipped(counters: ImportCounters, skipped: ReadDelta['skippedBusinesses']): void {
  for (const business of skipped) {
    if (counters.skippedBusinesses.length >= MAX_LISTED) return;
    counters.skippedBusinesses.push(business);
  }
}

/** Adds what the reader counted, but for its skipped rows (listSkipped: a batch's are listed when it is counted). */
function addDelta(counters: ImportCounters, delta: ReadDelta): void {
  counters.totalRows += delta.totalRows;
  counters.recordsWithPlaceId += delta.recordsWithPlaceId;
  counters.uniquePlaceIds += delta.uniquePlaceIds;
  counters.keyedByContent += delta.keyedByContent;
  counters.skippedSheetRows += delta.skippedSheetRows;
  counters.excelDuplicateCount += delta.excelDuplicateCount;
  counters.errorCount += delta.errorCount;
  counters.errors.push(...delta.errors);
  counters.excelDuplicateRecords.push(...delta.excelDuplicateRecords);
}
