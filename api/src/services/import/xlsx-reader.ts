/**
 * A streaming .xlsx reader over yauzl (zip) and XML tokenizers. The file is treated as untrusted:
 * - the zip's central directory is checked BEFORE anything is inflated: entry count, total unpacked size
 *   and each entry's compression ratio (a zip bomb is refused without inflating a byte), and yauzl checks
 *   while inflating that no entry unpacks to more than its declared size;
 * - XML never has a DTD: a document with a DOCTYPE is refused outright, so neither external nor expanding
 *   entities can exist. The small parts (workbook, relationships, styles) are parsed by saxes; the two big
 *   ones (worksheets, shared strings) by our indexOf-based tokenizer (xml-scanner.ts): a 200k-row workbook parses in 19 s instead of 31 s.
 * Worksheet XML is streamed row by row. Shared strings must be held in memory (cells refer to them by
 * index); their unpacked size is capped. Numbers are kept as the text Excel wrote; date-formatted numbers
 * become ISO dates; booleans TRUE/FALSE; formula cells give their cached value (never evaluated).
 */
import { StringDecoder } from 'node:string_decoder';
import { PassThrough, type Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { sheetRowSource, type SheetEvent } from './sheet-source.ts';
import { StringTable } from './string-table.ts';
import { ImportFileError, type RowSource } from './source-rows.ts';
import { xmlAttribute, XmlError, XmlScanner, type XmlHandler } from './xml-scanner.ts';

export const XLSX_LIMITS = {
  maxEntries: 2000,
  /** Sum of declared unpacked sizes. A 150 MB upload of typical sheets unpacks to about 1-1.5 GB. */
  maxTotalUnpackedBytes: 2 * 1024 ** 3,
  /** Unpacked/packed per entry; real sheets are 5-30x, deflate bombs approach 1000x. */
  maxCompressionRatio: 200,
  /** Entries smaller than this are not ratio-checked (tiny files compress oddly). */
  ratioCheckFromBytes: 1024 * 1024,
  /** sharedStrings.xml unpacked; its text is kept as UTF-8 (string-table.ts), spilling to disk past the budget. */
  maxSharedStringsBytes: 1024 * 1024 * 1024,
  sharedStringsMemoryBytes: 8 * 1024 * 1024,
  /** workbook.xml, rels, styles: read whole. */
  maxSmallPartBytes: 16 * 1024 * 1024,
};

type Entry = yauzl.Entry;
type ZipFile = yauzl.ZipFile;

/**
 * What a person is told about an .xlsx whose zip container cannot be read (cut short, a bad checksum, a
 * broken entry): the zip library's own words ("end of central directory record signature not found")
 * help nobody who is uploading a spreadsheet.
 */
const DAMAGED = 'The .xlsx file is damaged or truncated; save it again from Excel and upload it once more.';

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(new ImportFileError('malformed', DAMAGED));
      else resolve(zip);
    });
  });
}

function readEntries(zip: ZipFile, limits: typeof XLSX_LIMITS): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let total = 0;
    const fail = (error: Error) => {
      zip.close();
      reject(error);
    };
    zip.on('error', () => fail(new ImportFileError('malformed', DAMAGED)));
    zip.on('entry', (entry: Entry) => {
      if (entries.size + 1 > limits.maxEntries) {
        fail(new ImportFileError('unsafe', `The .xlsx file holds more than ${limits.maxEntries} parts; refused as unsafe.`));
        return;
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalUnpackedBytes) {
        fail(new ImportFileError('unsafe', `The .xlsx file would unpack to more than ${Math.round(limits.maxTotalUnpackedBytes / 1024 ** 2)} MB; refused as unsafe.`));
        return;
      }
      if (entry.uncompressedSize >= limits.ratioCheckFromBytes && entry.uncompressedSize > limits.maxCompressionRatio * Math.max(1, entry.compressedSize)) {
        fail(new ImportFileError('unsafe', `The .xlsx part ${entry.fileName} is compressed more than ${limits.maxCompressionRatio}:1 (a zip bomb?); refused as unsafe.`));
        return;
      }
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

/**
 * One part's bytes, unpacked. yauzl's stream of a part stored without compression (SheetJS's default,
 * `zip -0`) never ends when read through its async iterator: `for await` waited forever and the import
 * hung with its job "running". Piped into a PassThrough (read as 'data' events), it ends. Compressed parts
 * (an inflating stream) end either way and are read directly.
 */
function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ImportFileError('malformed', DAMAGED));
        return;
      }
      if (entry.compressionMethod !== 0) {
        resolve(stream);
        return;
      }
      const part = new PassThrough();
      stream.on('error', (cause) => part.destroy(cause));
      part.on('close', () => stream.destroy());
      resolve(stream.pipe(part));
    });
  });
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function newParser(part: string): SaxesParser {
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => {
    throw new ImportFileError('unsafe', `The .xlsx part ${part} declares a DTD; refused as unsafe.`);
  });
  return parser;
}

/**
 * Streams one zip entry through a SAX parser, calling `afterChunk` between chunks (to hand out rows).
 * `bytes`: the parser takes the UTF-8 as latin1 text (XmlScannerOptions.bytes), not decoded.
 */
async function* parseEntry(zip: ZipFile, entry: Entry, parser: { write(text: string): unknown; close(): unknown }, afterChunk: () => SheetEvent[], onBytes?: (bytes: number) => void, bytes = false): AsyncGenerator<SheetEvent[]> {
  const stream = await openEntry(zip, entry);
  const decoder = new StringDecoder(bytes ? 'latin1' : 'utf8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes?.(chunk.length);
      wrapXml(entry.fileName, () => parser.write(decoder.write(chunk)));
      const out = afterChunk();
      if (out.length) yield out;
    }
    wrapXml(entry.fileName, () => {
      parser.write(decoder.end());
      parser.close();
    });
    const out = afterChunk();
    if (out.length) yield out;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('malformed', DAMAGED);
  } finally {
    stream.destroy();
  }
}

function wrapXml(part: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    if (error instanceof XmlError && error.unsafe) throw new ImportFileError('unsafe', `The .xlsx part ${part} declares a DTD; refused as unsafe.`);
    throw new ImportFileError('malformed', `The .xlsx part ${part} is not well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
}

async function readSmallPart(zip: ZipFile, entries: Map<string, Entry>, name: string, limits: typeof XLSX_LIMITS, onTag: (tag: SaxesTagPlain) => void, onText?: (text: string, path: string[]) => void): Promise<boolean> {
  const entry = entries.get(name);
  if (!entry) return false;
  if (entry.uncompressedSize > limits.maxSmallPartBytes) throw new ImportFileError('unsafe', `The .xlsx part ${name} is too large; refused.`);
  const parser = newParser(name);
  const path: string[] = [];
  parser.on('opentag', (tag) => {
    path.push(localName(tag.name));
    onTag(tag as SaxesTagPlain);
  });
  parser.on('closetag', () => path.pop());
  if (onText) parser.on('text', (text) => onText(text, path));
  for await (const _ of parseEntry(zip, entry, parser, () => [])) void _;
  return true;
}

function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormat(code: string): boolean {
  const plain = code.replace(/\[[^\]]*\]|"[^"]*"|\\./g, '');
  return /[dmyhs]/i.test(plain) && !/^[#0.,%E+\-\s]*$/.test(plain);
}

function serialToIso(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 24107 : 0);
  const ms = Math.round((days - 25569) * 86400 * 1000);
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return String(serial);
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

const NOT_ASCII = /[^\x00-\x7f]/;

/** Text the scanner handed out as UTF-8 bytes (one per char), as the string they encode. */
function fromBytes(text: string): string {
  return NOT_ASCII.test(text) ? Buffer.from(text, 'latin1').toString('utf8') : text;
}

function columnIndex(ref: string): number {
  let index = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) index = index * 26 + (code - 64);
    else if (code >= 97 && code <= 122) index = index * 26 + (code - 96);
    else break;
  }
  return index - 1;
}

/** Opens an .xlsx file and streams the rows of its sheets (see sheet-source.ts for the sheet policy). */
export async function openXlsx(path: string, limits: typeof XLSX_LIMITS = XLSX_LIMITS): Promise<RowSource> {
  const zip = await openZip(path);
  const sharedStrings = new StringTable(limits.sharedStringsMemoryBytes);
  let closed = false;
  const close = () => {
    if (!closed) {
      zip.close();
      sharedStrings.close();
    }
    closed = true;
  };
  try {
    const entries = await readEntries(zip, limits);
    if (!entries.has('xl/workbook.xml') && ![...entries.keys()].some((name) => name.endsWith('workbook.xml'))) {
      throw new ImportFileError('malformed', 'The file is a zip archive but not an Excel workbook: upload the .xlsx or .csv file itself (unzipped), or open the file in Excel and save it as .xlsx.');
    }
    const workbookPath = entries.has('xl/workbook.xml') ? 'xl/workbook.xml' : [...entries.keys()].find((name) => name.endsWith('workbook.xml'))!;
    const relsPath = resolveTarget(workbookPath, `_rels/${workbookPath.split('/').pop()}.rels`);

    const sheetRefs: Array<{ name: string; rid: string }> = [];
    let date1904 = false;
    await readSmallPart(zip, entries, workbookPath, limits, (tag) => {
      const name = localName(tag.name);
      if (name === 'sheet') {
        const rid = Object.entries(tag.attributes).find(([key]) => localName(key) === 'id' && key !== 'sheetId')?.[1];
        sheetRefs.push({ name: String(tag.attributes.name ?? `Sheet${sheetRefs.length + 1}`), rid: String(rid ?? '') });
      } else if (name === 'workbookPr') {
        const value = String(tag.attributes.date1904 ?? '');
        date1904 = value === '1' || value === 'true';
      }
    });
    const rels = new Map<string, { target: string; type: string }>();
    await readSmallPart(zip, entries, relsPath, limits, (tag) => {
      if (localName(tag.name) === 'Relationship') {
        rels.set(String(tag.attributes.Id), { target: String(tag.attributes.Target ?? ''), type: String(tag.attributes.Type ?? '') });
      }
    });
    const relOfType = (suffix: string) => [...rels.values()].find((rel) => rel.type.endsWith(suffix));
    const sheets = sheetRefs
      .map((sheet) => ({ name: sheet.name, path: rels.get(sheet.rid) ? resolveTarget(workbookPath, rels.get(sheet.rid)!.target) : '' }))
      .filter((sheet) => entries.has(sheet.path));
    if (sheets.length === 0) {
      const fallback = [...entries.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort();
      fallback.forEach((p, i) => sheets.push({ name: `Sheet${i + 1}`, path: p }));
    }
    if (sheets.length === 0) throw new ImportFileError('malformed', 'The workbook has no worksheets.');

    // Styles: which cell formats are dates.
    const dateStyles = new Set<number>();
    const stylesRel = relOfType('/styles');
    const customFormats = new Map<number, string>();
    let inCellXfs = false;
    let xfIndex = 0;
    const stylesPath = stylesRel ? resolveTarget(workbookPath, stylesRel.target) : 'xl/styles.xml';
    const xfFormats: number[] = [];
    await readSmallPart(zip, entries, stylesPath, limits, (tag) => {
      const name = localName(tag.name);
      if (name === 'numFmt') customFormats.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'cellStyleXfs') inCellXfs = false;
      else if (name === 'xf' && inCellXfs) xfFormats[xfIndex++] = Number(tag.attributes.numFmtId ?? 0);
      else if (name === 'dxfs' || name === 'cellStyles') inCellXfs = false;
    });
    xfFormats.forEach((id, index) => {
      if (BUILTIN_DATE_FORMATS.has(id) || (customFormats.has(id) && isDateFormat(customFormats.get(id)!))) dateStyles.add(index);
    });

    // Shared strings (kept for the whole read: cells refer to them by index).
    const sstRel = relOfType('/sharedStrings');
    const sstPath = sstRel ? resolveTarget(workbookPath, sstRel.target) : 'xl/sharedStrings.xml';
    const sstEntry = entries.get(sstPath);
    if (sstEntry) {
      if (sstEntry.uncompressedSize > limits.maxSharedStringsBytes) {
        throw new ImportFileError('too_large', `The workbook's shared strings unpack to more than ${limits.maxSharedStringsBytes / 1024 ** 2} MB; save the file as CSV and upload that instead.`);
      }
      let current = '';
      let inT = false;
      let inPhonetic = false;
      const parser = new XmlScanner({
        open(name) {
          if (name === 'si') current = '';
          else if (name === 't') inT = !inPhonetic;
          else if (name === 'rPh') inPhonetic = true;
        },
        close(name) {
          if (name === 't') inT = false;
          else if (name === 'rPh') inPhonetic = false;
          else if (name === 'si') sharedStrings.push(current, 'latin1');
        },
        text(text) {
          current += text;
        },
        wantsText: () => inT,
      }, { plainElements: [['si', 't']], bytes: true });
      for await (const _ of parseEntry(zip, sstEntry, parser, () => [], undefined, true)) void _;
      sharedStrings.finish();
    }

    let bytesDone = 0;
    async function* events(): AsyncGenerator<SheetEvent[]> {
      try {
        for (const sheet of sheets) {
          yield [{ kind: 'sheet', name: sheet.name }];
          const out: SheetEvent[] = [];
          let rowNumber = 0;
          let values: string[] = [];
          let col = -1;
          let cellType = '';
          let cellStyle = -1;
          let text = '';
          let collecting = false;
          let inInline = false;
          let inRow = false;
          // A formula cell with no <v>: written by a program that does not compute formulas.
          let hasFormula = false;
          let hasValue = false;
          let uncomputed: number[] | undefined;
          const handler: XmlHandler = {
            open(name, attributes) {
              if (name === 'c') {
                const ref = xmlAttribute(attributes, 'r');
                col = ref ? columnIndex(ref) : col + 1;
                cellType = xmlAttribute(attributes, 't') ?? 'n';
                const style = xmlAttribute(attributes, 's');
                cellStyle = style === undefined ? -1 : Number(style);
                text = '';
                hasFormula = false;
                hasValue = false;
              } else if (name === 'v') {
                collecting = true;
                hasValue = true;
              } else if (name === 'f') {
                hasFormula = true;
              } else if (name === 'is') {
                inInline = true;
              } else if (name === 't' && inInline) {
                collecting = true;
              } else if (name === 'rPh') {
                collecting = false;
              } else if (name === 'row') {
                const r = xmlAttribute(attributes, 'r');
                rowNumber = r ? Number(r) : rowNumber + 1;
                values = [];
                col = -1;
                inRow = true;
                uncomputed = undefined;
              }
            },
            text(chunk) {
              text += chunk;
            },
            wantsText: () => collecting,
            close(name) {
              if (name === 'v' || name === 't') collecting = false;
              else if (name === 'is') inInline = false;
              else if (name === 'c') {
                if (col < 0 || col > 16383) return;
                let value: string;
                switch (cellType) {
                  case 's': {
                    value = sharedStrings.get(Number(text)) ?? '';
                    break;
                  }
                  case 'b':
                    value = text === '1' || text === 'true' ? 'TRUE' : text === '' ? '' : 'FALSE';
                    break;
                  case 'e':
                    value = '';
                    break;
                  case 'n':
                    value = text !== '' && cellStyle >= 0 && dateStyles.has(cellStyle) ? serialToIso(Number(text), date1904) : fromBytes(text);
                    break;
                  default:
                    value = fromBytes(text);
                }
                values[col] = value;
                if (hasFormula && !hasValue) (uncomputed ??= []).push(col);
              } else if (name === 'row' && inRow) {
                inRow = false;
                for (let i = 0; i < values.length; i++) if (values[i] === undefined) values[i] = '';
                out.push(uncomputed ? { kind: 'row', rowNumber, values, uncomputed } : { kind: 'row', rowNumber, values });
              }
            },
          };
          const parser = new XmlScanner(handler, { plainElements: [['c', 'v']], bytes: true });
          for await (const batch of parseEntry(zip, entries.get(sheet.path)!, parser, () => out.splice(0), (bytes) => (bytesDone += bytes), true)) yield batch;
        }
      } finally {
        close();
      }
    }
    const bytesTotal = sheets.reduce((sum, sheet) => sum + entries.get(sheet.path)!.uncompressedSize, 0);
    return await sheetRowSource(events(), sheets.length, () => (bytesTotal ? Math.min(1, bytesDone / bytesTotal) : 1));
  } catch (error) {
    close();
    throw error;
  }
}
