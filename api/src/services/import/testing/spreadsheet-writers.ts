/**
 * Writers of CSV, XLSX and XLS files for tests and the import bench, so the project generates its own
 * fixtures (a real Excel is not needed). XLSX is a minimal but valid workbook (streamed through deflate,
 * with data descriptors, so 200k-row files never sit in memory); XLS is a minimal BIFF8 workbook in a
 * compound file (via `cfb`), with a shared string table split over CONTINUE records like Excel's.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import zlib from 'node:zlib';
import CFB from 'cfb';

export type Cell = string | number | boolean | null | undefined;

// ---------- CSV ----------

export function csvCell(value: Cell, delimiter = ','): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return text.includes('"') || text.includes(delimiter) || text.includes('\n') || text.includes('\r') ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: Cell[][], options: { delimiter?: string; eol?: string; bom?: boolean } = {}): string {
  const delimiter = options.delimiter ?? ',';
  const eol = options.eol ?? '\n';
  return (options.bom ? '\uFEFF' : '') + rows.map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter)).join(eol) + eol;
}

export async function writeCsv(path: string, rows: Cell[][], options: { delimiter?: string; eol?: string; bom?: boolean } = {}): Promise<void> {
  await writeFile(path, csvText(rows, options));
}

// ---------- ZIP (streaming) ----------

interface ZipEntryRecord {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  method: number;
}

/** A streaming zip writer: entries are deflated as they are written; sizes go in data descriptors. */
export class ZipWriter {
  private readonly out: WriteStream;
  private offset = 0;
  private readonly entries: ZipEntryRecord[] = [];
  /** `store`: every entry without compression unless `add` says otherwise. */
  constructor(path: string, private readonly defaults: { store?: boolean } = {}) {
    this.out = createWriteStream(path);
  }
  private async raw(buffer: Buffer): Promise<void> {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await once(this.out, 'drain');
  }
  /** Adds an entry whose content comes from `produce` (called with a write function). */
  async add(name: string, produce: (write: (text: string | Buffer) => Promise<void>) => Promise<void>, options: { store?: boolean } = {}): Promise<void> {
    const nameBuffer = Buffer.from(name, 'utf8');
    const store = options.store ?? this.defaults.store ?? false;
    const method = store ? 0 : 8;
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 names
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(nameBuffer.length, 26);
    await this.raw(Buffer.concat([header, nameBuffer]));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = store ? null : zlib.createDeflateRaw({ level: 6 });
    if (deflate) {
      deflate.on('data', (chunk: Buffer) => {
        compressed += chunk.length;
        this.offset += chunk.length;
        this.out.write(chunk);
      });
    }
    const write = async (data: string | Buffer) => {
      const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      crc = zlib.crc32(buffer, crc);
      size += buffer.length;
      if (deflate) {
        if (!deflate.write(buffer)) await once(deflate, 'drain');
      } else {
        compressed += buffer.length;
        await this.raw(buffer);
      }
    };
    await produce(write);
    if (deflate) {
      deflate.end();
      await once(deflate, 'end');
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.raw(descriptor);
    this.entries.push({ name: nameBuffer, crc: crc >>> 0, compressed, size, offset, method });
  }
  /**
   * Adds an entry from a buffer with caller-chosen declared sizes (to build hostile archives in tests:
   * e.g. a central directory that claims a huge unpacked size).
   */
  async addRaw(name: string, data: Buffer, declare: { size?: number; compressed?: number } = {}): Promise<void> {
    const nameBuffer = Buffer.from(name, 'utf8');
    const deflated = zlib.deflateRawSync(data);
    const offset = this.offset;
    const crc = zlib.crc32(data) >>> 0;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(declare.compressed ?? deflated.length, 18);
    header.writeUInt32LE(declare.size ?? data.length, 22);
    header.writeUInt16LE(nameBuffer.length, 26);
    await this.raw(Buffer.concat([header, nameBuffer, deflated]));
    this.entries.push({ name: nameBuffer, crc, compressed: declare.compressed ?? deflated.length, size: declare.size ?? data.length, offset, method: 8 });
  }
  async close(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(entry.method, 10);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.raw(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    this.out.end();
    await once(this.out, 'finish');
  }
}

// ---------- XLSX ----------

const xmlEscape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A formula cell, with the result Excel saves beside it, or none (as scripts that do not compute write it). */
export type FormulaCell = { formula: string; value?: number };

export interface XlsxSheet {
  name: string;
  rows: Iterable<Array<Cell | FormulaCell>> | AsyncIterable<Array<Cell | FormulaCell>>;
}

/**
 * Writes a zip of the given entries as they are (ZipWriter.addRaw: optionally with declared sizes that lie),
 * for tests of archives that are not workbooks, or hostile ones.
 */
export async function writeRawZip(path: string, entries: Array<[name: string, data: Buffer, declare?: { size?: number; compressed?: number }]>): Promise<void> {
  const zip = new ZipWriter(path);
  for (const [name, data, declare] of entries) await zip.addRaw(name, data, declare);
  await zip.close();
}

/**
 * Writes an .xlsx workbook. Strings go to the shared string table when `sharedStrings` is true (as Excel
 * does; the table is built first, so rows are iterated twice: pass arrays), else inline. `store`: parts
 * without compression (as SheetJS writes them by default).
 */
export async function writeXlsx(path: string, sheets: XlsxSheet[], options: { sharedStrings?: boolean; store?: boolean } = {}): Promise<void> {
  const zip = new ZipWriter(path, { store: options.store });
  const useShared = options.sharedStrings ?? true;
  const shared = new Map<string, number>();
  if (useShared) {
    for (const sheet of sheets) {
      for await (const row of sheet.rows as AsyncIterable<Array<Cell | FormulaCell>>) for (const cell of row) if (typeof cell === 'string' && !shared.has(cell)) shared.set(cell, shared.size);
    }
  }
  await zip.add('[Content_Types].xml', async (w) => w(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`));
  await zip.add('_rels/.rels', async (w) => w(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`));
  await zip.add('xl/workbook.xml', async (w) => w(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets.map((sheet, i) => `<sheet name="${xmlEscape(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`));
  await zip.add('xl/_rels/workbook.xml.rels', async (w) => w(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`));
  for (const [index, sheet] of sheets.entries()) {
    await zip.add(`xl/worksheets/sheet${index + 1}.xml`, async (w) => {
      await w('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
      let r = 0;
      let chunk = '';
      for await (const row of sheet.rows as AsyncIterable<Array<Cell | FormulaCell>>) {
        r++;
        let xml = `<row r="${r}">`;
        row.forEach((cell, c) => {
          if (cell === null || cell === undefined || cell === '') return;
          const ref = `${columnName(c)}${r}`;
          if (typeof cell === 'object') xml += `<c r="${ref}"><f>${xmlEscape(cell.formula)}</f>${cell.value === undefined ? '' : `<v>${cell.value}</v>`}</c>`;
          else if (typeof cell === 'number') xml += `<c r="${ref}"><v>${cell}</v></c>`;
          else if (typeof cell === 'boolean') xml += `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
          else if (useShared) xml += `<c r="${ref}" t="s"><v>${shared.get(cell)}</v></c>`;
          else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(cell)}</t></is></c>`;
        });
        chunk += `${xml}</row>`;
        if (chunk.length > 256 * 1024) {
          await w(chunk);
          chunk = '';
        }
      }
      await w(`${chunk}</sheetData></worksheet>`);
    });
  }
  await zip.add('xl/sharedStrings.xml', async (w) => {
    await w(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.size}" uniqueCount="${shared.size}">`);
    let chunk = '';
    for (const text of shared.keys()) {
      chunk += `<si><t xml:space="preserve">${xmlEscape(text)}</t></si>`;
      if (chunk.length > 256 * 1024) {
        await w(chunk);
        chunk = '';
      }
    }
    await w(`${chunk}</sst>`);
  });
  await zip.close();
}

// ---------- XLS (BIFF8) ----------

/** One BIFF record: type, length, data. */
export function record(type: number, data: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
}

function bof(kind: number): Buffer {
  const data = Buffer.alloc(16);
  data.writeUInt16LE(0x0600, 0);
  data.writeUInt16LE(kind, 2);
  return record(0x0809, data);
}

/** Splits the SST into an SST record and CONTINUE records of at most `limit` bytes, as Excel does. */
function sstRecords(strings: string[], limit = 8224): Buffer[] {
  const out: Buffer[] = [];
  let current: Buffer[] = [Buffer.alloc(8)];
  current[0].writeUInt32LE(strings.length, 0);
  current[0].writeUInt32LE(strings.length, 4);
  let length = 8;
  let type = 0x00fc;
  const push = () => {
    out.push(record(type, Buffer.concat(current)));
    type = 0x003c;
    current = [];
    length = 0;
  };
  for (const text of strings) {
    const wide = /[^\u0000-\u00ff]/.test(text);
    const header = Buffer.alloc(3);
    header.writeUInt16LE(text.length, 0);
    header[2] = wide ? 1 : 0;
    if (length + 3 + (wide ? 2 : 1) > limit) push();
    current.push(header);
    length += 3;
    let rest = text;
    while (rest.length) {
      const room = Math.floor((limit - length) / (wide ? 2 : 1));
      const part = rest.slice(0, room);
      const bytes = Buffer.from(part, wide ? 'utf16le' : 'latin1');
      current.push(bytes);
      length += bytes.length;
      rest = rest.slice(part.length);
      if (rest.length) {
        push();
        current.push(Buffer.from([wide ? 1 : 0]));
        length = 1;
      }
    }
  }
  if (current.length) push();
  return out;
}

/** Writes a BIFF8 .xls workbook: strings as LABELSST (shared table), numbers as NUMBER or RK, booleans as BOOLERR. */
export async function writeXls(path: string, sheets: Array<{ name: string; rows: Cell[][] }>, options: { sstLimit?: number } = {}): Promise<void> {
  const strings: string[] = [];
  const index = new Map<string, number>();
  for (const sheet of sheets) for (const row of sheet.rows) for (const cell of row) if (typeof cell === 'string' && cell !== '' && !index.has(cell)) index.set(cell, strings.push(cell) - 1);
  const sheetStreams = sheets.map((sheet) => {
    const parts: Buffer[] = [bof(0x0010)];
    sheet.rows.forEach((row, r) => row.forEach((cell, c) => {
      if (cell === null || cell === undefined || cell === '') return;
      if (typeof cell === 'string') {
        const data = Buffer.alloc(10);
        data.writeUInt16LE(r, 0);
        data.writeUInt16LE(c, 2);
        data.writeUInt32LE(index.get(cell)!, 6);
        parts.push(record(0x00fd, data));
      } else if (typeof cell === 'boolean') {
        const data = Buffer.alloc(8);
        data.writeUInt16LE(r, 0);
        data.writeUInt16LE(c, 2);
        data[6] = cell ? 1 : 0;
        parts.push(record(0x0205, data));
      } else if (Number.isInteger(cell) && Math.abs(cell) < 2 ** 29) {
        const data = Buffer.alloc(10);
        data.writeUInt16LE(r, 0);
        data.writeUInt16LE(c, 2);
        data.writeInt32LE((cell << 2) | 2, 6);
        parts.push(record(0x027e, data));
      } else {
        const data = Buffer.alloc(14);
        data.writeUInt16LE(r, 0);
        data.writeUInt16LE(c, 2);
        data.writeDoubleLE(cell, 6);
        parts.push(record(0x0203, data));
      }
    }));
    parts.push(record(0x000a, Buffer.alloc(0)));
    return Buffer.concat(parts);
  });
  const boundsheet = (name: string, offset: number) => {
    const wide = /[^\u0000-\u00ff]/.test(name);
    const nameBytes = Buffer.from(name, wide ? 'utf16le' : 'latin1');
    const data = Buffer.alloc(8 + nameBytes.length);
    data.writeUInt32LE(offset, 0);
    data[6] = name.length;
    data[7] = wide ? 1 : 0;
    nameBytes.copy(data, 8);
    return record(0x0085, data);
  };
  const sst = sstRecords(strings, options.sstLimit);
  const globalsLength = () => bof(0x0005).length + sheets.reduce((sum, s) => sum + boundsheet(s.name, 0).length, 0) + sst.reduce((sum, b) => sum + b.length, 0) + 4;
  let offset = globalsLength();
  const globals: Buffer[] = [bof(0x0005)];
  sheets.forEach((sheet, i) => {
    globals.push(boundsheet(sheet.name, offset));
    offset += sheetStreams[i].length;
  });
  globals.push(...sst, record(0x000a, Buffer.alloc(0)));
  const workbook = Buffer.concat([...globals, ...sheetStreams]);
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', workbook);
  const bytes = CFB.write(container, { type: 'buffer' }) as Buffer;
  await writeFile(path, bytes);
}
