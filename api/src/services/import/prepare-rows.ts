/**
 * The part of reading a file that depends on one row alone: refusing a row whose cells do not line up,
 * normalising and validating it, keying a row without a place_id by its content, proposing its slug and
 * encoding its COPY columns. It is most of a row's cost (normalisation ~30%, encoding and slugs ~19% of the
 * parse worker's profile, docs/performance.md), and being per row it can run on other threads
 * (prepare-worker.ts) while the parse worker scans the file and keeps everything that depends on the order
 * of rows (in-file repeats, counts, the report's lists, batches). Both run this same code.
 *
 * A chunk of rows goes in; a PreparedChunk comes out: plain typed arrays and string lists, so a thread
 * posts it with its buffers transferred, not cloned row by row.
 */
import { copyLineTail, encodeLineRest, proposedSlug } from '../../../../platform/db/business-writer.ts';
import { mapColumns } from './columns.ts';
import { contentKey } from './content-key.ts';
import { normaliseRow } from './normalise-row.ts';
import type { FileType } from './source-rows.ts';

/** What a preparer needs to know of the file, known once its header is read. */
export interface PrepareContext {
  fileType: FileType;
  headers: string[];
  delimiter?: string;
  /** businesses.source of the rows inserted. */
  source: string;
  /** is_approved of the rows inserted (false: held for review; default true). */
  isApproved?: boolean;
}

/** The part of a SourceRow a preparer reads. */
export interface RowCells {
  values: string[];
  uncomputed?: number[];
}

/** Per-row flags of a PreparedChunk. */
export const PREPARED = {
  accepted: 1,
  byContent: 1 << 1,
  noCountry: 1 << 2,
  unknownCountry: 1 << 3,
  droppedLocation: 1 << 4,
  droppedHours: 1 << 5,
  droppedShortened: 1 << 6,
  cityFromAddress: 1 << 7,
  countryFromAddress: 1 << 8,
  countryFromPhone: 1 << 9,
  countryFromState: 1 << 10,
} as const;

export interface PreparedChunk {
  /** Per row of the chunk: 0 when refused, else PREPARED flags with `accepted`. */
  flags: Uint16Array;
  /** Why, for each refused row in order. */
  reasons: string[];
  /** For each accepted row in order: its key (a place_id, or its content key), name, city and proposed slug. */
  placeIds: string[];
  names: string[];
  cities: Array<string | null>;
  slugs: string[];
  /** The country name of each accepted row flagged `unknownCountry`, in order. */
  unknownCountries: string[];
  /** The accepted rows' COPY lines after place_id and slug (encodeLineRest), one after another, UTF-8. */
  rests: Uint8Array;
  /** Where each accepted row's rest ends in `rests`. */
  restEnds: Uint32Array;
}

const utf8 = new TextEncoder();
/** Bytes of an encoded rest in the latest chunk (the next chunk's buffer is sized from it). */
let restBytesPerRow = 1024;

/** The preparation of the rows of one file (a file's header decides how its cells map to fields). */
export function createRowPreparer(context: PrepareContext): (rows: RowCells[]) => PreparedChunk {
  const mapping = mapColumns(context.headers);
  const tail = copyLineTail(context.source, context.isApproved ?? true);
  const width = context.headers.length;
  // The headers some field is read from (a formula without its result matters only in those).
  const readHeaders = new Set(Object.values(mapping.sources).flat());

  return (rows) => {
    const flags = new Uint16Array(rows.length);
    const chunk: PreparedChunk = { flags, reasons: [], placeIds: [], names: [], cities: [], slugs: [], unknownCountries: [], rests: new Uint8Array(0), restEnds: new Uint32Array(0) };
    let rests = new Uint8Array(Math.max(16 * 1024, Math.ceil(rows.length * restBytesPerRow * 1.15)));
    let used = 0;
    const restEnds: number[] = [];
    rows.forEach((cells, index) => {
      // A CSV row with more cells than the header has its cells out of place from the first unquoted
      // delimiter in a cell on ("Acme, Inc" makes the city "Inc"); one with fewer lacks columns the file
      // has, which would clear them in a stored business: both refused, not stored. Extra empty cells (a
      // trailing delimiter) and missing cells past the last column read are harmless.
      // An .xlsx cell with a formula but no saved result would be read as empty: refused too.
      const refusal = context.fileType === 'csv' ? raggedReason(cells.values, width, mapping.usedWidth, context.delimiter)
        : cells.uncomputed ? uncomputedReason(cells.uncomputed, context.headers, readHeaders)
        : null;
      const result = refusal ? { ok: false as const, reason: refusal } : normaliseRow(mapping.map(cells.values));
      if (!result.ok) {
        chunk.reasons.push(result.reason);
        return;
      }
      const { row } = result;
      let flag: number = PREPARED.accepted;
      // A row without a place_id is keyed by its content, so a repeat in the file and a business an
      // earlier import added are found as for a place_id (the report keeps counting real place_ids).
      if (!row.placeId) {
        row.placeId = contentKey(row);
        flag |= PREPARED.byContent;
      }
      if (row.country && !row.countryCode) {
        flag |= PREPARED.unknownCountry;
        chunk.unknownCountries.push(row.country);
      } else if (!row.country) {
        flag |= PREPARED.noCountry;
      }
      if (result.dropped?.location) flag |= PREPARED.droppedLocation;
      if (result.dropped?.hours) flag |= PREPARED.droppedHours;
      if (result.dropped?.shortened) flag |= PREPARED.droppedShortened;
      if (result.derived?.city) flag |= PREPARED.cityFromAddress;
      if (result.derived?.countryCode === 'address') flag |= PREPARED.countryFromAddress;
      else if (result.derived?.countryCode === 'phone') flag |= PREPARED.countryFromPhone;
      else if (result.derived?.countryCode === 'state') flag |= PREPARED.countryFromState;
      flags[index] = flag;
      chunk.placeIds.push(row.placeId);
      chunk.names.push(row.name);
      chunk.cities.push(row.city);
      chunk.slugs.push(proposedSlug(row));
      const rest = encodeLineRest(row, tail);
      for (;;) {
        const { read, written } = utf8.encodeInto(rest, rests.subarray(used));
        if (read === rest.length) {
          used += written;
          break;
        }
        const grown = new Uint8Array(Math.max(rests.length * 2, used + rest.length * 3));
        grown.set(rests.subarray(0, used));
        rests = grown;
      }
      restEnds.push(used);
    });
    if (restEnds.length) restBytesPerRow = used / restEnds.length;
    chunk.rests = rests.subarray(0, used);
    chunk.restEnds = Uint32Array.from(restEnds);
    return chunk;
  };
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * A row whose cell holds a formula the file never computed (a workbook written by a script, not by Excel):
 * read as empty, it would clear the stored value of a business it updates. Refused, naming the column.
 */
function uncomputedReason(cells: number[], headers: string[], readHeaders: Set<string>): string | null {
  const named = cells.map((index) => headers[index]).filter((header) => header !== undefined && readHeaders.has(header));
  if (named.length === 0) return null;
  return `${named.map((header) => `"${header}"`).join(', ')} ${named.length === 1 ? 'holds a formula' : 'hold formulas'} with no saved result; open the file in Excel or LibreOffice and save it, so the results are stored, then import it again`;
}

/** Why a CSV row's cells do not line up with the header, or null when they do. */
function raggedReason(values: string[], width: number, usedWidth: number, delimiter = ','): string | null {
  const cells = `it has ${values.length} cell${values.length === 1 ? '' : 's'} where the header has ${width}`;
  if (values.length < usedWidth) return `${cells} (the row is cut short; its missing cells would clear stored values)`;
  let extra = false;
  for (let index = width; index < values.length && !extra; index++) if (values[index].trim() !== '') extra = true;
  if (!extra) return null;
  // A quote opened and closed lines later reads the rows between as one.
  if (values.some((value) => value.includes('\n'))) return `${cells}: a quote (") opened in it closes on a later line, so the rows after it up to there were read as part of it`;
  return `${cells} (a ${DELIMITER_NAMES[delimiter] ?? `"${delimiter}"`} inside a cell that is not in quotes?)`;
}
