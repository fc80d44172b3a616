/**
 * The spec's report shapes, built from the pipeline's counters. One object serves as the batch upload
 * result (POST /api/upload-excel-batch), and it is what UploadReport.report stores; the single-file report
 * (POST /api/upload-excel) is a subset. Rates are percentages with two decimals.
 *
 * Counting rules (every data row lands in exactly one bucket: totalRows = successCount + skippedCount + errorCount):
 * - errorCount: rows rejected by validation (listed in `errors` as "Row N: reason").
 * - skippedCount: repeats of a place_id seen earlier in the file (excelDuplicateCount; the first one wins),
 *   plus rows the mode skips (insert: place_id already in the database; update: no matching place_id),
 *   plus the rows of workbook sheets not read (their header differs from the first sheet's).
 *   A row without a place_id is keyed by its name, address and phone (content-key.ts) and counts as a
 *   repeat or a match the same way; the place_id counts below leave such rows out.
 * - successCount: rows written or confirmed (inserted + updated + unchanged).
 * - databaseDuplicateCount: distinct place_ids of the file that were already in the database before the
 *   import; newPlaceIdCount: distinct place_ids that were not. Both rates are over uniquePlaceIds.
 */
import type { ColumnMapping } from './columns.ts';
import type { FileType, ImportFileError, RowSource } from './source-rows.ts';
import type { UploadResult as PanelUploadResult } from '../../../../common/api/admin.ts';

export const MAX_LISTED = 1000;

export interface SkippedBusiness {
  row: number;
  sheet?: string;
  name: string;
  placeId: string | null;
  reason: 'duplicate_in_file' | 'exists' | 'no_match';
}

export interface ExcelDuplicateRecord {
  row: number;
  sheet?: string;
  name: string;
  /** Null for a row without a place_id that repeats an earlier row's name, address and phone. */
  placeId: string | null;
  firstRow: number;
  /** The sheet of the first occurrence, in a workbook of several sheets. */
  firstSheet?: string;
}

export interface ImportCounters {
  totalRows: number;
  recordsWithPlaceId: number;
  uniquePlaceIds: number;
  /** Distinct rows without a place_id (keyed by name, address and phone: content-key.ts). */
  keyedByContent: number;
  /** How many of those matched a business already in the database. */
  matchedByContent: number;
  excelDuplicateCount: number;
  databaseDuplicateCount: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skippedByMode: number;
  /** Data rows of sheets not read (their header differs from the first sheet's). */
  skippedSheetRows: number;
  errorCount: number;
  errors: string[];
  skippedBusinesses: SkippedBusiness[];
  excelDuplicateRecords: ExcelDuplicateRecord[];
}

export function emptyCounters(): ImportCounters {
  return {
    totalRows: 0, recordsWithPlaceId: 0, uniquePlaceIds: 0, keyedByContent: 0, matchedByContent: 0, excelDuplicateCount: 0, databaseDuplicateCount: 0,
    inserted: 0, updated: 0, unchanged: 0, skippedByMode: 0, skippedSheetRows: 0, errorCount: 0, errors: [], skippedBusinesses: [], excelDuplicateRecords: [],
  };
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

export interface ReportInput {
  jobId: string;
  fileName: string;
  fileSizeBytes: number;
  fileType: FileType | null;
  mode: string;
  batchSize: number;
  counters: ImportCounters;
  mapping: Pick<ColumnMapping, 'columnExtraction'> | null;
  sheets: RowSource['sheets'];
  startedAt: number;
  finishedAt: number;
  /** Set when the import stopped early. */
  /** `complete`: the whole file was read, and it is the outcome that failed (nothing importable). */
  failure?: { code: ImportFailureCode; message: string; rowNumber?: number; complete?: boolean };
  lastCommittedRow: number;
  /**
   * Of the rows written, those of batches after lastCommittedRow: written at the same time as a batch that
   * failed, they committed all the same (several writers: import-file.ts). 0 when there are none.
   */
  committedPastWatermark?: number;
  /** Said at the end of the message (how the file was read). */
  notes?: string[];
}

/** Why an import failed. Each is also an API error code (api/src/errors.ts), which gives its HTTP status. */
export type ImportFailureCode = ImportFileError['code'] | 'no_valid_rows' | 'import_failed' | 'interrupted';

export type UploadResult = ReturnType<typeof buildUploadResult>;

export function buildUploadResult(input: ReportInput) {
  const c = input.counters;
  const successCount = c.inserted + c.updated + c.unchanged;
  const skippedCount = c.excelDuplicateCount + c.skippedByMode + c.skippedSheetRows;
  const newPlaceIdCount = c.uniquePlaceIds - c.databaseDuplicateCount;
  const totalDuplicateRecords = c.excelDuplicateCount + c.databaseDuplicateCount;
  const processingTimeSeconds = Math.round((input.finishedAt - input.startedAt) / 10) / 100;
  const success = !input.failure;
  const n = (count: number) => count.toLocaleString('en-US');
  const parts = [`${n(successCount)} of ${n(c.totalRows)} ${c.totalRows === 1 ? 'row' : 'rows'} imported (${n(c.inserted)} new, ${n(c.updated)} updated, ${n(c.unchanged)} unchanged)`];
  // Why, where the rest of the message does not say it (rows of sheets left out have a note of their own).
  const skipReasons = [
    c.excelDuplicateCount ? `${n(c.excelDuplicateCount)} ${c.excelDuplicateCount === 1 ? 'repeats a row' : 'repeat rows'} above in the file` : '',
    c.skippedByMode === 0 ? ''
      : input.mode === 'update' ? `${n(c.skippedByMode)} not in the directory, which update mode does not add`
      : `${n(c.skippedByMode)} already in the directory, which insert mode leaves as ${c.skippedByMode === 1 ? 'it is' : 'they are'}`,
  ].filter(Boolean);
  if (skippedCount) parts.push(`${n(skippedCount)} skipped${skipReasons.length ? ` (${skipReasons.join('; ')})` : ''}`);
  if (c.errorCount) parts.push(`${n(c.errorCount)} rejected${c.errorCount > c.errors.length ? ` (the first ${n(c.errors.length)} are listed with their reasons)` : ''}`);
  // A file imported again: "1,050 of 1,050 rows imported" alone reads as if it had done something.
  const unchanged = c.unchanged > 0 && c.inserted + c.updated === 0
    ? ` Nothing changed: the directory already had ${c.unchanged === 1 ? 'the row imported' : `all ${n(c.unchanged)} rows imported`} as ${c.unchanged === 1 ? 'it is' : 'they are'}.`
    : '';
  // Rows without a place_id were matched another way: say how, since the place_id counts leave them out.
  const byContent = c.keyedByContent === 0 ? '' : contentMatchNote(c.keyedByContent, c.matchedByContent);
  const notes = (input.notes ?? []).map((note) => ` ${note}`).join('');
  const failure = input.failure && `${input.failure.message}${/[.!?]$/.test(input.failure.message) ? '' : '.'}`;
  const message = !failure
    ? `${input.fileName}: ${parts.join(', ')}.${unchanged}${byContent}${notes}`
    : input.failure!.complete
      ? `${input.fileName}: ${failure}${notes}`
      : `${input.fileName}: ${failure}${c.totalRows || successCount ? ` The import stopped there; ${stoppedThere(successCount, input.lastCommittedRow, input.committedPastWatermark ?? 0)}` : ''}`;
  return {
    success,
    message,
    ...(input.failure ? { error: input.failure.code, stoppedAtRow: input.failure.rowNumber ?? null } : {}),
    totalRows: c.totalRows,
    successCount,
    errorCount: c.errorCount,
    skippedCount,
    errors: c.errors,
    skippedBusinesses: c.skippedBusinesses,
    columnExtraction: input.mapping?.columnExtraction ?? { extractedCount: 0, extractionRate: 0, successful: [], missing: [] },
    duplicateAnalysis: {
      totalRecords: c.totalRows,
      recordsWithPlaceId: c.recordsWithPlaceId,
      uniquePlaceIds: c.uniquePlaceIds,
      databaseDuplicateCount: c.databaseDuplicateCount,
      databaseDuplicateRate: rate(c.databaseDuplicateCount, c.uniquePlaceIds),
      newPlaceIdCount,
      newPlaceIdRate: rate(newPlaceIdCount, c.uniquePlaceIds),
      excelDuplicateCount: c.excelDuplicateCount,
      excelDuplicateRecords: c.excelDuplicateRecords,
      totalDuplicateRecords,
      duplicateRate: rate(totalDuplicateRecords, c.totalRows),
    },
    timestamp: new Date(input.finishedAt).toISOString(),
    summary: {
      fileName: input.fileName,
      fileSizeMB: Math.round((input.fileSizeBytes / 1024 / 1024) * 100) / 100,
      processingTimeSeconds,
      totalRecords: c.totalRows,
    },
    results: {
      inserted: c.inserted,
      updated: c.updated,
      unchanged: c.unchanged,
      skipped: skippedCount,
      updateRate: rate(c.updated, c.totalRows),
      skipRate: rate(skippedCount, c.totalRows),
    },
    jobId: input.jobId,
    fileType: input.fileType,
    mode: input.mode,
    batchSize: input.batchSize,
    lastCommittedRow: input.lastCommittedRow,
    sheets: input.sheets,
  };
}

/** The spec's single-file report (POST /api/upload-excel). */
export function toSingleFileReport(result: UploadResult) {
  return {
    success: result.success,
    message: result.message,
    totalRows: result.totalRows,
    successCount: result.successCount,
    skippedCount: result.skippedCount,
    errorCount: result.errorCount,
    errors: result.errors,
    skippedBusinesses: result.skippedBusinesses,
  };
}

/** " 3 rows have no place_id: they were matched by name, address and phone instead (1 was already in the directory)." */
function contentMatchNote(keyed: number, matched: number): string {
  const one = keyed === 1;
  const rows = one ? ' 1 row has no place_id: it was' : ` ${keyed.toLocaleString('en-US')} rows have no place_id: they were`;
  const already = matched === 0 ? '' : matched === keyed ? (one ? 'it was' : 'all were') : `${matched.toLocaleString('en-US')} ${matched === 1 ? 'was' : 'were'}`;
  return `${rows} matched by name, address and phone instead${already ? ` (${already} already in the directory)` : ''}.`;
}

/**
 * Which rows an import that stopped had committed, in words an admin can check against the sheet: the
 * failure itself names a spreadsheet row ("Row 1502: ..."), so this counts rows of data rather than giving
 * a second row number.
 */
/** What stays of an import that stopped: the rows committed up to the watermark, and any committed past it. */
export function stoppedThere(written: number, lastCommittedRow: number, pastWatermark: number): string {
  const before = written - pastWatermark;
  const after = pastWatermark === 0 ? ''
    : `; ${pastWatermark === 1 ? '1 row' : `${pastWatermark} rows`} of later batches, written at the same time, committed too`;
  return `${before === 1 ? '1 row' : `${before} rows`} committed before it ${before === 1 ? 'stays' : 'stay'} (${committedRows(lastCommittedRow)})${after}.`;
}

export function committedRows(dataRows: number): string {
  return dataRows === 1 ? "the file's first row of data; header rows are not counted" : `the file's first ${dataRows.toLocaleString('en-US')} rows of data; header rows are not counted`;
}

/** The panel reads results through common/api/admin.ts UploadResult: this fails to compile when the two drift apart. */
export const resultMatchesPanelShape = (result: UploadResult): PanelUploadResult => result;
