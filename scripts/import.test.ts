import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { createTestContext, type TestContext } from '../platform/testing/context.ts';
import { writeCsv } from '../api/src/services/import/testing/spreadsheet-writers.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, 'import.ts');
let ctx: TestContext;
let pool: Pool;
let dir: string;

before(async () => {
  ctx = await createTestContext();
  pool = createPool(ctx.config.databaseUrl!);
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-cli-'));
});
after(async () => {
  await pool.end();
  await rm(dir, { recursive: true, force: true });
  await ctx.close();
});

function cli(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl } }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

test('npm run import imports files and prints the report summary', async () => {
  const file = path.join(dir, 'cli file (1).csv');
  await writeCsv(file, [['name', 'place_id', 'rating'], ['Cli One', 'ChIJ-cli-1', '4.5'], ['', 'ChIJ-cli-2', ''], ['Cli Three', 'ChIJ-cli-3', '']]);
  const result = await cli([file, '--batch-size', '100', '--mode', 'insert']);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /cli file \(1\)\.csv/);
  assert.match(result.stdout, /rows 3, imported 2 \(new 2, updated 0, unchanged 0\), skipped 0, rejected 1/);
  assert.match(result.stdout, /Row 3: name is missing/);
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'ChIJ-cli-%'");
  assert.equal(rows[0].n, 2);
});

test('bad flags and missing files give a clear message and exit 1', async () => {
  const badFlag = await cli(['x.csv', '--batch-size', '7']);
  assert.equal(badFlag.code, 1);
  assert.match(badFlag.stderr, /--batch-size must be one of 100, 500, 1000, 2000/);
  const missing = await cli([path.join(dir, 'nope.csv')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /File not found: .*nope\.csv/);
});
