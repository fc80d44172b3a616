/**
 * The upload's type comes from its first bytes, never from its name or Content-Type: a zip (xlsx), an OLE
 * compound file (legacy xls), or text (CSV, or JSON when the text starts with `[` / `{`).
 */
import { open } from 'node:fs/promises';
import { ImportFileError, type FileType } from './source-rows.ts';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(buffer: Buffer, magic: number[]): boolean {
  return buffer.length >= magic.length && magic.every((byte, i) => buffer[i] === byte);
}

/** Decides the type of the file at `path` from its content; throws ImportFileError for anything else. */
export async function detectFileType(path: string): Promise<FileType> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw new ImportFileError('empty', 'The file is empty.');
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, ZIP_EMPTY)) throw new ImportFileError('malformed', 'The file is an empty zip archive, not a spreadsheet.');
  if (startsWith(head, OLE)) return 'xls';
  // UTF-16 text (Excel's "Unicode Text" and some CSV exports) starts with its byte order mark.
  const utf16 = startsWith(head, [0xff, 0xfe]) ? 'utf-16le' : startsWith(head, [0xfe, 0xff]) ? 'utf-16be' : null;
  if (utf16) {
    const text = new TextDecoder(utf16).decode(head.subarray(0, head.length - (head.length % 2))).trimStart();
    if (text.startsWith('[') || text.startsWith('{')) {
      throw new ImportFileError('unsupported_type', 'The file is JSON in UTF-16; save it as UTF-8 and upload it again.');
    }
    return 'csv';
  }
  if (!looksLikeText(head)) {
    if (looksLikeUtf16WithoutBom(head)) {
      throw new ImportFileError('unsupported_type', 'The file looks like UTF-16 text without a byte order mark, so its encoding cannot be told for sure; save it as "CSV UTF-8" and upload it again.');
    }
    throw new ImportFileError('unsupported_type', 'The file is neither a spreadsheet (.xlsx, .xls) nor a CSV text file.');
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  const other = otherTextFormat(text);
  if (other) throw new ImportFileError('unsupported_type', other);
  if (text.startsWith('[') || text.startsWith('{')) return 'json';
  return 'csv';
}

/**
 * Text that is a document of another kind, which would otherwise be read as a CSV of one odd column
 * ("Columns found: <html><body><table>"): Excel's "Web Page" and "XML Spreadsheet 2003" saves (often
 * named .xls), other XML, PDF and RTF. Says what it is and what to save instead.
 */
function otherTextFormat(text: string): string | null {
  const start = text.slice(0, 1024).toLowerCase();
  const saveAs = 'Open it in Excel and save it as an Excel Workbook (.xlsx) or CSV, then upload that.';
  if (start.startsWith('<?xml')) {
    return /<(?:\w+:)?workbook[\s>]/.test(text.slice(0, 4096).toLowerCase()) || /progid="excel\.sheet"/.test(start)
      ? `The file is an Excel 2003 XML Spreadsheet, which is not read here. ${saveAs}`
      : `The file is an XML document, not a spreadsheet. ${saveAs}`;
  }
  if (/^<(?:!doctype html|html|table|head|body|meta)[\s>]/.test(start)) return `The file is a web page (HTML), as Excel's "Web Page" save writes it, not a spreadsheet. ${saveAs}`;
  if (start.startsWith('%pdf-')) return 'The file is a PDF document, not a spreadsheet. Export the data as .xlsx or CSV and upload that.';
  if (start.startsWith('{\\rtf')) return `The file is a rich-text (RTF) document, not a spreadsheet. ${saveAs}`;
  return null;
}

/**
 * UTF-16 without its byte order mark: Latin text then has a NUL in every other byte (the high byte of each
 * character), on the odd positions (little-endian) or the even ones (big-endian), and none on the others.
 */
function looksLikeUtf16WithoutBom(head: Buffer): boolean {
  const pairs = Math.floor(head.length / 2);
  if (pairs < 8) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) evenNul++;
    if (head[i + 1] === 0) oddNul++;
  }
  const most = Math.max(evenNul, oddNul);
  return most >= pairs * 0.6 && Math.min(evenNul, oddNul) <= pairs * 0.02;
}

// Text: no NUL bytes (UTF-16 and binaries have them) and few control characters besides tab/CR/LF.
function looksLikeText(head: Buffer): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control <= head.length / 100;
}
