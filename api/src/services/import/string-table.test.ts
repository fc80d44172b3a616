import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'vitest';
import { StringTable } from './string-table.ts';
import { openXlsx, XLSX_LIMITS } from './xlsx-reader.ts';
import { writeXlsx } from './testing/spreadsheet-writers.ts';

test('entries past the memory budget spill to disk and read back exactly', () => {
  const table = new StringTable(64);
  const texts = ['Zürich', '', 'Продавница', 'x'.repeat(100), '台北 €15–20', 'last'];
  for (const text of texts) table.push(text);
  table.finish();
  assert.equal(table.spilled, true);
  assert.deepEqual(texts.map((_, i) => table.get(i)), texts);
  assert.equal(table.get(99), undefined);
  table.close();

  // Read backwards from a fresh table: every read is behind the read-ahead block (the repeat path).
  const backwards = new StringTable(64);
  for (const text of texts) backwards.push(text);
  backwards.finish();
  for (let i = texts.length - 1; i >= 0; i--) assert.equal(backwards.get(i), texts[i]);
  backwards.close();
});

test('an xlsx whose shared strings exceed the memory budget imports the same rows', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sst-test-'));
  try {
    const file = path.join(dir, 'big-sst.xlsx');
    const rows = [['name', 'city'], ...Array.from({ length: 2000 }, (_, i) => [`Business ${i} ${'ü'.repeat(i % 7)}`, `City ${i % 13}`])];
    await writeXlsx(file, [{ name: 'S', rows }]);
    const source = await openXlsx(file, { ...XLSX_LIMITS, sharedStringsMemoryBytes: 4096 });
    const read: string[][] = [];
    for await (const chunk of source.rows) for (const row of chunk) read.push(row.values);
    assert.deepEqual(read, rows.slice(1));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an xlsx with text in many scripts reads the same from shared and from inline strings', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sst-test-'));
  try {
    const rows = [
      ['name', 'city', 'note'],
      ['Кофейня «Уют»', 'Москва', 'Tom & Jerry <b> "quoted"'],
      ['東京カフェ 🍕', '東京', 'ﾊﾟﾝ屋 €15–20'],
      ['مقهى النيل', 'القاهرة', 'דלת'],
      ['दिल्ली मिठाई', 'दिल्ली', 'a\nb'],
    ];
    for (const sharedStrings of [true, false]) {
      const file = path.join(dir, `scripts-${sharedStrings}.xlsx`);
      await writeXlsx(file, [{ name: 'S', rows }], { sharedStrings });
      const source = await openXlsx(file);
      const read: string[][] = [];
      for await (const chunk of source.rows) for (const row of chunk) read.push(row.values);
      assert.deepEqual(read, rows.slice(1), sharedStrings ? 'shared strings' : 'inline strings');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
