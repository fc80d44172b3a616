/**
 * A large CSV read by several threads at once. The parse worker alone could not use a bigger machine: it
 * scanned every byte of the file, and on 16 cores an import of a 150 MB CSV went only 1.46x faster than on
 * 2 (issue #27). Here the file is cut into ranges of about RANGE_BYTES, each ending just after a line feed,
 * and helper threads (prepare-worker.ts) each read whole ranges: decode, parse, and prepare the rows
 * (prepare-rows.ts). The parse worker takes their results in the file's order and keeps what depends on
 * that order (repeats, counts, batches: read-batches.ts), as it does with rows it parsed itself.
 *
 * A line feed may be inside a quoted cell (an address over two lines), so a range's first byte is only
 * *probably* the start of a record. Each range is parsed as if it were; whether it was is known once the
 * range before it has been read from a true start: if that one ended inside a quoted cell, it hands the
 * record's text on (its `tail`) and this range is parsed again, from that text on, and its first result is
 * dropped. Range 0 starts the file, so by induction every range taken was read from a true record start,
 * and the records, their numbers and any error are those the single reader (csv-reader.ts) gives.
 *
 * Used for UTF-8 and Windows-1252 files (a line feed is the byte 0x0A in both and in no other character);
 * not for UTF-16.
 */
import { open } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { csvRecords, MAX_RECORD_CHARS, overlongRecordError, type CsvEncoding, type CsvProgress, type CsvRange } from './csv-reader.ts';
import { PREPARED, type PrepareContext, type PreparedChunk, type RowCells } from './prepare-rows.ts';
import { ImportFileError, isBlankRow } from './source-rows.ts';

/**
 * Bytes a range holds, about (its end moves on to the next line feed): ~1,000 rows of a wide export. Large
 * enough that asking costs little, small enough that a range read twice (a quoted cell over its start) and
 * the rows waiting for their turn cost little too.
 */
export const RANGE_BYTES = 1024 * 1024;
/** Helper threads from which a CSV is read a range each (fewer prepare the rows the parse worker reads). */
export const MIN_RANGE_READERS = 2;
/** Ranges given to each helper before the parse worker takes the oldest result (one parsed, one queued). */
const RANGES_PER_HELPER = 2;
/** A range's rows are prepared in parts of this many (the parsed cells of a part die young). */
const ROWS_PER_PART = 256;

/** A request to a helper thread: one range of the file, its rows prepared. */
export interface RangeRequest {
  type: 'range';
  id: number;
  path: string;
  encoding: CsvEncoding;
  range: CsvRange;
}

/** A failure inside a range: the record (numbered within the range) and what the reader said of it. */
export interface RangeFailure {
  code: ImportFileError['code'];
  row: number;
  /** The message after its "Row N: ". */
  why: string;
}

/**
 * Some rows of a range, prepared: posted as soon as they are (ROWS_PER_PART), so that a helper keeps no
 * range's worth of rows and their text alive (kept, they outlived the young generation and made the
 * helper's garbage collection cost more than its parse: docs/performance.md).
 */
export interface RangePart {
  type: 'range-part';
  id: number;
  /** The record number, within the range, of each row (blank lines left out). */
  rowNumbers: Uint32Array;
  prepared: PreparedChunk;
}

/** The end of a range, after its parts. */
export interface RangeEnd {
  type: 'range-end';
  id: number;
  /** Records read, blank lines included (not the one left unfinished at the range's end). */
  records: number;
  /** The text of a record the range ends inside (from its start): the next range's is read after it. */
  tail?: string;
  failure?: RangeFailure;
}

/** Rows of the file in its order, as read-batches.ts takes them. */
export interface RangeRows {
  rowNumbers: Uint32Array;
  prepared: PreparedChunk;
  /** How much of the file has been read, 0..1. */
  fraction: number;
}

const LF = 0x0a;

/**
 * Where the ranges of a file start: 0, then just after the first line feed at or after each multiple of
 * `rangeBytes` (not before the previous start), and the file's size last.
 */
export async function rangeStarts(path: string, bytes: number, rangeBytes = RANGE_BYTES): Promise<number[]> {
  const starts = [0];
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    for (let at = rangeBytes - 1; at < bytes; ) {
      let start = -1;
      for (let from = Math.max(at, starts.at(-1)!); from < bytes && start === -1; ) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
        if (bytesRead === 0) break;
        const found = buffer.subarray(0, bytesRead).indexOf(LF);
        if (found !== -1) start = from + found + 1;
        else from += bytesRead;
      }
      if (start === -1 || start >= bytes) break;
      starts.push(start);
      at = Math.max(start, at + rangeBytes);
    }
  } finally {
    await handle.close();
  }
  starts.push(bytes);
  return starts;
}

/** A PreparedChunk without its first `count` rows. */
export function dropLeadingRows(chunk: PreparedChunk, count: number): PreparedChunk {
  let refused = 0;
  let accepted = 0;
  let unknown = 0;
  for (let row = 0; row < count; row++) {
    const flags = chunk.flags[row];
    if (!flags) refused++;
    else {
      accepted++;
      if (flags & PREPARED.unknownCountry) unknown++;
    }
  }
  const restStart = accepted ? chunk.restEnds[accepted - 1] : 0;
  return {
    flags: chunk.flags.subarray(count),
    reasons: chunk.reasons.slice(refused),
    placeIds: chunk.placeIds.slice(accepted),
    names: chunk.names.slice(accepted),
    cities: chunk.cities.slice(accepted),
    slugs: chunk.slugs.slice(accepted),
    unknownCountries: chunk.unknownCountries.slice(unknown),
    rests: chunk.rests.subarray(restStart),
    restEnds: chunk.restEnds.subarray(accepted).map((end) => end - restStart),
  };
}

/** A helper thread's side: reads one range, posts its rows prepared a part at a time, and returns its end. */
export async function readRange(request: RangeRequest, prepare: (rows: RowCells[]) => PreparedChunk, post: (part: RangePart) => void): Promise<RangeEnd> {
  const progress: CsvProgress = { read: 0 };
  let rowNumbers: number[] = [];
  let waiting: RowCells[] = [];
  const flush = () => {
    if (waiting.length) post({ type: 'range-part', id: request.id, rowNumbers: Uint32Array.from(rowNumbers), prepared: prepare(waiting) });
    waiting = [];
    rowNumbers = [];
  };
  let failure: RangeFailure | undefined;
  try {
    for await (const records of csvRecords(request.path, request.encoding, progress, request.range)) {
      for (const record of records) {
        if (isBlankRow(record.fields)) continue;
        rowNumbers.push(record.number);
        waiting.push({ values: record.fields });
      }
      if (waiting.length >= ROWS_PER_PART) flush();
    }
  } catch (error) {
    const row = error instanceof ImportFileError && error.rowNumber !== undefined ? error.rowNumber : (progress.records ?? 0) + 1;
    const prefix = `Row ${row}: `;
    failure = error instanceof ImportFileError
      ? { code: error.code, row, why: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message }
      : { code: 'malformed', row, why: `the file cannot be read further (${(error as Error).message}).` };
  }
  flush();
  return { type: 'range-end', id: request.id, records: progress.records ?? 0, tail: progress.tail, failure };
}

/** The buffers of a RangePart, moved (not copied) when it is posted. */
export function rangePartTransfers(part: RangePart): ArrayBuffer[] {
  const { prepared } = part;
  return [part.rowNumbers.buffer, prepared.flags.buffer, prepared.rests.buffer, prepared.restEnds.buffer] as ArrayBuffer[];
}

export interface CsvRangeOptions {
  path: string;
  encoding: CsvEncoding;
  delimiter: string;
  /** The header's record number (title lines above it are not data either). */
  headerRecord: number;
  bytes: number;
  /** Ports to helper threads (prepare-worker.ts). */
  ports: MessagePort[];
  context: PrepareContext;
  rangeBytes?: number;
}

/**
 * The parse worker's side: the file's rows in order, prepared by the helpers, with their record numbers in
 * the file. A failure in the file (an unclosed quote, a record too long) is thrown as the ImportFileError the
 * single reader throws, after the rows before it.
 */
export async function* csvRangeRows(options: CsvRangeOptions): AsyncGenerator<RangeRows> {
  const { path, encoding, delimiter, headerRecord, bytes, ports, context } = options;
  const starts = await rangeStarts(path, bytes, options.rangeBytes);
  const ranges = starts.length - 1;
  /** What has come back of each range asked for and not yet taken (or given up). */
  const jobs = new Map<number, { parts: RangePart[]; end?: RangeEnd; wake?: () => void }>();
  const load = ports.map(() => 0);
  const listeners = ports.map((port, index) => {
    const listener = (message: RangePart | RangeEnd) => {
      if (message.type === 'range-end') load[index]--;
      const job = jobs.get(message.id);
      if (!job) return;
      if (message.type === 'range-end') job.end = message;
      else job.parts.push(message);
      job.wake?.();
    };
    port.on('message', listener);
    port.postMessage({ type: 'context', context });
    return listener;
  });
  let nextId = 0;
  /** Sends a range to the helper with the fewest waiting; returns the id its parts and end will carry. */
  const request = (index: number, prefix?: string): number => {
    const id = nextId++;
    const helper = load.indexOf(Math.min(...load));
    load[helper]++;
    jobs.set(id, { parts: [] });
    const range: CsvRange = { start: starts[index], end: starts[index + 1], delimiter, prefix, atEnd: index === ranges - 1 };
    ports[helper].postMessage({ type: 'range', id, path, encoding, range } satisfies RangeRequest);
    return id;
  };
  /** A range's parts as they come, then its end. */
  async function* take(id: number): AsyncGenerator<RangePart, RangeEnd> {
    const job = jobs.get(id)!;
    try {
      for (;;) {
        while (job.parts.length) yield job.parts.shift()!;
        if (job.end) return job.end;
        await new Promise<void>((resolve) => (job.wake = resolve));
        job.wake = undefined;
      }
    } finally {
      jobs.delete(id);
    }
  }

  const speculative = new Map<number, number>();
  let sent = 0;
  const window = ports.length * RANGES_PER_HELPER;
  let carry: string | undefined;
  let recordsBefore = 0;
  try {
    for (let index = 0; index < ranges; index++) {
      while (sent < ranges && sent < index + window) speculative.set(sent, request(sent++));
      let id = speculative.get(index)!;
      speculative.delete(index);
      if (carry !== undefined) {
        // This range's first byte was inside the record the range before left open: what was read from
        // there is dropped, and the range is read again from that record's start.
        jobs.delete(id);
        if (carry.length > MAX_RECORD_CHARS) throw overlongRecordError(recordsBefore + 1, carry);
        id = request(index, carry);
      }
      const fraction = bytes ? starts[index + 1] / bytes : 1;
      const parts = take(id);
      let next = await parts.next();
      for (; !next.done; next = await parts.next()) {
        let { rowNumbers, prepared } = next.value;
        for (let row = 0; row < rowNumbers.length; row++) rowNumbers[row] += recordsBefore;
        // The header and any title lines above it were read by openCsv, and are no data rows.
        let header = 0;
        while (header < rowNumbers.length && rowNumbers[header] <= headerRecord) header++;
        if (header) {
          rowNumbers = rowNumbers.subarray(header);
          prepared = dropLeadingRows(prepared, header);
        }
        if (rowNumbers.length) yield { rowNumbers, prepared, fraction };
      }
      const end = next.value;
      if (end.failure) {
        const row = recordsBefore + end.failure.row;
        throw new ImportFileError(end.failure.code, `Row ${row}: ${end.failure.why}`, row);
      }
      carry = end.tail;
      recordsBefore += end.records;
    }
  } finally {
    ports.forEach((port, index) => port.off('message', listeners[index]));
  }
}
