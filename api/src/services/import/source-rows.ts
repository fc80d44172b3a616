/**
 * What every file reader yields: one record per data row, cells in the order of the header row (header
 * names are mapped to fields once per file, then rows are read by index: no per-row object keyed by name). Readers never interpret values (no formula is evaluated, no type is guessed beyond what the file
 * format itself says); header mapping and normalisation happen later, once, for every format.
 */
export interface SourceRow {
  /** The row as the user sees it in the file: the header is row 1, so the first data row is row 2. */
  rowNumber: number;
  /** Sheet name for spreadsheets with several sheets (undefined for CSV and single-sheet files). */
  sheet?: string;
  /** Cell texts in header order (RowSource.headers); missing trailing cells may be absent. */
  values: string[];
  /**
   * Cells (by index) that hold a formula with no saved result: a workbook written by a program that does
   * not compute formulas. Their text is empty, which is not what the cell says.
   */
  uncomputed?: number[];
}

export interface RowSource {
  /** Header texts in file order (of the first sheet read); SourceRow.values follow this order. */
  headers: string[];
  /** Sheets read and sheets skipped (with why), for the report. Empty for CSV. */
  sheets: Array<{ name: string; rows: number; skipped?: string; headerRow?: number }>;
  /** Data rows in file order, handed out in chunks (a per-row await costs more than parsing a row). */
  rows: AsyncIterable<SourceRow[]>;
  /** Releases the file (needed when the rows are not read to the end, e.g. a refused file). */
  close(): Promise<void>;
  /** How much of the file has been read, 0..1 (for the ETA). */
  fraction(): number;
  /** What the report should tell about how the file was read (e.g. a CSV that is not UTF-8). */
  notes?: string[];
  /** A CSV's cell delimiter (for messages). */
  delimiter?: string;
  /** A CSV's text encoding, the record number of its header and its size (for csv-ranges.ts). */
  csv?: { encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'; headerRecord: number; bytes: number };
}

export type FileType = 'csv' | 'xlsx' | 'xls' | 'json';

/**
 * A problem with the file as a whole (unreadable, hostile, or without the required columns). It stops the
 * import; rows committed before it stay, and the message says where it stopped.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(
    readonly code: 'unsupported_type' | 'malformed' | 'too_large' | 'unsafe' | 'missing_columns' | 'empty',
    message: string,
    /** The file row at which reading stopped, when it stopped mid-file. */
    readonly rowNumber?: number,
  ) {
    super(message);
  }
}

/**
 * Header names made unique: a later repeat of a name gets REPEAT_MARK and its count ("Phone\u00a0#2"),
 * a form no export writes, so a repeat is never taken for a column of its own name (Outscraper's
 * `phone_1` is another column, not a second `phone`).
 */
export function uniqueHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((header, index) => {
    const base = header.trim() || `column_${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}${REPEAT_MARK}${count}`;
  });
}

export const REPEAT_MARK = '\u00a0#';

/** The header a uniqueHeaders repeat repeats ("Phone\u00a0#2" -> "Phone"), or null for any other header. */
export function repeatedHeader(header: string): string | null {
  const at = header.lastIndexOf(REPEAT_MARK);
  return at > 0 && /^\d+$/.test(header.slice(at + REPEAT_MARK.length)) ? header.slice(0, at) : null;
}

/** True when every value is empty or whitespace (such rows are not counted at all, as in a spreadsheet). */
export function isBlankRow(values: string[]): boolean {
  for (const value of values) if (value && value.trim() !== '') return false;
  return true;
}

/**
 * A copy of `text` that does not share memory with the chunk it was cut from. V8 represents a substring
 * of 13+ characters as a view into its parent: keeping one place_id (for the in-file duplicate check) or
 * one error text would otherwise keep a whole 1 MB chunk of the file alive, and memory would grow with
 * the file. Used for every string the import keeps beyond its batch.
 */
export function detach(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}
