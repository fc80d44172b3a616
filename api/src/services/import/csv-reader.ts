/**
 * A streaming CSV reader: comma, semicolon or tab (sniffed from the header line), UTF-8 with or without a
 * BOM, `"` quoting with `""` escapes, line breaks inside quoted cells, LF, CRLF or CR line ends. Cells are
 * returned as text and nothing in them is evaluated (a cell `=1+1` is the text "=1+1").
 *
 * Memory stays flat: the file is read in 64 KB chunks and only the record straddling a chunk boundary is
 * carried over. Small chunks matter: a decoded 1 MB chunk is a 'large object' that V8 frees only in a full
 * GC, and cells cut from it keep it alive, so 1 MB chunks let the heap grow with the file (875 MB peak
 * for 150 MB); 64 KB chunks die young (measured peak heap 134 MB -> 50 MB, parse CPU halved). Each chunk
 * is parsed as the string it was decoded as; only the record cut at its start is joined with the text before
 * (csvRecords says why). An unclosed quote would otherwise swallow the rest of the file, so a quoted cell longer
 * than MAX_RECORD_CHARS stops the import with the row number where the quote opened.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { CR, LF, QUOTE } from './char-codes.ts';
import { ImportFileError, isBlankRow, uniqueHeaders, type RowSource, type SourceRow } from './source-rows.ts';
import { hasNameColumn, isTitleRow, MAX_TITLE_ROWS } from './columns.ts';

const CHUNK_BYTES = 64 * 1024;
/** Longest record accepted (real exports have cells of a few KB; 8 MB means a quote was never closed). */
export const MAX_RECORD_CHARS = 8 * 1024 * 1024;

const DELIMITERS = [',', ';', '\t'] as const;

/** `sep=;` (or `"sep=;"`) alone on the first line, as Excel writes and reads it. */
const SEPARATOR_LINE = /^"?sep=([,;\t|])"?\r?\n/i;

/** How many lines are looked at for one with a delimiter (a title line above the header may have none). */
const SNIFFED_LINES = 6;

/**
 * Picks the delimiter that splits the header line most (outside quotes): the first line that has any of
 * them, so a title line above the header ("Businesses export - March 2025") does not decide; comma on a
 * tie or none.
 */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let lines = 0;
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') {
      if (found || ++lines === SNIFFED_LINES) break;
    } else if (!quoted && counts.has(ch)) {
      counts.set(ch, counts.get(ch)! + 1);
      found = true;
    }
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

class UnclosedQuote extends Error {}

/** A quoted cell from its opening quote: the text between the quotes, with "" pairs still doubled. */
const QUOTED_CELL = /"([^"]*(?:""[^"]*)*)"(?!")/y;

/**
 * Finds where cells end in one buffer. The next delimiter, LF and CR are each found with String#indexOf (a
 * vectorised search in V8) instead of a character-by-character loop, and each position is remembered until
 * the scan passes it, so every character class is searched once per buffer: a file with no delimiter at all
 * (one column), or one CR far ahead, does not make each record search to the end of the buffer.
 */
class CellScanner {
  private nextDelim = -1;
  private nextLf = -1;
  private nextCr: number;
  /** Where the record parsed last ended (parseRecord's second result). */
  recordEnd = 0;

  constructor(readonly buf: string, readonly delim: string) {
    this.nextCr = buf.includes('\r') ? -1 : buf.length;
  }

  /** The first delimiter, LF or CR at or after `from`; the buffer's length when there is none. */
  cellEnd(from: number): number {
    if (this.nextDelim < from) this.nextDelim = this.find(this.delim, from);
    if (this.nextLf < from) this.nextLf = this.find('\n', from);
    if (this.nextCr < from) this.nextCr = this.find('\r', from);
    return Math.min(this.nextDelim, this.nextLf, this.nextCr);
  }

  private find(text: string, from: number): number {
    const at = this.buf.indexOf(text, from);
    return at === -1 ? this.buf.length : at;
  }
}

/**
 * Parses one record starting at `start` (its end goes to `scan.recordEnd`). Returns null when the buffer
 * ends before the record does and more text may follow (`final` false); throws UnclosedQuote when the text
 * ends inside a quoted cell.
 */
function parseRecord(scan: CellScanner, start: number, final: boolean): string[] | null {
  const { buf } = scan;
  const delim = scan.delim.charCodeAt(0);
  const fields: string[] = [];
  const n = buf.length;
  let i = start;
  for (;;) {
    if (i < n && buf.charCodeAt(i) === QUOTE) {
      // The whole quoted cell in one regular-expression match (runs of other characters, or "" pairs, up to
      // a lone closing quote): a search per quote was the parse's largest cost for JSON cells.
      QUOTED_CELL.lastIndex = i;
      const match = QUOTED_CELL.exec(buf);
      if (!match) {
        if (final) throw new UnclosedQuote();
        return null;
      }
      i = QUOTED_CELL.lastIndex;
      // A quote that ends the buffer may be the first of a "" pair whose second half is in the next chunk.
      if (i >= n && !final) return null;
      let value = match[1];
      if (value.includes('""')) value = value.replaceAll('""', '"');
      // Text after a closing quote (`"ab"cd`) is kept, as spreadsheet programs do.
      const k = scan.cellEnd(i);
      if (k === n && !final) return null;
      if (k > i) value += buf.slice(i, k);
      i = k;
      fields.push(value);
    } else {
      const k = scan.cellEnd(i);
      if (k === n && !final) return null;
      fields.push(buf.slice(i, k));
      i = k;
    }
    if (i >= n) {
      scan.recordEnd = n;
      return fields;
    }
    const c = buf.charCodeAt(i);
    if (c === delim) {
      i++;
      if (i >= n) {
        if (!final) return null;
        fields.push('');
        scan.recordEnd = n;
        return fields;
      }
      continue;
    }
    if (c === CR) {
      if (i + 1 >= n && !final) return null;
      i += buf.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      i++;
    }
    scan.recordEnd = i;
    return fields;
  }
}

/** The error for record `row`, whose text so far (`record`) is longer than any record of a business. */
export function overlongRecordError(row: number, record: string): ImportFileError {
  const megabytes = MAX_RECORD_CHARS / 1024 / 1024;
  const why = record.includes('"')
    ? `a cell runs over ${megabytes} MB; a quote (") is probably never closed`
    : `one row runs over ${megabytes} MB without a line break; a business's row is a few KB at most, so this is not a CSV of one business a line`;
  return new ImportFileError('malformed', `Row ${row}: ${why}.`, row);
}

/** The text encodings a CSV is read in (see csvEncoding). */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** For a file that is not all UTF-8: how its lines divide, for the report (decoded by MixedEncodingDecoder). */
export interface LegacyLines {
  /** Lines that are not valid UTF-8 (their other bytes read as Windows-1252). */
  legacy: number;
  /** The first few of them (1-based line numbers). */
  firstLegacy: number[];
  /** Lines that are valid UTF-8 and not plain ASCII, read as UTF-8. */
  utf8: number;
}

const NAMED_LEGACY_LINES = 5;

/** Counts the lines that are not valid UTF-8, and those that are UTF-8 with more than ASCII, for the report. */
export async function legacyLines(path: string): Promise<LegacyLines> {
  const counts: LegacyLines = { legacy: 0, firstLegacy: [], utf8: 0 };
  let line = 0;
  const count = (bytes: Buffer) => {
    line++;
    if (isUtf8(bytes)) {
      if (bytes.some((byte) => byte >= 0x80)) counts.utf8++;
    } else {
      counts.legacy++;
      if (counts.firstLegacy.length < NAMED_LEGACY_LINES) counts.firstLegacy.push(line);
    }
  };
  let rest = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    const bytes = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
      count(bytes.subarray(start, end));
      start = end + 1;
    }
    rest = Buffer.from(bytes.subarray(start));
  }
  if (rest.length) count(rest);
  return counts;
}

// Windows-1252 is ISO-8859-1 except for 0x80-0x9F; the five bytes it leaves undefined there are dropped
// (they are no text, and stored they were invisible control characters in names).
const CP1252_80_9F = ['€', '', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '', 'Ž', '', '', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '', 'ž', 'Ÿ'];

const utf8Decoder = new TextDecoder('utf-8');

/** The length of the valid UTF-8 sequence starting at `i` (its first byte is 0x80 or more), or 0. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  const continuation = (at: number, low = 0x80, high = 0xbf) => at < bytes.length && bytes[at] >= low && bytes[at] <= high;
  if (b >= 0xc2 && b <= 0xdf) return continuation(i + 1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const [low, high] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const [low, high] = b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

/**
 * Text that is not all valid UTF-8: every valid UTF-8 sequence as UTF-8, every other byte as Windows-1252.
 * A Windows-1252 line reads as it was written (its "é" is one byte no UTF-8 sequence starts with that
 * way), and a UTF-8 line with one stray byte keeps its other accents ("Café Zürich ®" stays so, where
 * reading the whole line as Windows-1252 stored "CafÃ© ZÃ¼rich ®").
 */
function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  let text = '';
  let run = 0;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(bytes, i);
    if (length) {
      i += length;
      continue;
    }
    const byte = bytes[i];
    text += utf8Decoder.decode(bytes.subarray(run, i)) + (byte < 0xa0 ? CP1252_80_9F[byte - 0x80] : String.fromCharCode(byte));
    run = ++i;
  }
  return text + utf8Decoder.decode(bytes.subarray(run));
}

/**
 * Decodes a CSV that is not all UTF-8 (decodeUtf8OrWindows1252), in pieces that end at a newline byte
 * (the same in both encodings), so no character is cut between two chunks.
 */
class MixedEncodingDecoder {
  private rest = Buffer.alloc(0);

  /** `first`: the bytes start the file (a UTF-8 byte order mark there is dropped). */
  constructor(private first = true) {}

  decode(chunk?: Buffer, options: { stream?: boolean } = {}): string {
    let bytes = chunk ? (this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk) : this.rest;
    if (this.first && bytes.length >= 3) {
      // A UTF-8 byte order mark.
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      this.first = false;
    }
    const end = options.stream ? bytes.lastIndexOf(0x0a) + 1 : bytes.length;
    this.rest = Buffer.from(bytes.subarray(end));
    const whole = bytes.subarray(0, end);
    return isUtf8(whole) ? utf8Decoder.decode(whole) : decodeUtf8OrWindows1252(whole);
  }
}

/**
 * A CSV's encoding: UTF-16 when it starts with a UTF-16 byte order mark, UTF-8 when every byte of it is
 * valid UTF-8 (a UTF-8 BOM or none), otherwise 'windows-1252': what Excel's plain "CSV" writes on Western
 * Windows (read as UTF-8, its "é" became U+FFFD and the slugs lost letters), read byte by byte with the
 * valid UTF-8 in it kept (MixedEncodingDecoder). The whole file is checked,
 * chunk by chunk, because an export is often ASCII for thousands of rows before its first "é".
 */
export async function csvEncoding(path: string): Promise<CsvEncoding> {
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    let carried = 0;
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, carried, chunk.length - carried, position);
      if (position === 0 && bytesRead >= 2) {
        if (chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf-16le';
        if (chunk[0] === 0xfe && chunk[1] === 0xff) return 'utf-16be';
      }
      position += bytesRead;
      const length = carried + bytesRead;
      // At the end, what is carried is at most the first bytes of one character cut short: UTF-8 still.
      if (bytesRead === 0) return 'utf-8';
      // A character cut by the chunk's end is carried to the next read: back up to its first byte.
      let end = length;
      let back = 0;
      while (back < 3 && end > 0 && (chunk[end - 1] & 0xc0) === 0x80) {
        end--;
        back++;
      }
      if (end > 0 && chunk[end - 1] >= 0xc0) end--;
      if (!isUtf8(chunk.subarray(0, end))) return 'windows-1252';
      chunk.copy(chunk, 0, end, length);
      carried = length - end;
    }
  } finally {
    await handle.close();
  }
}

/**
 * A part of a CSV read on its own (csv-ranges.ts: several threads parse one file): the bytes from `start`
 * (0, or just after a line feed) to `end` (just after a line feed, or the file's end), whose records are
 * numbered from 1 (the range's first record; the file's first, after a `sep=` line, when `start` is 0).
 */
export interface CsvRange {
  start: number;
  end: number;
  /** The file's delimiter (sniffed from its start by openCsv). */
  delimiter: string;
  /** The text of a record the range before left unfinished (its end is inside a quoted cell): read first. */
  prefix?: string;
  /** The file ends at `end`: a quoted cell still open there is an error, not a tail for the next range. */
  atEnd: boolean;
}

/** How far csvRecords has read, and what it found at the start; for a range, the record it left unfinished. */
export interface CsvProgress {
  read: number;
  delimiter?: string;
  /** A range's last record, from its start, when the range ends inside one of its quoted cells. */
  tail?: string;
  /** Records read (blank lines included), a `sep=` line counted as one: the last record's number. */
  records?: number;
}

class CutRecord extends Error {
  constructor(readonly tail: string) {
    super('the range ends inside a quoted cell');
  }
}

/**
 * Yields arrays of records (each a string[]) with their record numbers, chunk by chunk: of the whole file,
 * or of one range of it (CsvRange).
 */
export async function* csvRecords(path: string, encoding: CsvEncoding, progress: CsvProgress, range?: CsvRange): AsyncGenerator<{ number: number; fields: string[] }[]> {
  const empty = range !== undefined && range.end <= range.start;
  const stream = empty ? null : createReadStream(path, { highWaterMark: CHUNK_BYTES, ...(range ? { start: range.start, end: range.end - 1 } : {}) });
  const fileStart = !range || range.start === 0;
  // Decodes across chunk ends (a character cut in two waits for its other half); drops a byte order mark at
  // the file's start (only there: a range's first bytes are some line's).
  const decoder = encoding === 'windows-1252' ? new MixedEncodingDecoder(fileStart) : new TextDecoder(encoding, { ignoreBOM: !fileStart });
  // The text of the latest chunk, and the start of a record cut at the end of the chunk before it.
  let text = '';
  let rest = range?.prefix ?? '';
  let delim = range?.delimiter ?? ',';
  let number = 0;
  let first = fileStart;
  if (!first) progress.delimiter = delim;
  /** Parses records from `scan` at `pos` into `out` while they are complete; returns where it stopped. */
  const parseInto = (out: { number: number; fields: string[] }[], scan: CellScanner, pos: number, final: boolean, limit = Infinity): number => {
    while (pos < scan.buf.length && out.length < limit) {
      let fields: string[] | null;
      try {
        fields = parseRecord(scan, pos, final);
      } catch (error) {
        if (error instanceof UnclosedQuote) {
          // A range that is not the file's end hands its open record on to the next range.
          if (range && !range.atEnd) throw Object.assign(new CutRecord(scan.buf.slice(pos)), { pending: out });
          const row = number + 1;
          throw Object.assign(
            new ImportFileError('malformed', `Row ${row}: a quoted cell is never closed (a " is missing).`, row),
            { pending: out },
          );
        }
        throw error;
      }
      if (!fields) break;
      pos = scan.recordEnd;
      number++;
      out.push({ number, fields });
    }
    return pos;
  };
  const drain = (final: boolean) => {
    const out: { number: number; fields: string[] }[] = [];
    let pos = 0;
    if (rest) {
      // The cut record is completed from as little of the new text as it takes, and the new text is then
      // parsed as the flat string it was decoded as. Parsing the two joined (a cons string in V8, even once
      // flattened) read each character ~5x slower: the reader alone took 18.5-19.8 µs a row of the bench's
      // CSV that way, 7.8-9.5 µs this way (docs/performance.md, "The CSV reader's strings").
      let take = rest.length > CHUNK_BYTES ? text.length : Math.min(text.length, 4 * 1024);
      for (;;) {
        const joined = rest + text.slice(0, take);
        const end = parseInto(out, new CellScanner(joined, delim), 0, final && take === text.length, 1);
        if (end > 0) {
          // A record cut at the chunk's end ends in the new text (at its start at the earliest).
          pos = end - rest.length;
          rest = '';
          break;
        }
        if (take === text.length) {
          rest = joined;
          pos = text.length;
          break;
        }
        take = Math.min(text.length, take * 2);
      }
    }
    if (!rest) {
      pos = parseInto(out, new CellScanner(text, delim), pos, final);
      rest = text.slice(pos);
    }
    text = '';
    if (!final && rest.length > MAX_RECORD_CHARS) throw Object.assign(overlongRecordError(number + 1, rest), { pending: out });
    return out;
  };
  const append = (chunk: string): boolean => {
    if (!chunk) return false;
    if (first) {
      text = chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
      // Excel's "sep=;" first line names the delimiter; it is not the header (which is then row 2).
      const hint = SEPARATOR_LINE.exec(text);
      if (hint) {
        delim = hint[1];
        text = text.slice(hint[0].length);
        number = 1;
      } else {
        delim = range?.delimiter ?? sniffDelimiter(text.slice(0, 64 * 1024));
      }
      first = false;
      progress.delimiter = delim;
    } else {
      text = chunk;
    }
    return true;
  };
  try {
    if (stream) {
      for await (const bytes of stream as AsyncIterable<Buffer>) {
        progress.read = stream.bytesRead;
        if (!append(decoder.decode(bytes, { stream: true }))) continue;
        const records = drainOrPending(drain, false);
        progress.records = number;
        if (records.pending) {
          if (records.pending.length) yield records.pending;
          throw records.error;
        }
        if (records.out.length) yield records.out;
      }
    }
    append(decoder.decode());
    if (first) return;
    const records = drainOrPending(drain, true);
    progress.records = number;
    if (records.pending) {
      if (records.pending.length) yield records.pending;
      if (records.error instanceof CutRecord) {
        progress.tail = records.error.tail;
        return;
      }
      throw records.error;
    }
    if (records.out.length) yield records.out;
  } finally {
    stream?.destroy();
  }
}

// Rows parsed before a fatal error are still handed out (so they are imported), then the error is raised.
function drainOrPending(
  drain: (final: boolean) => { number: number; fields: string[] }[],
  final: boolean,
): { out: { number: number; fields: string[] }[]; pending?: { number: number; fields: string[] }[]; error?: unknown } {
  try {
    return { out: drain(final) };
  } catch (error) {
    const pending = (error as { pending?: { number: number; fields: string[] }[] }).pending ?? [];
    return { out: [], pending, error };
  }
}

/** Opens a CSV file: reads the header row, then streams data rows. */
export async function openCsv(path: string): Promise<RowSource> {
  const size = statSync(path).size;
  const progress: CsvProgress = { read: 0 };
  const encoding = await csvEncoding(path);
  const batches = csvRecords(path, encoding, progress);
  // The header is the first non-blank line, or the first with a business name column after a title line
  // or two ("Businesses export - March 2025,,,,") when there is one.
  const seen: { number: number; fields: string[] }[] = [];
  let rest: { number: number; fields: string[] }[] = [];
  let titleLines = 0;
  for (;;) {
    const next = await batches.next();
    if (next.done) break;
    let at = 0;
    let decided = false;
    for (; at < next.value.length && !decided; at++) {
      const record = next.value[at];
      if (isBlankRow(record.fields)) continue;
      seen.push(record);
      const isTitle = seen.length <= MAX_TITLE_ROWS && isTitleRow(record.fields);
      if (!isTitle) {
        if (seen.length > 1 && hasNameColumn(record.fields)) titleLines = seen.length - 1;
        decided = true;
      }
    }
    rest = next.value.slice(at);
    if (decided) break;
  }
  if (seen.length === 0) throw new ImportFileError('empty', 'The file has no header row.');
  // No header below the titles: the first line is the header, as it was (its columns name what is missing).
  const headerRecord = seen[titleLines];
  rest = [...seen.slice(titleLines + 1), ...rest];
  const headers = uniqueHeaders(headerRecord.fields);
  const toRows = (records: { number: number; fields: string[] }[]): SourceRow[] => {
    const out: SourceRow[] = [];
    for (const record of records) if (!isBlankRow(record.fields)) out.push({ rowNumber: record.number, values: record.fields });
    return out;
  };
  async function* rows(): AsyncGenerator<SourceRow[]> {
    try {
      const first = toRows(rest);
      rest = [];
      if (first.length) yield first;
      for (;;) {
        const next = await batches.next();
        if (next.done) return;
        const chunk = toRows(next.value);
        if (chunk.length) yield chunk;
      }
    } finally {
      await batches.return(undefined);
    }
  }
  const notes = encoding === 'windows-1252' ? [legacyNote(await legacyLines(path))]
    : encoding === 'utf-8' ? [] : [`The file was read as ${encoding.toUpperCase()} text (it starts with that byte order mark).`];
  if (titleLines > 0) notes.push(`The header is on line ${headerRecord.number.toLocaleString('en-US')}: the ${titleLines === 1 ? 'title line' : `${titleLines} title lines`} above it ${titleLines === 1 ? 'was' : 'were'} not read as data.`);
  return {
    headers, sheets: [], rows: rows(), close: async () => void (await batches.return(undefined)), fraction: () => (size ? Math.min(1, progress.read / size) : 1), notes, delimiter: progress.delimiter,
    csv: { encoding, headerRecord: headerRecord.number, bytes: size },
  };
}

function legacyNote(lines: LegacyLines): string {
  if (lines.utf8 === 0) {
    return 'The file is not UTF-8: it was read as Windows-1252 (what Excel saves as plain "CSV"); if its accents look wrong, save it as "CSV UTF-8" and import it again.';
  }
  const which = `line${lines.firstLegacy.length === 1 ? '' : 's'} ${lines.firstLegacy.join(', ')}${lines.legacy > lines.firstLegacy.length ? ', ...' : ''}`;
  return `The file mixes text encodings: ${lines.legacy === 1 ? '1 line is' : `${lines.legacy.toLocaleString('en-US')} lines are`} not all UTF-8 (${which}); the bytes in ${lines.legacy === 1 ? 'it' : 'them'} that are not UTF-8 were read as Windows-1252, the rest as UTF-8. Check the accents of ${lines.legacy === 1 ? 'that line' : 'those lines'}, or save the file as "CSV UTF-8" and import it again.`;
}
