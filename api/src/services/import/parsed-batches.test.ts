import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { prepareThreadsFor, prepareThreadsForFile, readBatchesInWorker } from './parsed-batches.ts';
import { EXPORT_HEADER, exportRows } from './testing/export-rows.ts';
import { csvText, writeCsv, writeXlsx, type Cell } from './testing/spreadsheet-writers.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'parsed-batches-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const column = (name: string) => EXPORT_HEADER.indexOf(name);

/**
 * Generated export rows with every kind of row the report tells apart: refused (no name), repeated
 * place_ids, rows keyed by content, a location out of range, a country nobody knows, no country at all.
 */
function mixedRows(count: number, seed: number): Cell[][] {
  const rows = [...exportRows(count, seed)];
  rows.forEach((row, index) => {
    if (index % 37 === 5) row[column('name')] = '';
    if (index % 53 === 50) row[column('place_id')] = rows[index - 40][column('place_id')];
    if (index % 41 === 7) row[column('place_id')] = '';
    if (index % 61 === 3) row[column('latitude')] = '200';
    if (index % 71 === 9) [row[column('country')], row[column('country_code')]] = ['Atlantis', ''];
    if (index % 89 === 11) [row[column('country')], row[column('country_code')], row[column('phone')], row[column('full_address')]] = ['', '', '', ''];
  });
  return rows;
}

/** Everything the importing thread is told, with the batches' COPY text as text; `fraction` left out (it is how far the reader got, which differs with timing). */
async function readAll(file: string, prepareThreads: number, rangeBytes?: number) {
  const reader = await readBatchesInWorker({ path: file, batchSize: 100, source: 'test-import', prepareThreads, rangeBytes });
  const messages: unknown[] = [];
  try {
    for await (const message of reader.messages) {
      if (message.type === 'batch') {
        const { fraction: _, batch, ...rest } = message;
        messages.push({ ...rest, batch: { ...batch, payload: Buffer.from(batch.payload).toString('utf8') } });
      } else {
        const { fraction: _, ...rest } = message as typeof message & { fraction?: number };
        messages.push(rest);
      }
    }
  } finally {
    await reader.close();
  }
  return messages;
}

describe('prepare threads', () => {
  test('big files are prepared on other threads where there are cores to spare, small ones in the parse worker', () => {
    assert.equal(prepareThreadsFor(64 * 1024, 8), 0);
    assert.equal(prepareThreadsFor(150 * 1024 * 1024, 2), 0);
    assert.equal(prepareThreadsFor(150 * 1024 * 1024, 4), 1);
    assert.equal(prepareThreadsFor(150 * 1024 * 1024, 64), 1);
  });

  test('IMPORT_READER_THREADS sets the range readers of a large CSV, whatever the cores; other files get one prepare thread at most', async () => {
    const csv = path.join(dir, 'large.csv');
    const xlsx = path.join(dir, 'large.xlsx');
    await writeCsv(csv, [[...EXPORT_HEADER], ...mixedRows(20, 3)]);
    await writeXlsx(xlsx, [{ name: 'Sheet1', rows: [[...EXPORT_HEADER], ...mixedRows(20, 3)] }]);
    const large = 150 * 1024 * 1024;
    assert.equal(await prepareThreadsForFile(csv, large, { cores: 2 }), 0);
    assert.equal(await prepareThreadsForFile(csv, large, { cores: 16 }), 1);
    assert.equal(await prepareThreadsForFile(csv, large, { cores: 2, readerThreads: 4 }), 4);
    assert.equal(await prepareThreadsForFile(csv, large, { cores: 16, readerThreads: 0 }), 0);
    assert.equal(await prepareThreadsForFile(xlsx, large, { cores: 16, readerThreads: 6 }), 1);
    assert.equal(await prepareThreadsForFile(csv, 64 * 1024, { cores: 16, readerThreads: 6 }), 0, 'a small file is read before a thread would have started');
  });

  test('a CSV read with prepare threads tells the importing thread exactly what the parse worker alone tells', async () => {
    const csv = path.join(dir, 'mixed.csv');
    const rows = mixedRows(3_000, 17);
    // A row with a cell too many (an unquoted comma) is refused as ragged.
    rows[777] = [...rows[777], 'stray'];
    await writeCsv(csv, [[...EXPORT_HEADER], ...rows]);
    const alone = await readAll(csv, 0);
    const batches = alone.filter((message) => (message as { type: string }).type === 'batch');
    assert.ok(batches.length >= 25, `${batches.length} batches`);
    const end = alone.at(-1) as { type: string; notes: string[] };
    assert.equal(end.type, 'end');
    // The kinds of rows above are all in the file (so the comparison covers them).
    assert.match(end.notes.join('\n'), /Atlantis/);
    assert.match(end.notes.join('\n'), /without a location/);
    assert.deepEqual(await readAll(csv, 1), alone);
    assert.deepEqual(await readAll(csv, 2), alone);
  });

  describe('a CSV read by several threads, a range of it each', () => {
    /** Rows whose cells run over several lines, some longer than a range, so that ranges start inside them. */
    function multiLineRows(count: number, seed: number): Cell[][] {
      const rows = mixedRows(count, seed);
      rows.forEach((row, index) => {
        if (index % 3 === 1) row[column('full_address')] = `Hauptstraße ${index}\nHinterhaus, 2. OG\r\n10115 Berlin`;
        // A quoted cell of several ranges, with "" escapes and line ends at every distance from a range's start.
        if (index % 97 === 13) row[column('about')] = Array.from({ length: 60 }, (_, line) => `Line ${line} of "about", ${'x'.repeat((index + line) % 90)}`).join('\n');
        if (index % 11 === 4) row[column('name')] = `"Quoted" name ${index}`;
      });
      return rows;
    }
    const SMALL_RANGES = 2_048;

    test('records over line breaks, blank lines, CRLF, a title line and a byte order mark: what one thread reads', async () => {
      const csv = path.join(dir, 'ranges.csv');
      const rows = multiLineRows(1_500, 31);
      const text = csvText([['Businesses export - March 2025'], [...EXPORT_HEADER], ...rows.slice(0, 700), [], [''], ...rows.slice(700)], { eol: '\r\n', bom: true });
      await writeFile(csv, text);
      const alone = await readAll(csv, 0);
      const end = alone.at(-1) as { type: string; notes: string[]; failure?: unknown };
      assert.equal(end.failure, undefined);
      assert.match(JSON.stringify(alone[0]), /title line/);
      // Hundreds of ranges, many of them starting inside a quoted cell.
      assert.ok(text.length / SMALL_RANGES > 300, `${text.length} bytes`);
      assert.deepEqual(await readAll(csv, 3, SMALL_RANGES), alone);
      assert.deepEqual(await readAll(csv, 2, 5_000), alone);
    });

    test("Excel's sep= line, semicolons, Windows-1252 text", async () => {
      const csv = path.join(dir, 'ranges-1252.csv');
      const rows = multiLineRows(600, 37).map((row) => row.map((cell) => (typeof cell === 'string' ? cell.replace(/[^\x00-\xff]/g, '?') : cell)));
      rows.forEach((row, index) => {
        if (index % 5 === 0) row[column('name')] = `Café Zürich ${index}`;
      });
      await writeFile(csv, Buffer.concat([Buffer.from('sep=;\n'), Buffer.from(csvText([[...EXPORT_HEADER], ...rows], { delimiter: ';' }), 'latin1')]));
      const alone = await readAll(csv, 0);
      assert.match(JSON.stringify(alone), /Café Zürich 5/);
      assert.match(JSON.stringify(alone[0]), /Windows-1252/);
      assert.deepEqual(await readAll(csv, 2, SMALL_RANGES), alone);
    });

    test('a quote never closed stops the import at the same row, after the same rows', async () => {
      const csv = path.join(dir, 'ranges-unclosed.csv');
      const rows = multiLineRows(900, 41);
      const text = csvText([[...EXPORT_HEADER], ...rows]);
      // The quote opens in a row near the middle and is never closed.
      const at = text.indexOf('\n', Math.floor(text.length / 2)) + 1;
      await writeFile(csv, `${text.slice(0, at)}"unclosed,${text.slice(at).replaceAll('"', '')}`);
      const alone = await readAll(csv, 0);
      const end = alone.at(-1) as { failure?: { message: string } };
      assert.match(end.failure?.message ?? '', /^Row \d+: a quoted cell is never closed/);
      assert.deepEqual(await readAll(csv, 3, SMALL_RANGES), alone);
    });
  });

  // Real exports (../shared/data, present in CI), read in ranges of 4 KB: several rows each, and cells over
  // several lines (reviews, hours, addresses) wherever the ranges happen to start.
  const DATA = path.resolve(import.meta.dirname, '../../../../../shared/data');
  const realCsvs = [
    'outscraper-samples/Stefan-SEO__restaurants-in-zurich/Outscraper-20250307150536s9c_restaurants.csv',
    'outscraper-samples/dogsbreeder__wikipets/Outscraper-20250422201418xs4e_pet_store_+44.csv',
    'outscraper-samples/Manikanta-Goud__gym_project-e1/Outscraper-20260306142950s9d_gym.csv',
    'outscraper-samples/steven4354__website-email-finder/outscraper.csv',
    'outscraper-samples/greekfreek12__atlas/Outscraper-20251210025614xxl87_plumber - Sheet1 (2).csv',
    'other-gmaps-scrapers/gosom__google-maps-scraper/results.csv',
    'openstreetmap/geonook__Dadaocheng/osm_pois.csv',
  ];
  test.skipIf(!existsSync(DATA))('real exports read by range readers: what one thread reads, message for message', { timeout: 120_000 }, async () => {
    for (const file of realCsvs) {
      const csv = path.join(DATA, file);
      const alone = await readAll(csv, 0);
      assert.ok(alone.some((message) => (message as { type: string }).type === 'batch'), file);
      assert.deepEqual(await readAll(csv, 3, 4_096), alone, file);
    }
  });

  test('an import stopped after its first batch lets its parse worker and prepare thread go at once', async () => {
    const csv = path.join(dir, 'stopped.csv');
    await writeCsv(csv, [[...EXPORT_HEADER], ...mixedRows(2_000, 29)]);
    // One prepare thread, then three range readers (csv-ranges.ts) with small ranges, many still to read.
    for (const [prepareThreads, rangeBytes] of [[1, undefined], [3, 16 * 1024]] as const) {
      const reader = await readBatchesInWorker({ path: csv, batchSize: 100, source: 'test-import', prepareThreads, rangeBytes });
      for await (const message of reader.messages) if (message.type === 'batch') break;
      const started = Date.now();
      await reader.close();
      // Asked to stop, the threads end by themselves; one that did not would be terminated after 3 s.
      assert.ok(Date.now() - started < 2_000, `${prepareThreads} thread(s): closed in ${Date.now() - started} ms`);
    }
  });

  test('an XLSX with two sheets: the same messages, sheet names and rows included', async () => {
    const xlsx = path.join(dir, 'mixed.xlsx');
    const rows = mixedRows(1_200, 23);
    await writeXlsx(xlsx, [{ name: 'First', rows: [[...EXPORT_HEADER], ...rows.slice(0, 700)] }, { name: 'Second', rows: [[...EXPORT_HEADER], ...rows.slice(700)] }]);
    const alone = await readAll(xlsx, 0);
    assert.match(JSON.stringify(alone), /"sheet":"Second"/);
    assert.deepEqual(await readAll(xlsx, 2), alone);
  });
});
