import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, test } from 'vitest';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { findFreePort } from '../platform/runtime/ports.ts';
import { loadOrCreateSecrets } from '../platform/runtime/secrets.ts';
import { createTestContext, type TestContext } from '../platform/testing/context.ts';
import { writeCsv } from '../api/src/services/import/testing/spreadsheet-writers.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const SCRIPT = path.resolve(import.meta.dirname, 'import.ts');
let ctx: TestContext;
let pool: Pool;
let dir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  pool = createPool(ctx.config.databaseUrl!);
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-cli-'));
});
afterAll(async () => {
  await pool.end();
  await rm(dir, { recursive: true, force: true });
  await ctx.close();
});

/** Runs the CLI; `env` replaces settings, and `DATABASE_URL: null` leaves it unset. */
function cli(args: string[], env: Record<string, string | null> = {}) {
  const merged: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: ctx.config.databaseUrl };
  for (const [name, value] of Object.entries(env)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { env: merged }).then(
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
  // The database count is of place_ids (rows without one are matched by name, address and phone, said in the message).
  assert.match(result.stdout, /duplicates: 0 in the file, 0 place_ids already in the database, 2 new; job /);
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'ChIJ-cli-%'");
  assert.equal(rows[0].n, 2);
  // Listed among the upload reports as an import from the command line, not as an upload.
  const reports = await pool.query("SELECT kind FROM upload_reports WHERE file_name = 'cli file (1).csv'");
  assert.deepEqual(reports.rows, [{ kind: 'cli' }]);
});

test('IMPORT_READER_THREADS: a large CSV is read by range readers, and the file line says so', async () => {
  const file = path.join(dir, 'cli-ranged.csv');
  const filler = 'x'.repeat(180);
  const rows = Array.from({ length: 24_000 }, (_, i) => [`Ranged Cli ${i}`, `ChIJ-cli-ranged-${i}`, `${i} Long Street ${filler}`]);
  await writeCsv(file, [['name', 'place_id', 'full_address'], ...rows]);
  const result = await cli([file], { IMPORT_READER_THREADS: '2' });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /cli-ranged\.csv \(\d+\.\d MB, mode upsert, batches of \d+, read by 2 range readers \(IMPORT_READER_THREADS\)\)/);
  assert.match(result.stdout, /rows 24000, imported 24000 \(new 24000,/);
  const { rows: counted } = await pool.query("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'ChIJ-cli-ranged-%'");
  assert.equal(counted[0].n, 24_000);
});

test('a file over 150 MB is skipped with the upload\'s message; the other files are imported; exit 1', async () => {
  const big = path.join(dir, 'big.csv');
  // A sparse file: 150 MB and one byte, written in no time.
  await writeFile(big, 'name\n');
  await truncate(big, 150 * 1024 * 1024 + 1);
  const small = path.join(dir, 'small.csv');
  await writeCsv(small, [['name', 'place_id'], ['Cli Small', 'ChIJ-cli-small']]);
  const result = await cli([big, small]);
  assert.equal(result.code, 1);
  assert.match(result.stdout, /\[1\/2\] Dosya çok büyük: big\.csv - Maksimum dosya boyutu 150MB'dır \(150\.0 MB; split it into smaller files\)\. Skipped\./);
  assert.match(result.stdout, /\[2\/2\] small\.csv/);
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM businesses WHERE place_id = 'ChIJ-cli-small'");
  assert.equal(rows[0].n, 1);
});

test('bad flags and missing files give a clear message and exit 1', async () => {
  const badFlag = await cli(['x.csv', '--batch-size', '7']);
  assert.equal(badFlag.code, 1);
  assert.match(badFlag.stderr, /--batch-size must be one of 100, 500, 1000, 2000/);
  const missing = await cli([path.join(dir, 'nope.csv')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /File not found: .*nope\.csv/);
});

test('without DATABASE_URL it imports into the embedded database of a running `npm start`, and says to run `npm start` when none runs', async () => {
  const [dataDir, idleDataDir] = [await mkdtemp(path.join(os.tmpdir(), 'import-cli-start-')), await mkdtemp(path.join(os.tmpdir(), 'import-cli-idle-'))];
  await chmod(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root.
  const embedded = { DATABASE_URL: null, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await findFreePort()) };
  const meiliPort = String(await findFreePort());
  const file = path.join(dir, 'embedded.csv');
  await writeCsv(file, [['name', 'place_id'], ['Embedded One', 'ChIJ-embedded-1'], ['Embedded Two', 'ChIJ-embedded-2']]);

  // The real `npm start` (scripts/start.ts) on its own data directory and ports, without demo data to keep it short.
  let output = '';
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATA_DIR: dataDir, DEMO_DATA: 'false',
      PORT: String(await findFreePort()), EMBEDDED_PG_PORT: embedded.EMBEDDED_PG_PORT, EMBEDDED_MEILI_PORT: meiliPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => start.on('exit', (code) => resolve(code)));
  try {
    // Meanwhile, where no `npm start` runs: one clear line, and nothing written to its data directory.
    const notRunning = await cli([file], { DATABASE_URL: null, DATA_DIR: idleDataDir, EMBEDDED_PG_PORT: String(await findFreePort()) });
    assert.equal(notRunning.code, 1);
    assert.match(notRunning.stderr, /embedded database of `npm start` is not running .*Run `npm start` first.*set DATABASE_URL/);
    assert.deepEqual(await readdir(idleDataDir), []);

    // Migrated and serving is all the CLI needs: no wait for the search indexes to be built.
    const deadline = Date.now() + 90_000;
    while (!/"name":"api".*"msg":"listening on/.test(output) && start.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match(output, /"name":"api".*"msg":"listening on/, output);

    // Into the embedded database, and (at the same time, to save a CLI start-up) with an explicit
    // DATABASE_URL, which still wins over the running embedded database.
    const [imported, explicit] = await Promise.all([cli([file], embedded), cli([file], { ...embedded, DATABASE_URL: ctx.config.databaseUrl! })]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /Importing into the embedded database of `npm start` \(127\.0\.0\.1:\d+\/directory\)/);
    assert.match(imported.stdout, /rows 2, imported 2 \(new 2/);
    assert.equal(explicit.code, 0, explicit.stderr);
    assert.doesNotMatch(explicit.stdout, /Importing into the embedded database/);

    const countIn = async (target: Pool) => (await target.query("SELECT count(*)::int AS n FROM businesses WHERE place_id LIKE 'ChIJ-embedded-%'")).rows[0].n;
    const secrets = await loadOrCreateSecrets(dataDir);
    const embeddedPool = createPool(`postgresql://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${embedded.EMBEDDED_PG_PORT}/directory`);
    try {
      assert.equal(await countIn(embeddedPool), 2, 'the rows are in the database `npm start` serves');
    } finally {
      await embeddedPool.end();
    }
    assert.equal(await countIn(pool), 2, 'and, from the explicit run, in DATABASE_URL');

    // `npm run indexer -- --verify` beside `npm start` needs no settings either, once its indexes are built.
    while (!/is ready at/.test(output) && start.exitCode === null && Date.now() < deadline + 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: embedded.EMBEDDED_PG_PORT, EMBEDDED_MEILI_PORT: meiliPort };
    for (const name of ['DATABASE_URL', 'MEILI_URL', 'MEILI_MASTER_KEY', 'MEILI_INDEX_PREFIX']) delete env[name];
    const indexer = (extra: NodeJS.ProcessEnv = {}) => run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'indexer/src/main.ts'), '--verify'], { env: { ...env, ...extra } })
      .then((done) => ({ ...done, code: 0 }), (error: { stdout: string; stderr: string; code: number }) => error);
    // Only some settings given: not completed with those of `npm start` (another database's index).
    const [verify, partial] = await Promise.all([indexer(), indexer({ DATABASE_URL: ctx.config.databaseUrl! })]);
    assert.equal(partial.code, 1);
    assert.match(partial.stderr, /MEILI_URL and MEILI_MASTER_KEY are not set while DATABASE_URL is: set all three, or none to use the servers of a running `npm start`\./);
    assert.match(verify.stdout, /Using the embedded servers of `npm start` \(127\.0\.0\.1:\d+\/directory, Meilisearch http:\/\/127\.0\.0\.1:\d+\)/, verify.stderr);
    assert.match(verify.stdout, /businesses +postgres=2 meilisearch=2/);
    assert.match(verify.stdout, /OK: Meilisearch matches PostgreSQL/);
  } finally {
    start.kill('SIGINT');
    assert.equal(await exited, 0, output);
    await Promise.all([rm(dataDir, { recursive: true, force: true }), rm(idleDataDir, { recursive: true, force: true })]);
  }
});
