/**
 * An import writing batches over several connections at once (import-file.ts `writers`): forced to 2-4
 * writers here whatever this machine's core count, against the real PostgreSQL of the test run.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, test } from 'vitest';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import type { TestContext } from '../../../../platform/testing/context.ts';
import { batchProgressUpdate } from '../../repositories/import-jobs.ts';
import { closeAbandonedImports } from './abandoned-imports.ts';
import { importWritersFor, MAX_IMPORT_WRITERS } from './import-file.ts';
import { useImportHarness } from './testing/import-harness.ts';
import { writeCsv, type Cell } from './testing/spreadsheet-writers.ts';

const harness = useImportHarness({ prefix: 'import-writers-test-', poolMax: 12 });
const { file, run, countBusinesses } = harness;
let ctx: TestContext;
let pool: Pool;
let prisma: Prisma;
beforeAll(() => {
  ({ ctx, pool, prisma } = harness);
});


/** Polls until `condition` holds (a generous bound: the machine is shared and loaded). */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const H = ['name', 'place_id', 'city', 'country_code', 'rating', 'reviews'];

/**
 * `rows` data rows keyed `${prefix}-${i}`: every 37th refused (no name), every 23rd repeats a place_id
 * from 150 rows above (another batch at batches of 100), every 41st has no place_id (keyed by its content).
 */
function mixedRows(prefix: string, rows: number): Cell[][] {
  const data: Cell[][] = [H];
  for (let i = 1; i <= rows; i++) {
    if (i % 37 === 0) data.push(['', `${prefix}-${i}`, 'Bern', 'CH', '4', '1']);
    else if (i % 23 === 0 && i > 150) data.push([`${prefix} repeat ${i}`, `${prefix}-${i - 150}`, 'Basel', 'CH', '3', '2']);
    else if (i % 41 === 0) data.push([`${prefix} no id ${i}`, '', 'Zürich', 'CH', '5', '3']);
    else data.push([`${prefix} business ${i}`, `${prefix}-${i}`, 'Genève', 'CH', '4.5', String(i)]);
  }
  return data;
}

/** A report without what differs between two runs of the same file (ids and times). */
function comparable(result: Awaited<ReturnType<typeof run>>['result']) {
  const { jobId, timestamp, summary, ...rest } = result;
  return { ...rest, summary: { ...summary, processingTimeSeconds: 0 } };
}

describe('importWritersFor', () => {
  test('one writer per two cores, at most MAX_IMPORT_WRITERS and half the pool', () => {
    const pool10 = { options: { max: 10 } } as Pick<Pool, 'options'>;
    assert.equal(importWritersFor(pool10, 1), 1);
    assert.equal(importWritersFor(pool10, 2), 1);
    assert.equal(importWritersFor(pool10, 4), 2);
    assert.equal(importWritersFor(pool10, 16), 5, 'half of a pool of 10 (the API keeps the rest for its requests)');
    assert.equal(importWritersFor({ options: { max: 64 } } as Pick<Pool, 'options'>, 64), MAX_IMPORT_WRITERS);
    assert.equal(importWritersFor({ options: { max: 1 } } as Pick<Pool, 'options'>, 16), 1);
  });
});

describe('the job\'s committed rows', () => {
  test('two batches committing at once, the later one first: the one that waited for the row adds its range to the other\'s', async () => {
    // Not 'running': nobody holds its lock, and the sweep of a later test would close it as abandoned.
    const job = await prisma.importJob.create({ data: { status: 'completed', fileName: 'ranges.csv', fileSizeBytes: 1n, fileType: 'unknown', mode: 'upsert', batchSize: 100 } });
    const [first, second] = [await pool.connect(), await pool.connect()];
    const progress = (from: number, to: number) => batchProgressUpdate(first, { jobId: job.id, fromDataRow: from, upToDataRow: to, fileType: 'csv', written: to - from, inserted: to - from, updated: 0 });
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await second.query(progress(100, 200));
      // Batch 1 waits for batch 2's row lock, and is evaluated again on the row batch 2 committed.
      const waiting = first.query(progress(0, 100));
      await until(async () => (await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")).rows[0].n > 0, 'batch 1 waits for the row');
      await second.query('COMMIT');
      await waiting;
      await first.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    const after = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    assert.deepEqual([after.lastCommittedRow, after.committedRows, after.rowsWritten, after.rowsRead], [200, '{[1,201)}', 200, 200]);
  });
});

describe('importFile with several writers', () => {
  test('the report is the one a single writer gives, row for row; a re-run is idempotent', { timeout: 120_000 }, async () => {
    const csv = file('mixed.csv');
    await writeCsv(csv, mixedRows('ChIJ-mixed', 1200));
    const single = await run(csv, { batchSize: 100, writers: 1 });
    assert.equal(single.status, 'completed', single.result.message);
    const stored = await countBusinesses("place_id LIKE 'ChIJ-mixed-%' OR name LIKE 'ChIJ-mixed no id %'");
    assert.equal(stored, single.result.results.inserted);
    await pool.query('DELETE FROM businesses WHERE source = $1', [`import:${single.jobId}`]);

    const several = await run(csv, { batchSize: 100, writers: 4 });
    assert.deepEqual(comparable(several.result), comparable(single.result));
    assert.ok(several.result.errorCount > 0 && several.result.duplicateAnalysis.excelDuplicateCount > 0 && several.result.results.inserted > 1000);
    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: several.jobId } });
    assert.equal(job.lastCommittedRow, 1200);
    assert.equal(job.rowsWritten, several.result.successCount);
    assert.equal(await countBusinesses("place_id LIKE 'ChIJ-mixed-%' OR name LIKE 'ChIJ-mixed no id %'"), stored);

    // Insert mode skips every existing business: the skipped list comes in the file's order, as with one writer.
    const insertSingle = await run(csv, { batchSize: 100, writers: 1, mode: 'insert' });
    const insertSeveral = await run(csv, { batchSize: 100, writers: 4, mode: 'insert' });
    assert.deepEqual(comparable(insertSeveral.result), comparable(insertSingle.result));
    const rows = insertSeveral.result.skippedBusinesses.map((skipped) => skipped.row);
    assert.deepEqual(rows, [...rows].sort((a, b) => a - b));
    assert.ok(insertSeveral.result.skippedCount > 1000);

    // The same file again: nothing new, nothing changed, nothing added twice.
    const again = await run(csv, { batchSize: 100, writers: 4 });
    assert.equal(again.status, 'completed');
    assert.deepEqual([again.result.results.inserted, again.result.results.updated, again.result.results.unchanged], [0, 0, several.result.successCount]);
    assert.equal(await countBusinesses("place_id LIKE 'ChIJ-mixed-%' OR name LIKE 'ChIJ-mixed no id %'"), stored);
  });

  test('a CSV read by several helper threads, a range each, and written by several writers: the report and the rows of one thread and one writer', { timeout: 120_000 }, async () => {
    const csv = file('ranges.csv');
    // Quoted cells over two lines, so that many ranges start inside a record and are read again.
    const rows = mixedRows('ChIJ-ranges', 1500).map((row, index) => (index > 0 && index % 4 === 1 ? [row[0], row[1], `${row[2]}\nKanton`, ...row.slice(3)] : row));
    await writeCsv(csv, rows);
    const stored = async () => (await pool.query("SELECT place_id, name, city, slug, rating FROM businesses WHERE place_id LIKE 'ChIJ-ranges-%' OR name LIKE 'ChIJ-ranges no id %' ORDER BY place_id")).rows;
    const alone = await run(csv, { batchSize: 100, writers: 1, prepareThreads: 0 });
    assert.equal(alone.status, 'completed', alone.result.message);
    const rowsAlone = await stored();
    assert.ok(rowsAlone.length > 1000 && rowsAlone.some((row) => String(row.city).includes('\n')));
    await pool.query('DELETE FROM businesses WHERE source = $1', [`import:${alone.jobId}`]);

    const ranged = await run(csv, { batchSize: 100, writers: 3, prepareThreads: 3, rangeBytes: 1_024 });
    assert.deepEqual(comparable(ranged.result), comparable(alone.result));
    assert.deepEqual(await stored(), rowsAlone);
    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: ranged.jobId } });
    assert.equal(job.lastCommittedRow, 1500);
  });

  test('a batch that fails while later ones commit: committed-up-to stays below it, the report counts every row stored', { timeout: 120_000 }, async () => {
    const csv = file('fails-in-the-middle.csv');
    await writeCsv(csv, [H, ...Array.from({ length: 1000 }, (_, i) => [`Middle ${i + 1}`, `ChIJ-middle-${i + 1}`, 'Bern', 'CH', '4', '1'])]);
    const stored = (from: number, to: number) => countBusinesses("place_id = ANY($1)", [Array.from({ length: to - from + 1 }, (_, i) => `ChIJ-middle-${from + i}`)]);
    let duringFailure: { lastCommittedRow: number; committedRows: string; rowsWritten: number } | undefined;
    const outcome = await run(csv, {
      batchSize: 100,
      writers: 3,
      beforeCommit: async (_client, batch) => {
        if (batch !== 3) return;
        // Batch 3 holds its transaction open until batches 1-2 and 4-5 (rows 1-200, 301-500) have committed.
        await until(async () => (await stored(1, 200)) === 200 && (await stored(301, 500)) === 200, 'batches 1, 2, 4 and 5 commit');
        // What the job says at this moment is what it would say after a crash here.
        const job = await prisma.importJob.findFirstOrThrow({ where: { fileName: path.basename(csv) } });
        duringFailure = { lastCommittedRow: job.lastCommittedRow, committedRows: job.committedRows, rowsWritten: job.rowsWritten };
        throw new Error('simulated failure');
      },
    });
    assert.equal(outcome.status, 'failed');
    // Batches 1-2 and 4-5 had committed (and perhaps more after them): committed up to row 200, not beyond.
    assert.equal(duringFailure?.lastCommittedRow, 200);
    const ranges = [...duringFailure!.committedRows.matchAll(/\[(\d+),(\d+)\)/g)].map(([, from, to]) => [Number(from), Number(to)]);
    assert.deepEqual(ranges.slice(0, 2).map(([from]) => from), [1, 301], duringFailure!.committedRows);
    assert.equal(ranges[0][1], 201);
    assert.equal(duringFailure!.rowsWritten, ranges.reduce((sum, [from, to]) => sum + to - from, 0), 'every committed row counted once');

    assert.equal(await stored(201, 300), 0, 'nothing of the failed batch');
    assert.equal(await stored(1, 200), 200);
    const total = await stored(1, 1000);
    assert.ok(total >= 400 && total % 100 === 0, `whole batches only (${total})`);
    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: outcome.jobId } });
    assert.deepEqual([job.status, job.lastCommittedRow, job.rowsWritten], ['failed', 200, total]);
    assert.equal(outcome.result.lastCommittedRow, 200);
    assert.equal(outcome.result.successCount, total);
    assert.equal(outcome.result.results.inserted, total);
    assert.match(outcome.result.message, /Writing batch 3 failed \(simulated failure\)\. The import stopped there; 200 rows committed before it stay \(the file's first 200 rows of data; header rows are not counted\); \d+ rows of later batches, written at the same time, committed too\.$/);
    assert.ok(outcome.result.message.includes(`; ${total - 200} rows of later batches`));

    // Run again, the file completes: the rows stored are matched, the rest added.
    const again = await run(csv, { batchSize: 100, writers: 3 });
    assert.equal(again.status, 'completed', again.result.message);
    assert.deepEqual([again.result.results.inserted, again.result.results.unchanged], [1000 - total, total]);
    assert.equal(await stored(1, 1000), 1000);
  });

  test('killed while later batches had committed: the job says the watermark, and the sweep that later batches stayed', { timeout: 150_000 }, async () => {
    const csv = file('killed-in-the-middle.csv');
    await writeCsv(csv, [H, ...Array.from({ length: 600 }, (_, i) => [`Killed ${i + 1}`, `ChIJ-killed-${i + 1}`, 'Bern', 'CH', '4', '1'])]);
    // A real crash: the importing process is killed (SIGKILL) in batch 2, once batch 3 has committed.
    const script = file('kill-in-batch-2.mts');
    await writeFile(script, `
      import { createPool } from ${JSON.stringify(path.resolve('platform/db/pool.ts'))};
      import { createPrisma } from ${JSON.stringify(path.resolve('platform/db/prisma.ts'))};
      import { importFile } from ${JSON.stringify(path.resolve('api/src/services/import/import-file.ts'))};
      const url = ${JSON.stringify(ctx.config.databaseUrl)};
      const pool = createPool(url);
      const batch3 = Array.from({ length: 100 }, (_, i) => 'ChIJ-killed-' + (201 + i));
      await importFile({ pool, prisma: createPrisma(url), path: ${JSON.stringify(csv)}, fileName: 'killed-in-the-middle.csv', batchSize: 100, writers: 2,
        beforeCommit: async (_client, batch) => {
          if (batch !== 2) return;
          for (;;) {
            const { rows } = await pool.query('SELECT count(*)::int AS n FROM businesses WHERE place_id = ANY($1)', [batch3]);
            if (rows[0].n === 100) process.kill(process.pid, 'SIGKILL');
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        } });
    `);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [, signal] = await once(child, 'exit');
    assert.equal(signal, 'SIGKILL', stderr);

    const job = await prisma.importJob.findFirstOrThrow({ where: { fileName: 'killed-in-the-middle.csv' } });
    assert.equal(job.status, 'running');
    assert.equal(job.lastCommittedRow, 100, 'batch 2 never committed: the job is committed up to row 100, whatever came after');
    assert.match(job.committedRows, /^\{\[1,101\),\[201,\d+01\)\}$/);
    const stored = await countBusinesses("place_id LIKE 'ChIJ-killed-%'");
    assert.equal(job.rowsWritten, stored);
    assert.equal(await countBusinesses("place_id = ANY($1)", [Array.from({ length: 100 }, (_, i) => `ChIJ-killed-${101 + i}`)]), 0);

    assert.deepEqual(await closeAbandonedImports({ pool, prisma }), [job.id]);
    const report = await prisma.uploadReport.findFirstOrThrow({ where: { importJobId: job.id } });
    const body = report.report as { message: string; lastCommittedRow: number; stoppedAtRow: number };
    assert.deepEqual([body.lastCommittedRow, body.stoppedAtRow, report.successCount], [100, 100, stored]);
    assert.ok(body.message.includes(`${stored} rows committed before it stay (the file's first 100 rows of data; header rows are not counted, and some of the batches after it, written at the same time)`), body.message);
  });

  test('place_ids repeated across batches in flight are written once, without deadlock, by one import and by two at once', { timeout: 120_000 }, async () => {
    // Every place_id comes back 300 rows later (three batches on: written at the same time), six times in all.
    const rows = (order: (i: number) => number): Cell[][] => [H, ...Array.from({ length: 1800 }, (_, i) => {
      const key = order(i) % 300;
      return [`Repeat ${key}`, `ChIJ-repeat-${key}`, 'Bern', 'CH', '4', '7'];
    })];
    const forward = file('repeat-forward.csv');
    await writeCsv(forward, rows((i) => i));
    const one = await run(forward, { batchSize: 100, writers: 4 });
    assert.equal(one.status, 'completed', one.result.message);
    assert.deepEqual([one.result.results.inserted, one.result.duplicateAnalysis.excelDuplicateCount, one.result.skippedCount], [300, 1500, 1500]);
    assert.equal(await countBusinesses("place_id LIKE 'ChIJ-repeat-%'"), 300);
    await pool.query("DELETE FROM businesses WHERE place_id LIKE 'ChIJ-repeat-%'");

    // Two imports at once of files holding the same businesses in opposite orders, each with several
    // writers: inserts of one key meet in the unique index; every key is stored once and counted once.
    const backward = file('repeat-backward.csv');
    await writeCsv(backward, rows((i) => 1799 - i));
    const [a, b] = await Promise.all([run(forward, { batchSize: 100, writers: 3 }), run(backward, { batchSize: 100, writers: 3 })]);
    assert.equal(a.status, 'completed', a.result.message);
    assert.equal(b.status, 'completed', b.result.message);
    assert.equal(await countBusinesses("place_id LIKE 'ChIJ-repeat-%'"), 300);
    assert.equal(a.result.results.inserted + b.result.results.inserted, 300);
    assert.deepEqual([a.result.successCount, b.result.successCount], [300, 300]);
  });

  test('a deadlock between two batches of one import is retried: the import completes with an exact report', { timeout: 120_000 }, async () => {
    const csv = file('deadlock.csv');
    await writeCsv(csv, [H, ...Array.from({ length: 300 }, (_, i) => [`Deadlock ${i + 1}`, `ChIJ-deadlock-${i + 1}`, 'Bern', 'CH', '4', '1'])]);
    // Batches 1 and 2 take two advisory locks in opposite orders, each waiting until the other holds its
    // first: PostgreSQL finds the deadlock and aborts one, whose batch is written again.
    const holding = new Set<number>();
    const attempts: string[] = [];
    const outcome = await run(csv, {
      batchSize: 100,
      writers: 2,
      beforeCommit: async (client, batch, attempt) => {
        attempts.push(`${batch}:${attempt}`);
        if (batch > 2 || attempt > 1) return;
        const [first, second] = batch === 1 ? [1, 2] : [2, 1];
        await client.query('SELECT pg_advisory_xact_lock(27, $1)', [first]);
        holding.add(batch);
        await until(async () => holding.size === 2, 'both batches hold their first lock');
        await client.query('SELECT pg_advisory_xact_lock(27, $1)', [second]);
      },
    });
    assert.equal(outcome.status, 'completed', outcome.result.message);
    assert.ok(attempts.includes('1:2') !== attempts.includes('2:2'), `one of the two was tried again: ${attempts.join(', ')}`);
    assert.deepEqual([outcome.result.results.inserted, outcome.result.successCount, outcome.result.lastCommittedRow], [300, 300, 300]);
    assert.equal(await countBusinesses("place_id LIKE 'ChIJ-deadlock-%'"), 300);
    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: outcome.jobId } });
    assert.deepEqual([job.lastCommittedRow, job.rowsWritten, job.rowsInserted, job.committedRows], [300, 300, 300, '{[1,301)}']);
  });
});

