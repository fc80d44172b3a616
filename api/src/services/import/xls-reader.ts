/**
 * A reader for legacy Excel 97-2003 workbooks (.xls, BIFF8). The compound-file container is opened by
 * compound-file.ts; the Workbook stream's records are decoded here (only what holds cell values: the shared string
 * table, LABELSST, LABEL, NUMBER, RK, MULRK, BOOLERR and cached FORMULA results). The format caps a sheet at
 * 65,536 rows, so the file is read whole. Nothing is evaluated; encrypted workbooks are refused.
 */
import { readFile } from 'node:fs/promises';
import { CompoundFileError, readCompoundStream } from './compound-file.ts';
import { sheetRowSource, type SheetEvent } from './sheet-source.ts';
import { ImportFileError, type RowSource } from './source-rows.ts';

const R = {
  BOF: 0x0809, EOF: 0x000a, BOUNDSHEET: 0x0085, SST: 0x00fc, CONTINUE: 0x003c, FILEPASS: 0x002f,
  LABELSST: 0x00fd, LABEL: 0x0204, NUMBER: 0x0203, RK: 0x027e, MULRK: 0x00bd, BOOLERR: 0x0205,
  FORMULA: 0x0006, STRING: 0x0207, FORMAT: 0x041e, XF: 0x00e0, DATEMODE: 0x0022,
} as const;

/**
 * What a person is told about any .xls that cannot be decoded. The causes underneath (a sector chain that
 * ends early or loops, a record shorter than its type needs) are CompoundFileErrors or Buffer range errors
 * ("The value of "offset" is out of range"), which say nothing to the person uploading, so they are not shown.
 */
const DAMAGED = 'The .xls file is damaged or truncated; save it again from Excel and upload it once more.';

function damagedSheet(name: string): ImportFileError {
  return new ImportFileError('malformed', `The .xls sheet "${name}" is damaged or truncated; save the file again from Excel and upload it once more.`);
}

interface RecordAt {
  type: number;
  offset: number;
  data: Buffer;
}

function* records(stream: Buffer, from: number): Generator<RecordAt> {
  let pos = from;
  while (pos + 4 <= stream.length) {
    const type = stream.readUInt16LE(pos);
    const length = stream.readUInt16LE(pos + 2);
    if (pos + 4 + length > stream.length) throw new ImportFileError('malformed', DAMAGED);
    yield { type, offset: pos, data: stream.subarray(pos + 4, pos + 4 + length) };
    pos += 4 + length;
  }
}

/** Reads across an SST record and its CONTINUE records; character data split by CONTINUE gets a new flag byte. */
class SegmentReader {
  private seg = 0;
  private pos = 0;
  constructor(private readonly segments: Buffer[]) {}
  private ensure(): void {
    while (this.seg < this.segments.length && this.pos >= this.segments[this.seg].length) {
      this.seg++;
      this.pos = 0;
    }
    if (this.seg >= this.segments.length) throw new ImportFileError('malformed', DAMAGED);
  }
  u8(): number {
    this.ensure();
    return this.segments[this.seg][this.pos++];
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(count: number): void {
    for (let left = count; left > 0; ) {
      this.ensure();
      const take = Math.min(left, this.segments[this.seg].length - this.pos);
      this.pos += take;
      left -= take;
    }
  }
  chars(count: number, high: boolean): string {
    let out = '';
    let left = count;
    let wide = high;
    while (left > 0) {
      if (this.seg < this.segments.length && this.pos >= this.segments[this.seg].length) {
        this.seg++;
        this.pos = 0;
        if (this.seg >= this.segments.length) throw new ImportFileError('malformed', DAMAGED);
        wide = (this.segments[this.seg][this.pos++] & 1) === 1;
      }
      this.ensure();
      const buf = this.segments[this.seg];
      const available = wide ? Math.floor((buf.length - this.pos) / 2) : buf.length - this.pos;
      // A CONTINUE boundary never splits a character: a lone trailing byte means the table is damaged (and
      // taking nothing from it would loop for ever).
      if (available === 0) throw new ImportFileError('malformed', DAMAGED);
      const take = Math.min(left, available);
      if (wide) out += buf.toString('utf16le', this.pos, this.pos + take * 2);
      else out += buf.toString('latin1', this.pos, this.pos + take);
      this.pos += wide ? take * 2 : take;
      left -= take;
    }
    return out;
  }
  /** XLUnicodeRichExtendedString. */
  string(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + ext);
    return text;
  }
}

/** XLUnicodeString (16-bit length) or ShortXLUnicodeString (8-bit length) inside one record. */
function recordString(data: Buffer, offset: number, shortLength = false): string {
  const count = shortLength ? data[offset] : data.readUInt16LE(offset);
  let pos = offset + (shortLength ? 1 : 2);
  const flags = data[pos++];
  if (flags & 0x08) pos += 2;
  if (flags & 0x04) pos += 4;
  return flags & 1 ? data.toString('utf16le', pos, pos + count * 2) : data.toString('latin1', pos, pos + count);
}

function rkNumber(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const buf = Buffer.alloc(8);
    buf.writeInt32LE(rk & 0xfffffffc | 0, 4);
    value = buf.readDoubleLE(0);
  }
  return rk & 1 ? value / 100 : value;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function numberText(value: number, isDate: boolean, date1904: boolean): string {
  if (isDate) {
    const ms = Math.round((value + (date1904 ? 1462 : 0) - 25569) * 86400 * 1000);
    const date = new Date(ms);
    if (!Number.isNaN(date.getTime())) {
      const iso = date.toISOString();
      return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
    }
  }
  return String(value);
}

interface DecodedSheet {
  name: string;
  rows: Array<{ rowNumber: number; values: string[] }>;
}

/** The Workbook stream of the compound file; a container that cannot be read, or a stream cut short, is DAMAGED. */
function workbookStream(file: Buffer): Buffer {
  let stream: Buffer | null;
  try {
    stream = readCompoundStream(file, ['Workbook', 'Book']);
  } catch (error) {
    if (error instanceof CompoundFileError) throw new ImportFileError('malformed', DAMAGED);
    throw error;
  }
  if (!stream || stream.length === 0) {
    throw new ImportFileError('unsupported_type', 'The file is an Office document but not an Excel workbook.');
  }
  return stream;
}

/** Decodes the workbook globals, then every worksheet. Each substream must end with its EOF record: without one it was cut short. */
function decodeSheets(stream: Buffer): DecodedSheet[] {
  const sheets: Array<{ name: string; offset: number }> = [];
  let sst: string[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let date1904 = false;
  let sstSegments: Buffer[] | null = null;
  let first = true;
  let globalsEnded = false;
  for (const record of records(stream, 0)) {
    if (first) {
      first = false;
      if (record.type !== R.BOF) throw new ImportFileError('malformed', 'The .xls workbook stream does not start with a BOF record.');
      const version = record.data.readUInt16LE(0);
      if (version !== 0x0600) throw new ImportFileError('unsupported_type', 'The .xls file is from Excel 95 or older; save it as .xlsx or .csv and upload that.');
      continue;
    }
    if (sstSegments && record.type === R.CONTINUE) {
      sstSegments.push(record.data);
      continue;
    }
    if (sstSegments) {
      sst = readSst(sstSegments);
      sstSegments = null;
    }
    switch (record.type) {
      case R.FILEPASS:
        throw new ImportFileError('unsupported_type', 'The .xls file is password-protected; remove the password and upload it again.');
      case R.BOUNDSHEET: {
        const offset = record.data.readUInt32LE(0);
        const kind = record.data[5];
        if (kind === 0) sheets.push({ name: recordString(record.data, 6, true), offset });
        break;
      }
      case R.SST:
        sstSegments = [record.data];
        break;
      case R.FORMAT:
        formats.set(record.data.readUInt16LE(0), recordString(record.data, 2));
        break;
      case R.XF:
        xfFormats.push(record.data.readUInt16LE(2));
        break;
      case R.DATEMODE:
        date1904 = record.data.readUInt16LE(0) === 1;
        break;
    }
    if (record.type === R.EOF) {
      globalsEnded = true;
      break;
    }
  }
  if (!globalsEnded) throw new ImportFileError('malformed', DAMAGED);
  if (sstSegments) sst = readSst(sstSegments);
  const isDateXf = xfFormats.map((id) => BUILTIN_DATE_FORMATS.has(id) || (formats.has(id) && /[dmyhs]/i.test(formats.get(id)!.replace(/\[[^\]]*\]|"[^"]*"|\\./g, '')) && !/^[#0.,%E+\-\s]*$/.test(formats.get(id)!)));

  const decoded: DecodedSheet[] = [];
  for (const sheet of sheets) {
    const rows = new Map<number, string[]>();
    const set = (row: number, col: number, value: string) => {
      let values = rows.get(row);
      if (!values) rows.set(row, (values = []));
      values[col] = value;
    };
    const num = (row: number, col: number, xf: number, value: number) => set(row, col, numberText(value, isDateXf[xf] ?? false, date1904));
    let pendingFormula: { row: number; col: number } | null = null;
    let started = false;
    let ended = false;
    for (const record of records(stream, sheet.offset)) {
      const d = record.data;
      if (!started) {
        if (record.type !== R.BOF) throw damagedSheet(sheet.name);
        started = true;
        continue;
      }
      if (record.type === R.EOF) {
        ended = true;
        break;
      }
      switch (record.type) {
        case R.LABELSST:
          set(d.readUInt16LE(0), d.readUInt16LE(2), sst[d.readUInt32LE(6)] ?? '');
          break;
        case R.LABEL:
          set(d.readUInt16LE(0), d.readUInt16LE(2), recordString(d, 6));
          break;
        case R.NUMBER:
          num(d.readUInt16LE(0), d.readUInt16LE(2), d.readUInt16LE(4), d.readDoubleLE(6));
          break;
        case R.RK:
          num(d.readUInt16LE(0), d.readUInt16LE(2), d.readUInt16LE(4), rkNumber(d.readInt32LE(6)));
          break;
        case R.MULRK: {
          const row = d.readUInt16LE(0);
          const firstCol = d.readUInt16LE(2);
          const count = (d.length - 6) / 6;
          for (let i = 0; i < count; i++) num(row, firstCol + i, d.readUInt16LE(4 + i * 6), rkNumber(d.readInt32LE(6 + i * 6)));
          break;
        }
        case R.BOOLERR:
          set(d.readUInt16LE(0), d.readUInt16LE(2), d[7] === 0 ? (d[6] ? 'TRUE' : 'FALSE') : '');
          break;
        case R.FORMULA: {
          const row = d.readUInt16LE(0);
          const col = d.readUInt16LE(2);
          if (d.readUInt16LE(12) === 0xffff) {
            const kind = d[6];
            if (kind === 0) pendingFormula = { row, col };
            else if (kind === 1) set(row, col, d[8] ? 'TRUE' : 'FALSE');
          } else {
            num(row, col, d.readUInt16LE(4), d.readDoubleLE(6));
          }
          break;
        }
        case R.STRING:
          if (pendingFormula) set(pendingFormula.row, pendingFormula.col, recordString(d, 0));
          pendingFormula = null;
          break;
      }
    }
    // A sheet that starts past the end of the stream, or runs out before its EOF, was cut short: importing
    // the rows before the cut would silently drop the rest.
    if (!ended) throw damagedSheet(sheet.name);
    const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([row, values]) => {
      for (let i = 0; i < values.length; i++) if (values[i] === undefined) values[i] = '';
      return { rowNumber: row + 1, values };
    });
    decoded.push({ name: sheet.name, rows: ordered });
  }
  return decoded;
}

/** Opens a .xls (BIFF8) workbook; every sheet is decoded up front (at most 65,536 rows each). */
export async function openXls(path: string): Promise<RowSource> {
  const stream = workbookStream(await readFile(path));
  let decoded: DecodedSheet[];
  try {
    decoded = decodeSheets(stream);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    // A damaged stream holds records shorter than their type needs; Buffer reads then throw a RangeError.
    throw new ImportFileError('malformed', DAMAGED);
  }
  if (decoded.length === 0) throw new ImportFileError('empty', 'The workbook has no worksheets.');

  const total = decoded.reduce((sum, sheet) => sum + sheet.rows.length, 0);
  let done = 0;
  async function* events(): AsyncGenerator<SheetEvent[]> {
    for (const sheet of decoded) {
      yield [{ kind: 'sheet', name: sheet.name }];
      for (let i = 0; i < sheet.rows.length; i += 1000) {
        const chunk = sheet.rows.slice(i, i + 1000);
        done += chunk.length;
        yield chunk.map((row): SheetEvent => ({ kind: 'row', rowNumber: row.rowNumber, values: row.values }));
      }
    }
  }
  return sheetRowSource(events(), decoded.length, () => (total ? done / total : 1));
}

function readSst(segments: Buffer[]): string[] {
  const reader = new SegmentReader(segments);
  reader.u32();
  const unique = reader.u32();
  const strings: string[] = [];
  for (let i = 0; i < unique; i++) strings.push(reader.string());
  return strings;
}
