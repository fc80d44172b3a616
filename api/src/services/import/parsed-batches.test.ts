import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { prepareThreadsFor, readBatchesInWorker } from './parsed-batches.ts';
import { EXPORT_HEADER, exportRows } from './testing/export-rows.ts';
import { writeCsv, writeXlsx, type Cell } from './testing/spreadsheet-writers.ts';

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
async function readAll(file: string, prepareThreads: number) {
  const reader = await readBatchesInWorker({ path: file, batchSize: 100, source: 'test-import', prepareThreads });
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

  test('an import stopped after its first batch lets its parse worker and prepare thread go at once', async () => {
    const csv = path.join(dir, 'stopped.csv');
    await writeCsv(csv, [[...EXPORT_HEADER], ...mixedRows(2_000, 29)]);
    const reader = await readBatchesInWorker({ path: csv, batchSize: 100, source: 'test-import', prepareThreads: 1 });
    for await (const message of reader.messages) if (message.type === 'batch') break;
    const started = Date.now();
    await reader.close();
    // Asked to stop, the threads end by themselves; one that did not would be terminated after 3 s.
    assert.ok(Date.now() - started < 2_000, `closed in ${Date.now() - started} ms`);
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
