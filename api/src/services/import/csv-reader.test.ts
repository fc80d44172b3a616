import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { csvEncoding, openCsv } from './csv-reader.ts';
import { detectFileType } from './detect-file-type.ts';
import { csvText } from './testing/spreadsheet-writers.ts';

/** Cells that exercise every rule: delimiters, quotes and line ends inside cells, non-ASCII, empties. */
const PIECES = [
  '', 'plain', 'a,b', 'semi;colon', 'tab\there', 'line\nbreak', 'cr\ronly', 'crlf\r\nend', 'say "hi"', '""', '"',
  'Ünïcødé ж 中文', 'emoji 😀 here', '=1+1', ' padded ', '{"a":"b","c":[1,2]}', ',', '\n', 'trailing,',
];

/** A deterministic generator (mulberry32), so a failure names a reproducible table. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function table(seed: number, rows: number): string[][] {
  const next = random(seed);
  const out: string[][] = [['id', 'c1', 'c2', 'c3', 'c4', 'c5']];
  for (let row = 0; row < rows; row++) {
    const cells = [`r${row}`];
    for (let column = 1; column < 6; column++) {
      let cell = '';
      const parts = Math.floor(next() * 4);
      for (let part = 0; part < parts; part++) cell += PIECES[Math.floor(next() * PIECES.length)];
      // Now and then a cell of several KB, so records straddle the reader's 64 KB chunks in every state.
      if (next() < 0.01) cell += 'x"y,z\n'.repeat(200 + Math.floor(next() * 2000));
      cells.push(cell);
    }
    out.push(cells);
  }
  return out;
}

async function readAll(file: string): Promise<{ headers: string[]; rows: Array<{ rowNumber: number; values: string[] }> }> {
  const source = await openCsv(file);
  const rows: Array<{ rowNumber: number; values: string[] }> = [];
  for await (const chunk of source.rows) for (const row of chunk) rows.push({ rowNumber: row.rowNumber, values: row.values });
  await source.close();
  return { headers: source.headers, rows };
}

describe('CSV reader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'csv-reader-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const delimiter of [',', ';', '\t']) {
    for (const [eolName, eol] of [['LF', '\n'], ['CRLF', '\r\n'], ['CR', '\r']] as const) {
      test(`reads back exactly what was written: delimiter ${JSON.stringify(delimiter)}, ${eolName} line ends, across chunk boundaries`, async () => {
        const seed = delimiter.charCodeAt(0) * 31 + eol.length;
        const written = table(seed, 1500);
        const file = path.join(dir, `t-${seed}-${eolName}.csv`);
        await writeFile(file, csvText(written, { delimiter, eol, bom: eolName === 'CRLF' }));
        const { headers, rows } = await readAll(file);
        assert.deepEqual(headers, written[0]);
        assert.equal(rows.length, written.length - 1);
        for (const [index, row] of rows.entries()) {
          // One row at a time, so a failure shows the row rather than a 1,500-row diff.
          assert.deepEqual(row, { rowNumber: index + 2, values: written[index + 1] }, `seed ${seed}, row ${index + 2}`);
        }
      });
    }
  }

  test('cells longer than several of the reader\'s chunks are read whole, and so are the rows around them', async () => {
    const written = table(7, 300);
    // Quoted cells of 70 KB to 400 KB (commas, quotes, line breaks in them), each spanning chunks.
    for (const [row, size] of [[3, 70_000], [4, 150_000], [150, 400_000], [299, 90_000]] as const) written[row][2] = 'a,"b"\r\nc'.repeat(size / 10);
    const file = path.join(dir, 'long-cells.csv');
    await writeFile(file, csvText(written, { eol: '\r\n' }));
    const { rows } = await readAll(file);
    assert.equal(rows.length, written.length - 1);
    for (const [index, row] of rows.entries()) assert.deepEqual(row, { rowNumber: index + 2, values: written[index + 1] }, `row ${index + 2}`);
  });

  test('a file of one column (no delimiter anywhere) and a lone CR far into a file are read right', async () => {
    const names = Array.from({ length: 20_000 }, (_, index) => `Business ${index}`);
    const file = path.join(dir, 'one-column.csv');
    await writeFile(file, `name\n${names.join('\n')}\n`);
    const { rows } = await readAll(file);
    assert.deepEqual(rows.map((row) => row.values), names.map((name) => [name]));
    const mixed = path.join(dir, 'late-cr.csv');
    await writeFile(mixed, `name,city\n${names.map((name) => `${name},X`).join('\n')}\n"last\rone",Y\n`);
    const read = await readAll(mixed);
    assert.equal(read.rows.length, names.length + 1);
    assert.deepEqual(read.rows.at(-1), { rowNumber: names.length + 2, values: ['last\rone', 'Y'] });
  });

  test('text after a closing quote is kept, an empty last cell is a cell, and a missing final line end is fine', async () => {
    const file = path.join(dir, 'odd.csv');
    await writeFile(file, 'a,b,c\n"ab"cd,x,\n"q",,"last"');
    const { rows } = await readAll(file);
    assert.deepEqual(rows, [
      { rowNumber: 2, values: ['abcd', 'x', ''] },
      { rowNumber: 3, values: ['q', '', 'last'] },
    ]);
  });

  test('blank lines are not rows but still count in the row numbers the user sees', async () => {
    const file = path.join(dir, 'blank.csv');
    await writeFile(file, '\n\nname,city\r\n\r\nA,B\r\n,\r\nC,D\r\n');
    const { headers, rows } = await readAll(file);
    assert.deepEqual(headers, ['name', 'city']);
    assert.deepEqual(rows, [
      { rowNumber: 5, values: ['A', 'B'] },
      { rowNumber: 7, values: ['C', 'D'] },
    ]);
  });

  test('an Excel "sep=" first line sets the delimiter and is not the header (row numbers still count it)', async () => {
    for (const [name, content] of [['sep.csv', 'sep=;\r\nname;city\r\nA, Inc.;Köln\r\n'], ['sep-quoted.csv', '"sep=;"\nname;city\nA, Inc.;Köln\n']]) {
      const file = path.join(dir, name);
      await writeFile(file, content);
      assert.deepEqual(await readAll(file), { headers: ['name', 'city'], rows: [{ rowNumber: 3, values: ['A, Inc.', 'Köln'] }] }, name);
    }
  });

  test('a huge row with no quote in it is said to be no CSV of one business a line, not an unclosed quote', async () => {
    const file = path.join(dir, 'one-long-line.csv');
    await writeFile(file, `name,about\nA,${'x'.repeat(9 * 1024 * 1024)}\n`);
    const source = await openCsv(file);
    await assert.rejects(async () => {
      for await (const chunk of source.rows) void chunk;
    }, /^Error: Row 2: one row runs over 8 MB without a line break; a business's row is a few KB at most, so this is not a CSV of one business a line\.$|Row 2: one row runs over 8 MB without a line break/);
    await source.close();
  });

  test('a quote never closed stops the read at its row, however the text after it is made (no runaway matching)', async () => {
    const file = path.join(dir, 'unclosed.csv');
    // Runs of text between "" pairs, over many chunks, and no closing quote: a cell pattern that can split
    // a run in several ways would backtrack exponentially here instead of failing.
    await writeFile(file, `name,about\nA,ok\nB,"${'ab""cd'.repeat(300_000)}\nC,never read\n`);
    const source = await openCsv(file);
    const rows: string[] = [];
    await assert.rejects(async () => {
      for await (const chunk of source.rows) for (const row of chunk) rows.push(row.values[0]);
    }, /Row 3: a quoted cell is never closed/);
    await source.close();
    assert.deepEqual(rows, ['A']);
  });

  test('Windows-1252 (Excel\'s plain CSV), UTF-16 with a byte order mark and UTF-8 are each read as written', async () => {
    const rows = [['name', 'city'], ['Café Müller – “Köln”', 'Köln'], ['Œuvre €5', 'Zürich']];
    const text = csvText(rows, { eol: '\r\n' });
    // 2,000 plain ASCII rows first: the first non-ASCII byte comes after the first chunk of the check.
    const ascii = Array.from({ length: 2000 }, (_, index) => `Plain ${index},Town`).join('\r\n');
    const latin = `name,city\r\n${ascii}\r\n${text.split('\r\n').slice(1).join('\r\n')}`;
    const cp1252: Record<string, number> = { '–': 0x96, '“': 0x93, '”': 0x94, 'Œ': 0x8c, '€': 0x80 };
    const bytes = Buffer.from([...latin].map((char) => cp1252[char] ?? char.charCodeAt(0)));
    const files: Array<[string, Buffer, string]> = [
      ['windows-1252', bytes, 'windows-1252'],
      ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le'],
      ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), 'utf-16be'],
      ['utf-8', Buffer.from(`\ufeff${text}`), 'utf-8'],
    ];
    for (const [name, content, encoding] of files) {
      const file = path.join(dir, `${name}.csv`);
      await writeFile(file, content);
      assert.equal(await detectFileType(file), 'csv', name);
      assert.equal(await csvEncoding(file), encoding, name);
      const read = await readAll(file);
      assert.deepEqual(read.headers, ['name', 'city'], name);
      assert.deepEqual(read.rows.slice(-2).map((row) => row.values), rows.slice(1), name);
    }
  });

  test('a UTF-8 file with a line in Windows-1252 keeps both: each line is read in its own encoding, and the note names the line', async () => {
    // Thousands of UTF-8 rows with accents (past the first read), one row pasted in from a Windows-1252 file.
    const utf8Rows = Array.from({ length: 3000 }, (_, index) => `Café ${index},Zürich`);
    const file = path.join(dir, 'mixed-encodings.csv');
    await writeFile(file, Buffer.concat([
      Buffer.from(`\ufeffname,city\n${utf8Rows.join('\n')}\n`),
      Buffer.from([...'Stray Byte Café,Genève\n'].map((char) => char.charCodeAt(0))),
      Buffer.from('Último Bar,São Paulo\n'),
    ]));
    const source = await openCsv(file);
    assert.deepEqual(source.notes, ['The file mixes text encodings: 1 line is not all UTF-8 (line 3002); the bytes in it that are not UTF-8 were read as Windows-1252, the rest as UTF-8. Check the accents of that line, or save the file as "CSV UTF-8" and import it again.']);
    await source.close();
    const read = await readAll(file);
    assert.deepEqual(read.rows[0].values, ['Café 0', 'Zürich']);
    assert.deepEqual(read.rows.slice(-3).map((row) => row.values), [['Café 2999', 'Zürich'], ['Stray Byte Café', 'Genève'], ['Último Bar', 'São Paulo']]);

    // One stray byte in a UTF-8 line: that byte alone is read as Windows-1252, the line's UTF-8 stays;
    // the bytes Windows-1252 leaves undefined are dropped.
    const stray = path.join(dir, 'stray-byte.csv');
    await writeFile(stray, Buffer.concat([Buffer.from('name,city\nMixline Café Zürich '), Buffer.from([0xae, 0x81]), Buffer.from(',Zürich\n')]));
    assert.deepEqual((await readAll(stray)).rows.map((row) => row.values), [['Mixline Café Zürich ®', 'Zürich']]);
  });

  test('UTF-8 characters cut by the encoding check\'s 1 MB reads still count as UTF-8', async () => {
    // A run of three-byte characters across the 1 MB boundary, shifted by 0, 1 and 2 bytes: each of its
    // bytes falls last in the first read once.
    for (const pad of ['', 'a', 'ab']) {
      const file = path.join(dir, `utf8-boundary${pad}.csv`);
      await writeFile(file, `name\n${pad}${'x'.repeat(1024 * 1024 - 10)}${'€'.repeat(10)}\n`);
      assert.equal(await csvEncoding(file), 'utf-8', `shifted by ${pad.length}`);
    }
  });
});
