/**
 * The CPU side of an import, run in a worker thread (parse-worker.ts) so that reading, validating and
 * encoding the next rows overlaps with PostgreSQL writing the previous batch: file -> rows (streamed) ->
 * canonical cells -> validated BusinessRow -> in-file de-duplication -> batches encoded for COPY.
 * What depends on one row alone (validation, encoding: prepare-rows.ts) may run on prepare threads
 * (preparePorts) in chunks of rows; what depends on their order (repeats, counts, lists, batches) runs
 * here, in the file's order, whichever thread prepared a row.
 *
 * Everything it yields is plain data (structured-clonable): what the rows were (positions, for the
 * report), what was rejected or repeated (counter deltas), and the encoded batch the writer sends.
 */
import type { MessagePort } from 'node:worker_threads';
import { BatchEncoder, type EncodedBatch, type WriteMode } from '../../../../platform/db/business-writer.ts';
import { mapColumns, MissingColumnsError, type ColumnMapping } from './columns.ts';
import { FirstSeen } from './first-seen.ts';
import { MAX_LISTED, type ExcelDuplicateRecord, type SkippedBusiness } from './import-report.ts';
import { MAX_PHONE, MAX_TEXT } from './normalise-row.ts';
import { MAX_ABOUT_TEXT } from './about.ts';
import { openRows } from './open-rows.ts';
import { PREPARED, type PreparedChunk } from './prepare-rows.ts';
import { createRowPreparers } from './row-preparers.ts';
import { csvRangeRows, MIN_RANGE_READERS } from './csv-ranges.ts';
import { detach, ImportFileError, type FileType, type RowSource, type SourceRow } from './source-rows.ts';

/** What the reader counted since its previous message. */
export interface ReadDelta {
  totalRows: number;
  recordsWithPlaceId: number;
  uniquePlaceIds: number;
  /** Rows without a place_id, keyed by their content instead (content-key.ts); repeats not counted. */
  keyedByContent: number;
  /** Data rows of sheets not read (counted in totalRows too). */
  skippedSheetRows: number;
  excelDuplicateCount: number;
  errorCount: number;
  errors: string[];
  skippedBusinesses: SkippedBusiness[];
  excelDuplicateRecords: ExcelDuplicateRecord[];
}

export interface RowPosition {
  rowNumber: number;
  sheet?: string;
}

/**
 * Where the rows of a batch are in the file, compactly (a list of 500 objects per batch was garbage for the
 * writing thread to collect): their row numbers, and the sheet that starts at each batch index where the
 * sheet changes (none for CSV).
 */
export interface BatchPositions {
  rowNumbers: Uint32Array;
  sheetRuns: Array<{ from: number; sheet: string }>;
}

/** The position of a batch's row `index` (EncodedRow.index). */
export function positionAt(positions: BatchPositions, index: number): RowPosition {
  let sheet: string | undefined;
  for (const run of positions.sheetRuns) {
    if (run.from > index) break;
    sheet = run.sheet;
  }
  return { rowNumber: positions.rowNumbers[index], sheet };
}

export interface ReadFailure {
  code: ImportFileError['code'];
  message: string;
  rowNumber?: number;
}

export type ReadMessage =
  | { type: 'opened'; fileType: FileType; columnExtraction: ColumnMapping['columnExtraction']; updatableColumns: string[]; notes: string[] }
  | {
      type: 'batch';
      batch: EncodedBatch;
      /** Where each row of the batch (by EncodedRow.index) is in the file. */
      positions: BatchPositions;
      /** Data rows read so far, this batch included: the job's lastCommittedRow once it commits. */
      upToDataRow: number;
      delta: ReadDelta;
      fraction: number;
    }
  | { type: 'end'; fileType: FileType | null; sheets: RowSource['sheets']; delta: ReadDelta; fraction: number; failure?: ReadFailure; notes: string[] };

const MAX_NAMED_COUNTRIES = 10;

const rowsText = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString('en-US')} rows`);
/** The singular or plural words of a note about `count` rows. */
const one = (count: number, singular: string, plural: string) => (count === 1 ? singular : plural);

function unknownCountriesNote(rows: number, names: Map<string, number>): string {
  const listed = [...names].map(([name, count]) => `"${detach(name.slice(0, 60))}" (${count})`).join(', ');
  const more = rows > [...names.values()].reduce((sum, count) => sum + count, 0) ? ' and others' : '';
  return `${rows} ${one(rows, 'row names', 'rows name')} a country that was not recognised: ${listed}${more}. `
    + 'Rows like these have no country code, so they are on no country or city page; add a country_code column (ISO codes such as DE, JP) or use English country names.';
}

/** What the report says of rows whose city or country came from elsewhere, or from nowhere. */
interface PlaceCounts {
  cityFromAddress: number;
  countryFromAddress: number;
  countryFromPhone: number;
  countryFromState: number;
  noCountry: number;
}

/** `countryWritten`: the file can change an existing business's country (else such a business keeps its own). */
function placeNotes(counts: PlaceCounts, countryWritten: boolean, mode: WriteMode): string[] {
  const notes: string[] = [];
  if (counts.cityFromAddress) {
    const n = counts.cityFromAddress;
    notes.push(`${rowsText(n)} had no city of ${one(n, 'its', 'their')} own; it was read from the end of ${one(n, 'its', 'their')} address.`);
  }
  const fromElsewhere = counts.countryFromAddress + counts.countryFromPhone + counts.countryFromState;
  if (fromElsewhere) {
    const sources = [
      counts.countryFromPhone ? `the phone number's country code (${rowsText(counts.countryFromPhone)})` : '',
      counts.countryFromAddress ? `the end of the address (${rowsText(counts.countryFromAddress)})` : '',
      counts.countryFromState ? `a US state and ZIP code (${rowsText(counts.countryFromState)})` : '',
    ].filter(Boolean);
    notes.push(`${rowsText(fromElsewhere)} had no country of ${one(fromElsewhere, 'its', 'their')} own; it was read from ${sources.join(' and ')}.`);
  }
  if (counts.noCountry) {
    const n = counts.noCountry;
    const none = `${rowsText(n)} ${one(n, 'has', 'have')} no country (none in ${one(n, 'its', 'their')} columns, address or phone number)`;
    const added = `a business ${one(n, 'it adds', 'they add')} is on no country or city page (add a country_code column to place such rows)`;
    notes.push(
      countryWritten
        ? `${none}, so ${one(n, 'it is', 'they are')} on no country or city page; add a country_code column to place such rows.`
        // A file of corrections (name and place_id, say) changes only its own columns: the businesses it
        // updates keep their country, and only the ones it adds have none (update mode adds none).
        : mode === 'update' ? `${none}: the ${one(n, 'business it updates keeps its', 'businesses they update keep their')} country.`
        : mode === 'insert' ? `${none}: ${added}.`
        : `${none}: ${added}; a business already in the directory keeps its country.`,
    );
  }
  return notes;
}

/** Rows imported without a value they had, by kind: how many, and the first rows (as the user numbers them). */
interface DroppedCounts {
  location: { count: number; rows: string[] };
  hours: { count: number; rows: string[] };
  shortened: { count: number; rows: string[] };
}

const MAX_DROPPED_ROWS_NAMED = 10;

function listRows(rows: string[], count: number): string {
  const named = rows.length > 1 ? `${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}` : rows[0];
  return count > rows.length ? `${rows.join(', ')} and ${(count - rows.length).toLocaleString('en-US')} more` : named;
}

/** Where a sheet's header was found below a title. */
function titleRowNotes(sheets: RowSource['sheets']): string[] {
  return sheets
    .filter((sheet) => sheet.headerRow !== undefined && !sheet.skipped)
    .map((sheet) => `The header of sheet "${sheet.name}" is on row ${sheet.headerRow!.toLocaleString('en-US')}: the title rows above it were not read as data.`);
}

/** Sheets with data that were not read (their header differs from the first sheet's): said first, loudly. */
function skippedSheetNotes(sheets: RowSource['sheets']): string[] {
  return sheets
    .filter((sheet) => sheet.skipped && sheet.rows > 0)
    .map((sheet) => `Sheet "${sheet.name}" was not imported (${sheet.rows === 1 ? '1 row' : `${sheet.rows.toLocaleString('en-US')} rows`}): ${sheet.skipped}${sheet.skipped!.startsWith('its header row differs') ? "; only sheets with the first sheet's header are read, so import it as a file of its own" : ''}.`);
}

function droppedNotes(dropped: DroppedCounts): string[] {
  const notes: string[] = [];
  const { location, hours, shortened } = dropped;
  if (location.count) {
    notes.push(`${rowsText(location.count)} had a location outside the valid ranges (latitude -90 to 90, longitude -180 to 180), only one of the two, or a placeholder point; ${one(location.count, 'it was', 'they were')} imported without a location: ${listRows(location.rows, location.count)}.`);
  }
  if (hours.count) {
    notes.push(`${rowsText(hours.count)} had working hours in a form that could not be read; ${one(hours.count, 'it was', 'they were')} imported without hours: ${listRows(hours.rows, hours.count)}.`);
  }
  if (shortened.count) {
    notes.push(`${rowsText(shortened.count)} had text longer than its column holds (${MAX_TEXT.toLocaleString('en-US')} characters; ${MAX_ABOUT_TEXT.toLocaleString('en-US')} for about, ${MAX_PHONE} for a phone); it was cut to that length (a link that long was left out): ${listRows(shortened.rows, shortened.count)}.`);
  }
  return notes;
}

function emptyDelta(): ReadDelta {
  return { totalRows: 0, recordsWithPlaceId: 0, uniquePlaceIds: 0, keyedByContent: 0, skippedSheetRows: 0, excelDuplicateCount: 0, errorCount: 0, errors: [], skippedBusinesses: [], excelDuplicateRecords: [] };
}

export interface ReadOptions {
  path: string;
  batchSize: number;
  /** businesses.source of the rows inserted (written into the encoded batches). */
  source: string;
  /** is_approved of the rows inserted (false: held for review; default true). Updates keep their approval. */
  isApproved?: boolean;
  /** Gives the buffer a batch's payload is encoded into (default: a new one). */
  allocate?: (bytes: number) => Uint8Array;
  /** The import's mode, for what the report says of rows a mode adds or only updates (default upsert). */
  mode?: WriteMode;
  /**
   * Ports to helper threads (prepare-worker.ts): from MIN_RANGE_READERS of them a CSV in UTF-8 or
   * Windows-1252 is read by them range by range (csv-ranges.ts); otherwise the file is read here and its rows
   * prepared by them. Without any, rows are read and prepared in this thread.
   */
  preparePorts?: MessagePort[];
  /** The size of a CSV's ranges (default RANGE_BYTES; smaller in tests, to have many). */
  rangeBytes?: number;
}

/** Reads a whole file as messages: 'opened', then 'batch'es, then one 'end' (with the failure, if any). */
export async function* readBatches({ path, batchSize, source, isApproved = true, allocate, mode = 'upsert', preparePorts, rangeBytes }: ReadOptions): AsyncGenerator<ReadMessage> {
  let rows: (RowSource & { type: FileType }) | null = null;
  let delta = emptyDelta();
  const take = () => {
    const taken = delta;
    delta = emptyDelta();
    return taken;
  };
  // Lists are capped for the whole file, not per message.
  const listed = { errors: 0, duplicates: 0, skipped: 0 };
  // Rows whose country is named in a way no country code can be found for: stored without a code, they
  // would be on no country or city page, so the report says which names were not recognised.
  const unknownCountries = new Map<string, number>();
  let unknownCountryRows = 0;
  const places: PlaceCounts = { cityFromAddress: 0, countryFromAddress: 0, countryFromPhone: 0, countryFromState: 0, noCountry: 0 };
  const dropped: DroppedCounts = { location: { count: 0, rows: [] }, hours: { count: 0, rows: [] }, shortened: { count: 0, rows: [] } };
  const end = (failure?: ReadFailure): ReadMessage => {
    // The rows of sheets not read are rows of the file all the same: counted, as skipped (not when the file
    // was refused before any row was read: no header with a name column anywhere).
    const skippedSheetRows = mapping ? (rows?.sheets ?? []).reduce((sum, sheet) => sum + (sheet.skipped ? sheet.rows : 0), 0) : 0;
    delta.totalRows += skippedSheetRows;
    delta.skippedSheetRows += skippedSheetRows;
    return endMessage(failure);
  };
  const endMessage = (failure?: ReadFailure): ReadMessage => ({
    type: 'end', fileType: rows?.type ?? null, sheets: rows?.sheets ?? [], delta: take(), fraction: currentFraction(), failure,
    notes: [
      ...skippedSheetNotes(rows?.sheets ?? []),
      ...titleRowNotes(rows?.sheets ?? []),
      ...(unknownCountryRows ? [unknownCountriesNote(unknownCountryRows, unknownCountries)] : []), ...droppedNotes(dropped), ...placeNotes(places, mapping?.updatableColumns.includes('country_code') ?? true, mode),
    ],
  });

  /** How much of the file has been read (for the ETA). */
  let currentFraction = () => rows?.fraction() ?? 0;
  // Unset while end() may already be called: a file that fails before its header is read has none.
  let mapping: ColumnMapping | undefined;
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
  } catch (error) {
    await (rows as RowSource | null)?.close().catch(() => undefined);
    if (error instanceof ImportFileError) {
      yield end({ code: error.code, message: error.message, rowNumber: error.rowNumber });
      return;
    }
    throw error;
  }
  yield { type: 'opened', fileType: rows.type, columnExtraction: mapping.columnExtraction, updatableColumns: mapping.updatableColumns, notes: [...(rows.notes ?? []), ...mapping.notes] };

  const seenPlaceIds = new FirstSeen();
  const firstPositions = new SheetPositions();
  const context = { fileType: rows.type, headers: rows.headers, delimiter: rows.delimiter, source, isApproved };
  const csv = rows.csv;
  // A CSV whose line feeds are bytes of their own is read by the helper threads, a range each.
  const ranged = csv && (csv.encoding === 'utf-8' || csv.encoding === 'windows-1252') && (preparePorts?.length ?? 0) >= MIN_RANGE_READERS
    ? { ...csv, delimiter: rows.delimiter ?? ',' } : null;
  let rangeFraction = 0;
  if (ranged) currentFraction = () => rangeFraction;

  // Rows are encoded as they are accepted (no key repeats: seenPlaceIds keeps only a first occurrence).
  let batch = new BatchEncoder(source, batchSize, allocate, isApproved);
  let rowNumbers: number[] = [];
  let sheetRuns: BatchPositions['sheetRuns'] = [];
  let dataRows = 0;
  let rowCursor = 0;
  const cut = (): ReadMessage => {
    const positions = { rowNumbers: Uint32Array.from(rowNumbers), sheetRuns };
    const message: ReadMessage = { type: 'batch', batch: batch.finish(), positions, upToDataRow: dataRows, delta: take(), fraction: currentFraction() };
    batch = new BatchEncoder(source, batchSize, allocate, isApproved);
    rowNumbers = [];
    sheetRuns = [];
    return message;
  };

  /** Everything that depends on the order of rows, for one chunk of rows and their preparation. */
  function* takeChunk(chunkRows: ArrayLike<Pick<SourceRow, 'rowNumber' | 'sheet'>>, prepared: PreparedChunk): Generator<ReadMessage> {
    let accepted = 0;
    let refused = 0;
    let unknown = 0;
    let restStart = 0;
    for (let index = 0; index < chunkRows.length; index++) {
      const sourceRow = chunkRows[index];
      dataRows++;
      delta.totalRows++;
      const flags = prepared.flags[index];
      if (!flags) {
        const reason = prepared.reasons[refused++];
        delta.errorCount++;
        if (listed.errors < MAX_LISTED) {
          listed.errors++;
          delta.errors.push(detach(`${sourceRow.sheet ? `${sourceRow.sheet}, row` : 'Row'} ${sourceRow.rowNumber}: ${reason}`));
        }
      } else {
        const at = accepted++;
        const restEnd = prepared.restEnds[at];
        const rest = prepared.rests.subarray(restStart, restEnd);
        restStart = restEnd;
        const country = flags & PREPARED.unknownCountry ? prepared.unknownCountries[unknown++] : undefined;
        const byContent = (flags & PREPARED.byContent) !== 0;
        if (!byContent) delta.recordsWithPlaceId++;
        const placeId = prepared.placeIds[at];
        const name = prepared.names[at];
        const firstSeen = seenPlaceIds.check(placeId, firstPositions.encode(sourceRow));
        if (firstSeen !== undefined) {
          delta.excelDuplicateCount++;
          const repeat = { row: sourceRow.rowNumber, sheet: sourceRow.sheet, name: detach(name), placeId: byContent ? null : detach(placeId) };
          if (listed.duplicates < MAX_LISTED) {
            listed.duplicates++;
            const first = firstPositions.decode(firstSeen);
            delta.excelDuplicateRecords.push({ ...repeat, firstRow: first.row, ...(first.sheet !== undefined ? { firstSheet: first.sheet } : {}) });
          }
          if (listed.skipped < MAX_LISTED) {
            listed.skipped++;
            delta.skippedBusinesses.push({ ...repeat, reason: 'duplicate_in_file' });
          }
        } else {
          // What the report says of places, locations and hours counts the rows written, not repeats.
          if (country !== undefined) {
            unknownCountryRows++;
            if (unknownCountries.size < MAX_NAMED_COUNTRIES || unknownCountries.has(country)) unknownCountries.set(country, (unknownCountries.get(country) ?? 0) + 1);
          } else if (flags & PREPARED.noCountry) {
            places.noCountry++;
          }
          for (const [kind, flag] of DROPPED_FLAGS) {
            if (!(flags & flag)) continue;
            dropped[kind].count++;
            if (dropped[kind].rows.length < MAX_DROPPED_ROWS_NAMED) dropped[kind].rows.push(detach(`${sourceRow.sheet ? `${sourceRow.sheet} ` : ''}row ${sourceRow.rowNumber}`));
          }
          if (flags & PREPARED.cityFromAddress) places.cityFromAddress++;
          if (flags & PREPARED.countryFromAddress) places.countryFromAddress++;
          else if (flags & PREPARED.countryFromPhone) places.countryFromPhone++;
          else if (flags & PREPARED.countryFromState) places.countryFromState++;
          if (byContent) delta.keyedByContent++;
          else delta.uniquePlaceIds++;
          if (sourceRow.sheet !== undefined && sourceRow.sheet !== sheetRuns.at(-1)?.sheet) sheetRuns.push({ from: batch.count, sheet: sourceRow.sheet });
          batch.addPrepared({ placeId, name, city: prepared.cities[at], slug: prepared.slugs[at] }, rest, batch.count);
          rowNumbers.push(sourceRow.rowNumber);
        }
      }
      if (batch.count >= batchSize) yield cut();
    }
  }

  let failure: ReadFailure | undefined;
  try {
    if (ranged) {
      // The reader that found the header is not read further: the helpers read the file from its start.
      await rows.close();
      try {
        for await (const chunk of csvRangeRows({ path, ...ranged, ports: preparePorts!, context, rangeBytes })) {
          rangeFraction = chunk.fraction;
          yield* takeChunk(Array.from(chunk.rowNumbers, (rowNumber) => ({ rowNumber })), chunk.prepared);
        }
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        failure = { code: error.code, message: error.message, rowNumber: error.rowNumber };
      }
    } else {
      yield* readHere();
    }
    if (batch.count) yield cut();
  } finally {
    // The helper threads end once their ports are closed.
    for (const port of preparePorts ?? []) port.close();
    seenPlaceIds.close();
    await rows.close().catch(() => undefined);
  }
  yield end(failure);

  /** Rows read in this thread (prepared here or by the helper threads). */
  async function* readHere(): AsyncGenerator<ReadMessage> {
    const chunks = rows!.rows[Symbol.asyncIterator]();
    const preparers = createRowPreparers(context, preparePorts);
    // Read rows wait here until there are enough to be worth a message to a prepare thread.
    let waiting: SourceRow[] = [];
    const inFlight: Array<{ rows: SourceRow[]; prepared: Promise<PreparedChunk> }> = [];
    let reading = true;
    while (reading || waiting.length || inFlight.length) {
      if (reading) {
        try {
          const next = await chunks.next();
          if (next.done) {
            reading = false;
          } else if (next.value.length) {
            waiting = waiting.length ? waiting.concat(next.value) : next.value;
            rowCursor = next.value[next.value.length - 1].rowNumber;
          }
        } catch (error) {
          // Rows read before a fatal read error are still written; then the error stops the job.
          failure = error instanceof ImportFileError
            ? { code: error.code, message: error.message, rowNumber: error.rowNumber }
            : { code: 'malformed', message: `Row ${rowCursor + 1}: the file cannot be read further (${(error as Error).message}).`, rowNumber: rowCursor + 1 };
          reading = false;
        }
      }
      if (waiting.length >= preparers.rowsPerSubmit || (!reading && waiting.length)) {
        inFlight.push({ rows: waiting, prepared: preparers.submit(waiting) });
        waiting = [];
      }
      if (inFlight.length > preparers.aheadChunks || (!reading && inFlight.length)) {
        const oldest = inFlight.shift()!;
        yield* takeChunk(oldest.rows, await oldest.prepared);
      }
    }
  }
}

/** The kinds of values a row can be imported without, and their PREPARED flags. */
const DROPPED_FLAGS = [['location', PREPARED.droppedLocation], ['hours', PREPARED.droppedHours], ['shortened', PREPARED.droppedShortened]] as const;

/**
 * A row's sheet and row number in the one 32-bit number FirstSeen keeps per key: a repeat in another sheet
 * is then reported with the sheet of its first occurrence, not a bare row number of some other sheet. Rows
 * take 21 bits (a worksheet has at most 1,048,576), the sheet's index the other 11; a 2,049th sheet, or a
 * file without sheets, keeps the row number alone.
 */
class SheetPositions {
  private static readonly ROWS = 2 ** 21;
  private readonly names: string[] = [];
  private readonly indexes = new Map<string, number>();

  encode({ sheet, rowNumber }: { sheet?: string; rowNumber: number }): number {
    if (sheet === undefined || rowNumber >= SheetPositions.ROWS) return rowNumber;
    let index = this.indexes.get(sheet);
    if (index === undefined) {
      if (this.names.length >= 2 ** 11 - 1) return rowNumber;
      index = this.names.push(sheet);
      this.indexes.set(sheet, index);
    }
    return index * SheetPositions.ROWS + rowNumber;
  }

  decode(position: number): { row: number; sheet?: string } {
    const index = Math.floor(position / SheetPositions.ROWS);
    return index === 0 ? { row: position } : { row: position % SheetPositions.ROWS, sheet: this.names[index - 1] };
  }
}
