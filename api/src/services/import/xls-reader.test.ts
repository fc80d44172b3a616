import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import CFB from 'cfb';
import { openRows } from './open-rows.ts';
import { ImportFileError } from './source-rows.ts';
import { EXPORT_HEADER, exportRows } from './testing/export-rows.ts';
import { record, writeXls } from './testing/spreadsheet-writers.ts';
import { openXls } from './xls-reader.ts';

const DAMAGED = 'The .xls file is damaged or truncated; save it again from Excel and upload it once more.';
/** Words of JavaScript's own error texts, which must never reach the person uploading. */
const INTERNAL = /Cannot|undefined|of null|properties|reading '|setting '|RangeError|TypeError|out of range|CFB|sector|FAT/i;

let dir: string;
let whole: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'xls-reader-test-'));
  const file = path.join(dir, 'whole.xls');
  // Two sheets, with a Workbook stream larger than the 4 KB mini-stream cutoff (so it lives in regular sectors).
  await writeXls(file, [
    { name: 'Cafes', rows: [EXPORT_HEADER, ...exportRows(300, 3)] },
    { name: 'Bars', rows: [EXPORT_HEADER, ...exportRows(40, 4)] },
  ]);
  whole = await readFile(file);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function writeXlsFile(sheets: Parameters<typeof writeXls>[1]): Promise<string> {
  const file = path.join(dir, `${++counter}.xls`);
  await writeXls(file, sheets);
  return file;
}

async function fileWith(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `${++counter}.xls`);
  await writeFile(file, bytes);
  return file;
}

/** Opens and reads every row; returns the row count, or the error it failed with. */
async function readAll(file: string): Promise<number | Error> {
  try {
    const source = await openRows(file, 'xls');
    let rows = 0;
    for await (const chunk of source.rows) rows += chunk.length;
    return rows;
  } catch (error) {
    return error as Error;
  }
}

function assertPlainFailure(outcome: number | Error, what: string): ImportFileError {
  assert.ok(outcome instanceof ImportFileError, `${what}: expected an ImportFileError, got ${outcome instanceof Error ? `${outcome.name}: ${outcome.message}` : `${outcome} rows`}`);
  assert.equal(outcome.code, 'malformed', what);
  assert.doesNotMatch(outcome.message, INTERNAL, what);
  return outcome;
}

/** A compound file holding `stream` as its Workbook stream. */
function container(stream: Buffer): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, 'Workbook', stream);
  return CFB.write(cfb, { type: 'buffer' }) as Buffer;
}

/** Where sector `index`'s entry of the FAT is in a version-3 compound file (512-byte sectors, FAT listed in the header). */
function fatEntryAt(file: Buffer, index: number): number {
  const fatSector = file.readUInt32LE(0x4c + Math.floor(index / 128) * 4);
  return (fatSector + 1) * 512 + (index % 128) * 4;
}

/** The sectors of a chain of the FAT, in order. */
function fatChain(file: Buffer, start: number): number[] {
  const sectors: number[] = [];
  for (let next = start; next !== 0xfffffffe && sectors.length < 100_000; next = file.readUInt32LE(fatEntryAt(file, next))) sectors.push(next);
  return sectors;
}

/** The byte offset of the directory entry named `name` (the directory's sectors read in chain order). */
function directoryEntryAt(file: Buffer, name: string): number {
  for (const sector of fatChain(file, file.readUInt32LE(0x30))) {
    for (let offset = (sector + 1) * 512; offset < (sector + 2) * 512; offset += 128) {
      const length = file.readUInt16LE(offset + 0x40);
      if (length > 2 && file.toString('utf16le', offset, offset + length - 2) === name) return offset;
    }
  }
  throw new Error(`no directory entry ${name}`);
}

/** A copy of `file` with sector `from`'s next-sector entry pointing at `to` (in the FAT, or in the mini FAT). */
function relinked(file: Buffer, from: number, to: number, table: 'fat' | 'mini' = 'fat'): Buffer {
  const copy = Buffer.from(file);
  const at = table === 'fat'
    ? fatEntryAt(copy, from)
    : (fatChain(copy, copy.readUInt32LE(0x3c))[Math.floor(from / 128)] + 1) * 512 + (from % 128) * 4;
  copy.writeUInt32LE(to, at);
  return copy;
}

describe('openXls: damaged files', () => {
  test('the whole file reads in full', async () => {
    assert.equal(await readAll(await fileWith(whole)), 340);
  });

  test('a file cut at any size fails with the plain message, never a JavaScript error text', async () => {
    // The last cut takes the Workbook stream's last sectors (the file ends with padding and the tiny mini stream,
    // which hold no rows: a cut there loses nothing and the rows read in full).
    const sizes = [0, 100, 511, 512, 513, 2000, 4096, 5000, 20000, Math.floor(whole.length / 2), whole.length - 2048];
    for (const size of sizes) {
      const outcome = await readAll(await fileWith(whole.subarray(0, size)));
      // Under 512 bytes there is no compound-file header to read at all; the message is the same.
      const error = assertPlainFailure(outcome, `cut at ${size} bytes`);
      assert.equal(error.message, DAMAGED, `cut at ${size} bytes`);
    }
  });

  test('every cut in steps of 509 bytes fails cleanly (no partial import of the rows before the cut)', async () => {
    for (let size = 0; size < whole.length - 1024; size += 509) {
      assertPlainFailure(await readAll(await fileWith(whole.subarray(0, size))), `cut at ${size} bytes`);
    }
  });

  test('a Workbook stream that ends before a sheet\'s EOF record is refused, naming the sheet', async () => {
    const stream = CFB.find(CFB.read(whole, { type: 'buffer' }), 'Workbook')!.content as Buffer;
    const cut = container(Buffer.from(stream).subarray(0, stream.length - 4));
    const error = assertPlainFailure(await readAll(await fileWith(cut)), 'no EOF');
    assert.match(error.message, /^The \.xls sheet "Bars" is damaged or truncated/);
  });

  test('a shared string cut mid-character is refused instead of looping for ever', async () => {
    const bof = Buffer.alloc(16);
    bof.writeUInt16LE(0x0600, 0);
    bof.writeUInt16LE(0x0005, 2);
    // SST: 1 string of 5 UTF-16 characters, but only 3 bytes of character data.
    const sst = Buffer.from([1, 0, 0, 0, 1, 0, 0, 0, 5, 0, 1, 0x41, 0, 0x42]);
    const stream = Buffer.concat([record(0x0809, bof), record(0x00fc, sst), record(0x000a, Buffer.alloc(0))]);
    const error = assertPlainFailure(await readAll(await fileWith(container(stream))), 'odd SST');
    assert.equal(error.message, DAMAGED);
  });

  test('sector chains that loop are refused at once, not followed until memory runs out', async () => {
    const workbook = fatChain(whole, whole.readUInt32LE(directoryEntryAt(whole, 'Workbook') + 0x74));
    assert.ok(workbook.length > 20, 'the Workbook stream spans many regular sectors');
    // The Workbook's last sector leads back to its first; then its middle sector leads to itself.
    for (const [from, to] of [[workbook.at(-1)!, workbook[0]], [workbook[10], workbook[10]]]) {
      const error = assertPlainFailure(await readAll(await fileWith(relinked(whole, from, to))), `Workbook chain ${from} -> ${to}`);
      assert.equal(error.message, DAMAGED);
    }
    // The directory's own chain loops.
    const directory = fatChain(whole, whole.readUInt32LE(0x30));
    assertPlainFailure(await readAll(await fileWith(relinked(whole, directory.at(-1)!, directory[0]))), 'directory chain');
    // A Workbook stream small enough for the mini stream, whose mini-sector chain loops.
    const bof = Buffer.alloc(16);
    bof.writeUInt16LE(0x0600, 0);
    bof.writeUInt16LE(0x0005, 2);
    const small = container(Buffer.concat([record(0x0809, bof), record(0x00fc, Buffer.alloc(300)), record(0x000a, Buffer.alloc(0))]));
    const start = small.readUInt32LE(directoryEntryAt(small, 'Workbook') + 0x74);
    assertPlainFailure(await readAll(await fileWith(relinked(small, start + 2, start, 'mini'))), 'mini-sector chain');
  });

  test('the Workbook stream read is byte for byte what cfb reads, large or small', async () => {
    const { readCompoundStream } = await import('./compound-file.ts');
    const small = container(Buffer.from('a stream under the 4 KB cutoff, kept in 64-byte mini sectors. '.repeat(20)));
    for (const file of [whole, small, await readFile(await writeXlsFile([{ name: 'One', rows: [['name'], ['x']] }]))]) {
      const expected = CFB.find(CFB.read(file, { type: 'buffer' }), 'Workbook')!.content as Buffer;
      assert.deepEqual(readCompoundStream(file, ['Workbook']), Buffer.from(expected));
    }
    assert.equal(readCompoundStream(whole, ['NoSuchStream']), null);
  });

  test('a record shorter than its type needs is refused with the plain message', async () => {
    const bof = Buffer.alloc(16);
    bof.writeUInt16LE(0x0600, 0);
    bof.writeUInt16LE(0x0005, 2);
    // A BOUNDSHEET of 2 bytes (it needs at least 8): reading its offset would throw a RangeError.
    const stream = Buffer.concat([record(0x0809, bof), record(0x0085, Buffer.from([1, 2])), record(0x000a, Buffer.alloc(0))]);
    const error = assertPlainFailure(await readAll(await fileWith(container(stream))), 'short record');
    assert.equal(error.message, DAMAGED);
    await assert.rejects(openXls(await fileWith(container(stream))), ImportFileError);
  });
});
