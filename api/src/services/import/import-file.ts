/**
 * The import pipeline: file -> rows (streamed) -> canonical cells -> validated BusinessRow -> batches
 * written with COPY + one INSERT ... ON CONFLICT each (platform/db/business-writer.ts).
 *
 * - Each batch is one transaction that also records the job's progress (rows read, rows written,
 *   lastCommittedRow), so after a crash the ImportJob says exactly which data rows are in the database.
 * - While one batch is being written, the next one is parsed (the database works while Node parses).
 * - A place_id seen earlier in the file is skipped (first occurrence wins); rows without a place_id are
 *   always inserted (upsert/insert) with a fresh unique slug, so only rows with place_ids are idempotent.
 * - Nothing here talks to Meilisearch: the businesses triggers fill search_outbox and the indexer follows.
 */
import { stat } from 'node:fs/promises';
import type { BusinessRow } from '../../../../common/business.ts';
import { writeBusinessBatch, type WriteMode } from '../../../../platform/db/business-writer.ts';
import type { Pool, PoolClient } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { mapColumns, MissingColumnsError, type ColumnMapping } from './columns.ts';
import { buildUploadResult, emptyCounters, MAX_LISTED, type ImportCounters, type UploadResult } from './import-report.ts';
import { publishImportProgress, type ImportPhase, type ImportProgress } from './import-progress.ts';
import { normaliseRow } from './normalise-row.ts';
import { openRows } from './open-rows.ts';
import { detach, ImportFileError, type FileType, type RowSource, type SourceRow } from './source-rows.ts';

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export type BatchSize = (typeof BATCH_SIZES)[number];
export const IMPORT_MODES = ['upsert', 'insert', 'update'] as const;
export type ImportMode = WriteMode;

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
  /** 'batch' for the multi-file endpoint and the CLI, 'single' for POST /api/upload-excel. */
  kind?: 'batch' | 'single';
  onProgress?: (progress: ImportProgress) => void;
  /** Test hook: runs inside each batch's transaction just before it commits. */
  beforeCommit?: (client: PoolClient, batchNumber: number) => Promise<void>;
}

export interface ImportOutcome {
  jobId: string;
  reportId: number;
  status: 'completed' | 'failed';
  result: UploadResult;
}

interface Pending {
  row: BusinessRow;
  rowNumber: number;
  sheet?: string;
}

const PROGRESS_INTERVAL_MS = 500;

/** Imports one file end to end and stores its UploadReport; never throws for a bad file (the report says why). */
export async function importFile(options: ImportFileOptions): Promise<ImportOutcome> {
  const { pool, prisma, path, fileName } = options;
  const mode = options.mode ?? 'upsert';
  const batchSize = options.batchSize ?? 500;
  const startedAt = Date.now();
  const { size: fileSizeBytes } = await stat(path);

  const job = await prisma.importJob.create({
    data: {
      status: 'running', fileName, fileSizeBytes: BigInt(fileSizeBytes), fileType: 'unknown', mode, batchSize,
      adminUserId: options.adminUserId ?? null, startedAt: new Date(startedAt),
    },
  });
  const jobId = job.id;
  const source = `import:${jobId}`;
  const counters: ImportCounters = emptyCounters();
  let mapping: ColumnMapping | null = null;
  let rows: (RowSource & { type: FileType }) | null = null;
  let failure: { code: string; message: string; rowNumber?: number } | undefined;
  let lastCommittedRow = 0;
  let rowsWritten = 0;
  let dataRows = 0;
  let lastProgressAt = 0;

  const progress = (phase: ImportPhase, force = false) => {
    const now = Date.now();
    if (!force && now - lastProgressAt < PROGRESS_INTERVAL_MS) return;
    lastProgressAt = now;
    const seconds = Math.max(0.001, (now - startedAt) / 1000);
    const fraction = rows?.fraction() ?? 0;
    const message: ImportProgress = {
      jobId, file: fileName, phase, rowsRead: counters.totalRows, rowsWritten,
      rowsPerSecond: Math.round(counters.totalRows / seconds),
      etaSeconds: phase === 'completed' || phase === 'failed' ? 0 : fraction > 0.01 ? Math.round((seconds / fraction) * (1 - fraction)) : null,
    };
    publishImportProgress(message);
    options.onProgress?.(message);
  };

  const seenPlaceIds = new Map<string, number>();
  let batch: Pending[] = [];
  let batchNumber = 0;
  let inFlight: Promise<void> | null = null;

  const writeBatch = async (pending: Pending[], upToDataRow: number, number: number) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const outcome = await writeBusinessBatch(client, pending.map((item) => item.row), { mode, source });
      const written = outcome.inserted + outcome.updated + outcome.unchanged;
      await client.query(
        'UPDATE import_jobs SET rows_read = $2, rows_written = $3, last_committed_row = $4, file_type = $5 WHERE id = $1',
        [jobId, upToDataRow, rowsWritten + written, upToDataRow, rows?.type ?? 'unknown'],
      );
      await options.beforeCommit?.(client, number);
      await client.query('COMMIT');
      // Counted only once committed, so a failed batch leaves no trace in the report either.
      counters.databaseDuplicateCount += outcome.existing;
      counters.inserted += outcome.inserted;
      counters.updated += outcome.updated;
      counters.unchanged += outcome.unchanged;
      counters.skippedByMode += outcome.skipped.length;
      for (const skipped of outcome.skipped) {
        if (counters.skippedBusinesses.length >= MAX_LISTED) break;
        const item = pending[skipped.index];
        counters.skippedBusinesses.push({ row: item.rowNumber, sheet: item.sheet, name: detach(skipped.name), placeId: skipped.placeId && detach(skipped.placeId), reason: skipped.reason });
      }
      rowsWritten += written;
      lastCommittedRow = upToDataRow;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    progress('writing', true);
  };

  const flush = async () => {
    if (inFlight) await inFlight;
    inFlight = null;
    if (batch.length === 0) {
      return;
    }
    const pending = batch;
    batch = [];
    batchNumber++;
    inFlight = writeBatch(pending, dataRows, batchNumber);
    // Surface a failure at the next await, not as an unhandled rejection.
    inFlight.catch(() => undefined);
  };

  try {
    try {
      rows = await openRows(path);
    } catch (error) {
      throw error instanceof ImportFileError ? error : new ImportFileError('malformed', `The file cannot be read (${(error as Error).message}).`);
    }
    try {
      mapping = mapColumns(rows.headers);
    } catch (error) {
      if (error instanceof MissingColumnsError) throw new ImportFileError('missing_columns', error.message);
      throw error;
    }
    progress('reading', true);
    let rowCursor = 0;
    let readError: unknown = null;
    const chunks = rows.rows[Symbol.asyncIterator]();
    for (;;) {
      // Only the reader's own failures are caught here; a failed batch write propagates as it is.
      let next: IteratorResult<SourceRow[]>;
      try {
        next = await chunks.next();
      } catch (error) {
        readError = error;
        break;
      }
      if (next.done) break;
      for (const sourceRow of next.value) {
        rowCursor = sourceRow.rowNumber;
        dataRows++;
        counters.totalRows++;
        const result = normaliseRow(mapping.map(sourceRow.values));
        if (!result.ok) {
          counters.errorCount++;
          if (counters.errors.length < MAX_LISTED) {
            counters.errors.push(detach(`${sourceRow.sheet ? `${sourceRow.sheet}, row` : 'Row'} ${sourceRow.rowNumber}: ${result.reason}`));
          }
        } else {
          const placeId = result.row.placeId;
          if (placeId) {
            counters.recordsWithPlaceId++;
            const firstRow = seenPlaceIds.get(placeId);
            if (firstRow !== undefined) {
              counters.excelDuplicateCount++;
              if (counters.excelDuplicateRecords.length < MAX_LISTED) {
                counters.excelDuplicateRecords.push({ row: sourceRow.rowNumber, sheet: sourceRow.sheet, name: detach(result.row.name), placeId: detach(placeId), firstRow });
              }
              if (counters.skippedBusinesses.length < MAX_LISTED) {
                counters.skippedBusinesses.push({ row: sourceRow.rowNumber, sheet: sourceRow.sheet, name: detach(result.row.name), placeId: detach(placeId), reason: 'duplicate_in_file' });
              }
            } else {
              seenPlaceIds.set(detach(placeId), sourceRow.rowNumber);
              counters.uniquePlaceIds++;
              batch.push({ row: result.row, rowNumber: sourceRow.rowNumber, sheet: sourceRow.sheet });
            }
          } else {
            batch.push({ row: result.row, rowNumber: sourceRow.rowNumber, sheet: sourceRow.sheet });
          }
        }
        if (batch.length >= batchSize) await flush();
      }
      progress('reading');
    }
    // Rows read before a fatal read error are still written; then the error stops the job.
    await flush();
    if (inFlight) await inFlight;
    if (readError) {
      if (readError instanceof ImportFileError) throw readError;
      throw new ImportFileError('malformed', `Row ${rowCursor + 1}: the file cannot be read further (${(readError as Error).message}).`, rowCursor + 1);
    }
    if (counters.totalRows === 0) {
      throw new ImportFileError('empty', 'The file has a header row but no data rows.');
    }
  } catch (error) {
    if (inFlight) await (inFlight as Promise<void>).catch(() => undefined);
    if (error instanceof ImportFileError) {
      failure = { code: error.code, message: error.message, rowNumber: error.rowNumber };
    } else {
      const message = error instanceof Error ? error.message : String(error);
      failure = { code: 'import_failed', message: `Writing batch ${batchNumber} failed (${message}).` };
    }
  } finally {
    await rows?.close().catch(() => undefined);
  }

  // An empty file is reported as a failure only when it had no header; "header but no rows" is a clear
  // outcome with nothing to do, so it is a success with zero counts and the message says so.
  if (failure?.code === 'empty' && mapping) failure = undefined;
  const finishedAt = Date.now();
  const result = buildUploadResult({
    jobId, fileName, fileSizeBytes, fileType: rows?.type ?? null, mode, batchSize, counters, mapping,
    sheets: rows?.sheets ?? [], startedAt, finishedAt, failure, lastCommittedRow,
  });
  if (!failure && counters.totalRows === 0) result.message = `${fileName}: the file has a header row but no data rows; nothing was imported.`;
  const status = failure ? 'failed' : 'completed';
  const [, report] = await prisma.$transaction([
    prisma.importJob.update({
      where: { id: jobId },
      data: {
        status, fileType: rows?.type ?? 'unknown', rowsRead: counters.totalRows, rowsWritten, lastCommittedRow,
        error: failure ? result.message : null, finishedAt: new Date(finishedAt),
      },
    }),
    prisma.uploadReport.create({
      data: {
        importJobId: jobId, kind: options.kind ?? 'batch', success: result.success, fileName, fileSizeBytes: BigInt(fileSizeBytes),
        totalRows: result.totalRows, successCount: result.successCount, errorCount: result.errorCount, skippedCount: result.skippedCount,
        processingSeconds: result.summary.processingTimeSeconds, report: result as object,
      },
    }),
  ]);
  progress(status, true);
  return { jobId, reportId: report.id, status, result };
}
