import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, readlink, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, test } from 'vitest';
import { createPool, REQUEST_PATH_BOUNDS, type Pool } from '../../../../platform/db/pool.ts';
import { createPrisma, type Prisma } from '../../../../platform/db/prisma.ts';
import type { TestContext } from '../../../../platform/testing/context.ts';
import { closeAbandonedImports } from './abandoned-imports.ts';
import { importFile } from './import-file.ts';
import { openXlsx, XLSX_LIMITS } from './xlsx-reader.ts';
import { EXPORT_HEADER, exportRows } from './testing/export-rows.ts';
import { useImportHarness } from './testing/import-harness.ts';
import { csvText, writeCsv, writeRawZip, writeXls, writeXlsx, type Cell } from './testing/spreadsheet-writers.ts';

const harness = useImportHarness({ prefix: 'import-test-' });
const { file, run, countBusinesses } = harness;
let ctx: TestContext;
let pool: Pool;
let prisma: Prisma;
beforeAll(() => {
  ({ ctx, pool, prisma } = harness);
});


const H = ['name', 'place_id', 'city', 'country_code', 'rating', 'reviews'];

describe('importFile: CSV end to end', () => {
  test('accepted, rejected and in-file duplicate rows are counted exactly and stored as a report', async () => {
    const csv = file('basic.csv');
    await writeCsv(csv, [
      H,
      ['Alpha Cafe', 'ChIJ-basic-1', 'Zürich', 'ch', '4,5', '1,234'],
      ['', 'ChIJ-basic-2', 'Bern', 'CH', '4', '3'],
      ['Beta Bar', 'ChIJ-basic-3', 'Basel', 'CH', '9', '3'],
      ['Alpha Cafe again', 'ChIJ-basic-1', 'Zürich', 'CH', '4', '1'],
      ['Gamma Gym', '', 'Genève', '', '', ''],
    ]);
    const outcome = await run(csv);
    const r = outcome.result;
    assert.equal(outcome.status, 'completed');
    assert.equal(r.success, true);
    assert.equal(r.totalRows, 5);
    assert.equal(r.successCount, 2);
    assert.equal(r.errorCount, 2);
    assert.equal(r.skippedCount, 1);
    assert.deepEqual(r.errors, ['Row 3: name is missing', 'Row 4: rating 9 is outside 0-5']);
    // Gamma Gym has no place_id: the message says how it was matched instead.
    assert.match(r.message, /1 row has no place_id: it was matched by name, address and phone instead\. /);
    // Nor a country: it is on no country or city page, and the message says that too.
    assert.match(r.message, /1 row has no country \(none in its columns, address or phone number\), so it is on no country or city page; add a country_code column to place such rows\.$/);
    assert.deepEqual(r.skippedBusinesses, [{ row: 5, sheet: undefined, name: 'Alpha Cafe again', placeId: 'ChIJ-basic-1', reason: 'duplicate_in_file' }]);
    assert.equal(r.duplicateAnalysis.excelDuplicateCount, 1);
    assert.equal(r.duplicateAnalysis.excelDuplicateRecords[0].firstRow, 2);
    assert.equal(r.duplicateAnalysis.recordsWithPlaceId, 2);
    assert.equal(r.duplicateAnalysis.uniquePlaceIds, 1);

    const alpha = await pool.query('SELECT name, rating, review_count, country_code, source, slug FROM businesses WHERE place_id = $1', ['ChIJ-basic-1']);
    assert.equal(alpha.rows[0].name, 'Alpha Cafe', 'the first occurrence of a place_id wins');
    assert.equal(alpha.rows[0].rating, 4.5);
    assert.equal(alpha.rows[0].review_count, 1234);
    assert.equal(alpha.rows[0].country_code, 'CH');
    assert.equal(alpha.rows[0].source, `import:${outcome.jobId}`);
    assert.match(alpha.rows[0].slug, /^alpha-cafe-zurich-[a-z0-9]{6}$/);
    assert.equal(await countBusinesses("name = 'Gamma Gym'"), 1);

    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: outcome.jobId } });
    assert.equal(job.status, 'completed');
    assert.equal(job.fileType, 'csv');
    assert.equal(job.rowsRead, 5);
    assert.equal(job.rowsWritten, 2);
    assert.equal(job.lastCommittedRow, 5);
    const report = await prisma.uploadReport.findUniqueOrThrow({ where: { id: outcome.reportId } });
    assert.equal(report.successCount, 2);
    assert.equal((report.report as { message: string }).message, r.message);
  });

  test('rows without a place_id are matched by name, address and phone: the same file again adds nothing, a corrected one updates', async () => {
    const K = ['name', 'full_address', 'city', 'country_code', 'phone', 'rating', 'website'];
    const rows = [
      K,
      ['Corner Garage', '12 Main St', 'St. George', 'US', '+1 435-555-0101', '4.1', ''],
      // A chain: another address and phone is another business.
      ['Corner Garage', '90 River Rd', 'St. George', 'US', '+1 435-555-0102', '3.9', ''],
      // The first one listed again, typed differently: one business, the first row wins.
      ['corner  garage', '12 Main St.', 'st. george', 'us', '001 435 555 0101', '4.0', ''],
      ['Lone Tow', '', '', 'US', '', '', ''],
    ];
    const csv = file('no-ids.csv');
    await writeCsv(csv, rows);
    const slugs = async () => (await pool.query("SELECT slug FROM businesses WHERE name IN ('Corner Garage', 'Lone Tow') ORDER BY slug")).rows.map((row) => row.slug);

    const first = (await run(csv)).result;
    assert.deepEqual(first.results, { inserted: 3, updated: 0, unchanged: 0, skipped: 1, updateRate: 0, skipRate: 25 });
    assert.deepEqual(first.skippedBusinesses, [{ row: 4, sheet: undefined, name: 'corner garage', placeId: null, reason: 'duplicate_in_file' }]);
    assert.deepEqual(first.duplicateAnalysis.excelDuplicateRecords, [{ row: 4, sheet: undefined, name: 'corner garage', placeId: null, firstRow: 2 }]);
    assert.equal(first.duplicateAnalysis.recordsWithPlaceId, 0);
    assert.equal(first.duplicateAnalysis.databaseDuplicateCount, 0);
    assert.match(first.message, /no-ids\.csv: 3 of 4 rows imported \(3 new, 0 updated, 0 unchanged\), 1 skipped \(1 repeats a row above in the file\)\. 3 rows have no place_id: they were matched by name, address and phone instead\.$/);
    assert.equal(await countBusinesses("name IN ('Corner Garage', 'Lone Tow')"), 3);
    const firstSlugs = await slugs();

    const again = (await run(csv)).result;
    assert.deepEqual(again.results, { inserted: 0, updated: 0, unchanged: 3, skipped: 1, updateRate: 0, skipRate: 25 });
    // The spec's place_id counts leave content matches out: no place_id of this file was in the database.
    assert.deepEqual([again.duplicateAnalysis.databaseDuplicateCount, again.duplicateAnalysis.uniquePlaceIds], [0, 0]);
    assert.match(again.message, /Nothing changed.* 3 rows have no place_id: they were matched by name, address and phone instead \(all were already in the directory\)\.$/);
    assert.equal(await countBusinesses("name IN ('Corner Garage', 'Lone Tow')"), 3);
    assert.deepEqual(await slugs(), firstSlugs, 'a second run keeps the businesses and their addresses on the site');

    // A corrected file: a new rating and a website are changes to the same businesses.
    const corrected = file('no-ids-corrected.csv');
    const correctedRows = rows.map((row, index) => index === 1 ? [...row.slice(0, 5), '4.6', ''] : index === 4 ? [...row.slice(0, 6), 'https://lonetow.example'] : row);
    await writeCsv(corrected, correctedRows);
    const fixed = (await run(corrected)).result;
    assert.deepEqual(fixed.results, { inserted: 0, updated: 2, unchanged: 1, skipped: 1, updateRate: 50, skipRate: 25 });
    assert.deepEqual((await pool.query("SELECT rating FROM businesses WHERE name = 'Corner Garage' ORDER BY rating")).rows.map((row) => row.rating), [3.9, 4.6]);
    assert.equal((await pool.query("SELECT website FROM businesses WHERE name = 'Lone Tow'")).rows[0].website, 'https://lonetow.example');

    // The file again with a state and a postal code column added (as the report's advice for rows without
    // a country leads to): the same businesses, given the new columns.
    const widened = file('no-ids-widened.csv');
    await writeCsv(widened, correctedRows.map((row, index) => [...row, index === 0 ? 'state' : 'UT', index === 0 ? 'postal_code' : '84770']));
    const wider = (await run(widened)).result;
    assert.deepEqual([wider.results.inserted, wider.results.updated], [0, 3], wider.message);
    assert.equal(await countBusinesses("name IN ('Corner Garage', 'Lone Tow') AND state = 'UT' AND postal_code = '84770'"), 3);

    // Update mode: a row whose address no business has is skipped as without a match, like an unknown place_id.
    const moved = file('no-ids-moved.csv');
    await writeCsv(moved, [K, ['Corner Garage', '500 New Rd', 'St. George', 'US', '+1 435-555-0101', '4.6', ''], [...rows[4].slice(0, 6), 'https://lonetow.example']]);
    const update = (await run(moved, { mode: 'update' })).result;
    assert.deepEqual(update.skippedBusinesses.map((s) => [s.row, s.placeId, s.reason]), [[2, null, 'no_match']]);
    assert.equal(update.results.unchanged, 1);
    assert.match(update.message, /2 rows have no place_id: they were matched by name, address and phone instead \(1 was already in the directory\)\./);
    assert.equal(await countBusinesses("name IN ('Corner Garage', 'Lone Tow')"), 3);
  });

  test('duplicate analysis against the database: existing, new and in-file repeats', async () => {
    const first = file('dup-a.csv');
    await writeCsv(first, [H, ['One', 'ChIJ-dup-1', 'Oslo', 'NO', '', ''], ['Two', 'ChIJ-dup-2', 'Oslo', 'NO', '', ''], ['Three', 'ChIJ-dup-3', 'Oslo', 'NO', '', '']]);
    await run(first);
    const second = file('dup-b.csv');
    await writeCsv(second, [
      H,
      ['One', 'ChIJ-dup-1', 'Oslo', 'NO', '', ''],
      ['Two v2', 'ChIJ-dup-2', 'Oslo', 'NO', '', ''],
      ['Four', 'ChIJ-dup-4', 'Oslo', 'NO', '', ''],
      ['Five', 'ChIJ-dup-5', 'Oslo', 'NO', '', ''],
      ['Four again', 'ChIJ-dup-4', 'Oslo', 'NO', '', ''],
      ['No id', '', 'Oslo', 'NO', '', ''],
    ]);
    const { result } = await run(second);
    assert.deepEqual(
      { ...result.duplicateAnalysis, excelDuplicateRecords: result.duplicateAnalysis.excelDuplicateRecords.map((d) => d.placeId) },
      {
        totalRecords: 6, recordsWithPlaceId: 5, uniquePlaceIds: 4, databaseDuplicateCount: 2, databaseDuplicateRate: 50,
        newPlaceIdCount: 2, newPlaceIdRate: 50, excelDuplicateCount: 1, excelDuplicateRecords: ['ChIJ-dup-4'],
        totalDuplicateRecords: 3, duplicateRate: 50,
      },
    );
    assert.deepEqual(result.results, { inserted: 3, updated: 1, unchanged: 1, skipped: 1, updateRate: 16.67, skipRate: 16.67 });
    assert.equal(result.successCount, 5);
    assert.equal((await pool.query("SELECT name FROM businesses WHERE place_id = 'ChIJ-dup-2'")).rows[0].name, 'Two v2');
  });

  test('modes: insert skips existing place_ids, update skips rows without a match', async () => {
    const seed = file('modes-seed.csv');
    await writeCsv(seed, [H, ['Kept', 'ChIJ-mode-1', 'Rome', 'IT', '3', '1']]);
    await run(seed);

    const insert = file('modes-insert.csv');
    await writeCsv(insert, [H, ['Changed', 'ChIJ-mode-1', 'Rome', 'IT', '5', '1'], ['New', 'ChIJ-mode-2', 'Rome', 'IT', '', '']]);
    const inserted = await run(insert, { mode: 'insert' });
    assert.equal(inserted.result.successCount, 1);
    assert.equal(inserted.result.skippedCount, 1);
    assert.deepEqual(inserted.result.skippedBusinesses.map((s) => [s.placeId, s.reason, s.row]), [['ChIJ-mode-1', 'exists', 2]]);
    // The message says why, not only the report's reason codes.
    assert.match(inserted.result.message, /: 1 of 2 rows imported \(1 new, 0 updated, 0 unchanged\), 1 skipped \(1 already in the directory, which insert mode leaves as it is\)\./);
    assert.equal((await pool.query("SELECT name FROM businesses WHERE place_id = 'ChIJ-mode-1'")).rows[0].name, 'Kept');

    const update = file('modes-update.csv');
    await writeCsv(update, [H, ['Renamed', 'ChIJ-mode-1', 'Rome', 'IT', '', ''], ['Unknown', 'ChIJ-mode-404', 'Rome', 'IT', '', ''], ['No id', '', 'Rome', 'IT', '', '']]);
    const updated = await run(update, { mode: 'update' });
    assert.equal(updated.result.results.updated, 1);
    assert.equal(updated.result.skippedCount, 2);
    assert.deepEqual(updated.result.skippedBusinesses.map((s) => s.reason), ['no_match', 'no_match']);
    assert.match(updated.result.message, /: 1 of 3 rows imported \(0 new, 1 updated, 0 unchanged\), 2 skipped \(2 not in the directory, which update mode does not add\)\./);
    assert.equal((await pool.query("SELECT name FROM businesses WHERE place_id = 'ChIJ-mode-1'")).rows[0].name, 'Renamed');
    assert.equal(await countBusinesses("place_id = 'ChIJ-mode-404' OR (name = 'No id' AND city = 'Rome')"), 0);
  });

  test('a file without some columns changes only the columns it has; stored values of the others stay', async () => {
    const full = file('partial-full.csv');
    const rows = [...exportRows(3, 31)];
    await writeCsv(full, [EXPORT_HEADER, ...rows]);
    await run(full);
    const columns = 'name, phone, city, city_slug, category, category_slug, type, subtypes, full_address, latitude, longitude, rating, review_count, verified, working_hours, about, photo, website, url';
    const placeIds = rows.map((row) => String(row[EXPORT_HEADER.indexOf('place_id')]));
    const stored = async () => (await pool.query(`SELECT place_id, ${columns} FROM businesses WHERE place_id = ANY($1) ORDER BY place_id`, [placeIds])).rows;
    const before = await stored();
    assert.ok(before.every((row) => row.phone && row.city && row.working_hours && row.latitude !== null), 'the full file filled them');

    // The user exported three columns: new ratings must land, nothing else may be erased.
    const partial = file('partial-rating.csv');
    await writeCsv(partial, [['name', 'place_id', 'rating'], ...rows.map((row, index) => [row[0], placeIds[index], String(index + 1)])]);
    const outcome = await run(partial);
    assert.equal(outcome.result.results.updated, 3);
    const after = await stored();
    const newRating = new Map(placeIds.map((placeId, index) => [placeId, index + 1]));
    assert.deepEqual(after.map((row) => row.rating), after.map((row) => newRating.get(row.place_id)));
    assert.deepEqual(after.map(({ rating, ...rest }) => rest), before.map(({ rating, ...rest }) => rest));

    // Unchanged the second time; update mode follows the same rule; half a coordinate pair touches neither.
    const again = await run(partial, { mode: 'update' });
    assert.equal(again.result.results.updated, 0);
    assert.equal(again.result.results.unchanged, 3);
    const latitudeOnly = file('partial-latitude.csv');
    await writeCsv(latitudeOnly, [['name', 'place_id', 'latitude'], ...rows.map((row, index) => [row[0], placeIds[index], '10.5'])]);
    await run(latitudeOnly);
    assert.deepEqual((await stored()).map(({ rating, ...rest }) => rest), before.map(({ rating, ...rest }) => rest));

    // A column the file has does change, an empty cell in it included (the file says "no phone").
    const phones = file('partial-phone.csv');
    await writeCsv(phones, [['name', 'place_id', 'phone'], [rows[0][0], placeIds[0], '']]);
    await run(phones);
    assert.equal((await pool.query('SELECT phone FROM businesses WHERE place_id = $1', [placeIds[0]])).rows[0].phone, null);
  });

  test('re-running the same file is idempotent; every batch size works', async () => {
    const csv = file('rerun.csv');
    await writeCsv(csv, [EXPORT_HEADER, ...exportRows(1050, 7)]);
    const before = await countBusinesses();
    const first = await run(csv, { batchSize: 100 });
    assert.equal(first.result.results.inserted, 1050);
    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: first.jobId } });
    assert.equal(job.lastCommittedRow, 1050);
    for (const batchSize of [500, 1000, 2000] as const) {
      const again = await run(csv, { batchSize });
      assert.equal(again.result.results.inserted, 0);
      assert.equal(again.result.results.updated, 0);
      assert.equal(again.result.results.unchanged, 1050);
      assert.equal(again.result.duplicateAnalysis.databaseDuplicateCount, 1050);
      assert.match(again.result.message, /rerun\.csv: 1,050 of 1,050 rows imported \(0 new, 0 updated, 1,050 unchanged\)\. Nothing changed: the directory already had all 1,050 rows imported as they are\./);
    }
    assert.doesNotMatch(first.result.message, /Nothing changed/);
    assert.equal(await countBusinesses(), before + 1050);
  });

  test('a crash in batch 3 leaves batches 1-2 committed and the job failed at data row 200', async () => {
    const csv = file('crash.csv');
    await writeCsv(csv, [EXPORT_HEADER, ...exportRows(450, 11)]);
    const before = await countBusinesses();
    const outcome = await run(csv, {
      batchSize: 100,
      // One batch at a time (several writers: import-writers.test.ts), whatever this machine's cores.
      writers: 1,
      beforeCommit: async (_client, batch) => {
        if (batch === 3) throw new Error('simulated crash');
      },
    });
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.result.success, false);
    assert.match(outcome.result.message, /batch 3 failed \(simulated crash\)/);
    assert.match(outcome.result.message, /200 rows committed/);
    assert.equal(await countBusinesses(), before + 200);
    const job = await prisma.importJob.findUniqueOrThrow({ where: { id: outcome.jobId } });
    assert.equal(job.status, 'failed');
    assert.equal(job.lastCommittedRow, 200);
    assert.equal(job.rowsWritten, 200);
  });

  test('on the API\'s bounded pool, a batch slower than the request-path bound still commits; one that runs out of the import\'s own bound fails like a crash and a re-run completes it', async () => {
    // The API's pool and Prisma client, with a request-path statement bound far shorter than a batch here.
    const bounds = { ...REQUEST_PATH_BOUNDS, statementTimeoutMs: 200 };
    const boundedPool = createPool(ctx.config.databaseUrl!, { max: 3, bounds });
    const boundedPrisma = createPrisma(ctx.config.databaseUrl!, { max: 2, bounds });
    try {
      const csv = file('bounded.csv');
      await writeCsv(csv, [EXPORT_HEADER, ...exportRows(300, 13)]);
      const before = await countBusinesses();
      const slow = await importFile({ pool: boundedPool, prisma: boundedPrisma, path: csv, fileName: 'bounded.csv', batchSize: 100,
        // A statement of 0.5 s in every batch: over the pool's 200 ms, within the import's own bound.
        beforeCommit: async (client) => { await client.query('SELECT pg_sleep(0.5)'); } });
      assert.equal(slow.status, 'completed', slow.result.message);
      assert.equal(await countBusinesses(), before + 300);

      const again = file('bounded-again.csv');
      await writeCsv(again, [EXPORT_HEADER, ...exportRows(300, 17)]);
      const cut = await importFile({ pool: boundedPool, prisma: boundedPrisma, path: again, fileName: 'bounded-again.csv', batchSize: 100,
        // Batch 2 runs out of its statement bound (made short here): PostgreSQL cancels the statement (57014).
        beforeCommit: async (client, batch) => {
          if (batch === 2) await client.query('SET LOCAL statement_timeout = 50; SELECT pg_sleep(1)');
        } });
      assert.equal(cut.status, 'failed');
      assert.match(cut.result.message, /batch 2 failed \(canceling statement due to statement timeout\)/);
      assert.equal(await countBusinesses(), before + 400, 'batch 1 stays, batch 2 was rolled back whole');
      const job = await prisma.importJob.findUniqueOrThrow({ where: { id: cut.jobId } });
      assert.deepEqual([job.status, job.lastCommittedRow, job.rowsWritten], ['failed', 100, 100]);
      const rerun = await importFile({ pool: boundedPool, prisma: boundedPrisma, path: again, fileName: 'bounded-again.csv', batchSize: 100 });
      assert.equal(rerun.status, 'completed');
      assert.deepEqual([rerun.result.results.inserted, rerun.result.results.unchanged], [200, 100]);
      assert.equal(await countBusinesses(), before + 600);
    } finally {
      await Promise.allSettled([boundedPool.end(), boundedPrisma.$disconnect()]);
    }
  });

  test('an import whose process dies is closed as failed by the next sweep, with a report of what it stored; a live one is left alone', { timeout: 120_000 }, async () => {
    const csv = file('killed.csv');
    await writeCsv(csv, [EXPORT_HEADER, ...exportRows(450, 12)]);
    const before = await countBusinesses();
    // A real crash: the importing process is killed (SIGKILL) while its third batch is being written.
    const script = file('kill-in-batch-3.mts');
    await writeFile(script, `
      import { createPool } from ${JSON.stringify(path.resolve('platform/db/pool.ts'))};
      import { createPrisma } from ${JSON.stringify(path.resolve('platform/db/prisma.ts'))};
      import { importFile } from ${JSON.stringify(path.resolve('api/src/services/import/import-file.ts'))};
      const url = ${JSON.stringify(ctx.config.databaseUrl)};
      await importFile({ pool: createPool(url), prisma: createPrisma(url), path: ${JSON.stringify(csv)}, fileName: 'killed.csv', batchSize: 100, kind: 'cli', writers: 1,
        beforeCommit: async (_client, batch) => { if (batch === 3) process.kill(process.pid, 'SIGKILL'); } });
    `);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [, signal] = await once(child, 'exit');
    assert.equal(signal, 'SIGKILL', stderr);
    const job = await prisma.importJob.findFirstOrThrow({ where: { fileName: 'killed.csv' } });
    assert.deepEqual([job.status, job.lastCommittedRow, job.rowsWritten], ['running', 200, 200]);
    assert.equal(await countBusinesses(), before + 200);

    assert.deepEqual(await closeAbandonedImports({ pool, prisma }), [job.id]);
    const closed = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    assert.equal(closed.status, 'failed');
    const report = await prisma.uploadReport.findFirstOrThrow({ where: { importJobId: job.id } });
    assert.deepEqual([report.success, report.successCount, report.totalRows], [false, 200, 200]);
    const body = report.report as { message: string; error: string; results: { inserted: number } };
    assert.equal(body.error, 'interrupted');
    assert.equal(body.results.inserted, 200);
    assert.match(body.message, /^killed\.csv: The import was cut off: the process importing it stopped .* 200 rows committed before it stay \(the file's first 200 rows of data; header rows are not counted\).* Upload the file again/);
    assert.equal(report.kind, 'cli', 'the kind the import was started as');
    assert.deepEqual(await closeAbandonedImports({ pool, prisma }), [], 'closed once');

    // An import that is running (here, during its second batch) holds its job: the sweep leaves it be.
    let swept: string[] | undefined;
    const liveCsv = file('live.csv');
    await writeCsv(liveCsv, [EXPORT_HEADER, ...exportRows(250, 13)]);
    const outcome = await run(liveCsv, { batchSize: 100, beforeCommit: async (_client, batch) => { if (batch === 2) swept = await closeAbandonedImports({ pool, prisma }); } });
    assert.deepEqual(swept, []);
    assert.equal(outcome.status, 'completed', outcome.result.message);
  });

  test('an import stopped early closes its file and its temporary place_id file', async () => {
    // 60,000 short rows: more than 1 MB of place_ids, so the in-file duplicate check has spilled to disk.
    const csv = file('stopped-early.csv');
    await writeFile(csv, `name,place_id\n${Array.from({ length: 60_000 }, (_, i) => `Stop ${i},ChIJ-stop-early-${String(i).padStart(8, '0')}\n`).join('')}`);
    const open = async () => {
      const targets = [];
      for (const fd of await readdir('/proc/self/fd')) targets.push(await readlink(`/proc/self/fd/${fd}`).catch(() => ''));
      return { file: targets.filter((target) => target === csv).length, placeIds: targets.filter((target) => target.includes('directory-place-ids-')).length };
    };
    const outcome = await run(csv, { batchSize: 2000, beforeCommit: async (_client, batch) => {
      if (batch === 20) {
        assert.deepEqual(await open(), { file: 1, placeIds: 1 }, 'the reader is in the middle of the file, with place_ids on disk');
        throw new Error('simulated crash');
      }
    } });
    assert.equal(outcome.status, 'failed');
    assert.deepEqual(await open(), { file: 0, placeIds: 0 }, 'nothing of the stopped import is left open');
    await pool.query("DELETE FROM businesses WHERE place_id LIKE 'ChIJ-stop-early-%'");
  });

  test('an XLSX import stopped early removes its spilled shared strings', async () => {
    // ~10 MB of distinct shared strings: over the 8 MB kept in memory, so the rest went to a temporary file.
    const xlsx = file('stopped-early.xlsx');
    const rows: Cell[][] = [['name', 'place_id'], ...Array.from({ length: 100_000 }, (_, i) => [`Spilled Shared String Business Number ${String(i).padStart(12, '0')}`, `ChIJ-spill-${String(i).padStart(34, '0')}`])];
    await writeXlsx(xlsx, [{ name: 'Sheet1', rows }], { sharedStrings: true });
    // A temporary directory of this test's own: other test files import spreadsheets at the same time.
    const tmp = await mkdtemp(path.join(path.dirname(file('tmp')), 'tmp-'));
    const spills = async () => (await readdir(tmp)).filter((name) => name.startsWith('directory-sst-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const outcome = await run(xlsx, { batchSize: 1000, beforeCommit: async (_client, batch) => {
        if (batch === 2) {
          assert.equal((await spills()).length, 1, 'the shared strings spilled to a temporary file');
          throw new Error('simulated crash');
        }
      } });
      assert.equal(outcome.status, 'failed');
      assert.deepEqual(await spills(), [], 'the temporary file is gone');
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    await pool.query("DELETE FROM businesses WHERE place_id LIKE 'ChIJ-spill-%'");
  });

  test('a broken quote stops with the row number; rows before it are imported', async () => {
    const csv = file('broken.csv');
    await writeFile(csv, 'name,place_id\nFirst,ChIJ-bq-1\nSecond,ChIJ-bq-2\n"Third,ChIJ-bq-3\nFourth,ChIJ-bq-4\n');
    const outcome = await run(csv);
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.result.error, 'malformed');
    assert.equal(outcome.result.stoppedAtRow, 4);
    assert.match(outcome.result.message, /Row 4: a quoted cell is never closed/);
    // One numbering: the failure names the sheet's row; what stays is counted in rows of data.
    assert.match(outcome.result.message, /2 rows committed before it stay \(the file's first 2 rows of data; header rows are not counted\)\.$/);
    assert.equal(await countBusinesses("place_id LIKE 'ChIJ-bq-%'"), 2);
  });

  test('header only, two columns, and no name column', async () => {
    const empty = file('empty.csv');
    await writeCsv(empty, [H]);
    const none = await run(empty);
    assert.equal(none.status, 'failed', 'nothing to import is a failed upload');
    assert.equal(none.result.success, false);
    assert.equal(none.result.error, 'empty');
    assert.equal(none.result.totalRows, 0);
    assert.match(none.result.message, /^[\w-]*empty\.csv: The file has a header row but no data rows; nothing was imported\.$/);

    const rejected = file('all-rejected.csv');
    await writeCsv(rejected, [H, ['Bad One', 'ChIJ-rej-1', 'Bern', 'CH', 'abc', ''], ['', 'ChIJ-rej-2', 'Bern', 'CH', '4', '']]);
    const allBad = await run(rejected);
    assert.equal(allBad.status, 'failed');
    assert.equal(allBad.result.error, 'no_valid_rows');
    assert.deepEqual([allBad.result.successCount, allBad.result.errorCount], [0, 2]);
    assert.match(allBad.result.message, /^[\w-]*all-rejected\.csv: All 2 data rows were rejected, so nothing was imported; the errors say why for each row\./);
    assert.deepEqual(allBad.result.errors, ['Row 2: rating "abc" is not a number', 'Row 3: name is missing']);

    const two = file('two.csv');
    await writeCsv(two, [['Name', 'Phone'], ['Two Col Shop', '+1 555 0100']]);
    const twoResult = await run(two);
    assert.equal(twoResult.result.successCount, 1);
    assert.equal(twoResult.result.columnExtraction.extractedCount, 2);
    assert.equal(twoResult.result.columnExtraction.missing.length, 21);
    assert.equal(twoResult.result.columnExtraction.extractionRate, 8.7);

    const nameless = file('nameless.csv');
    await writeCsv(nameless, [['address', 'phone'], ['1 Main St', '555']]);
    const refused = await run(nameless);
    assert.equal(refused.status, 'failed');
    assert.equal(refused.result.error, 'missing_columns');
    assert.match(refused.result.message, /no business name column: its first row must name the columns, one of them "name" or "business name"/);
    assert.equal(refused.result.successCount, 0);
    assert.equal(await countBusinesses("phone = '555'"), 0);

    // Not workbooks, whatever their names say: told in words, not in zip or CSV terms alone.
    const text = file('notes.xlsx');
    await writeFile(text, 'hello this is a text file\nwith two lines\n');
    const textResult = await run(text);
    assert.equal(textResult.result.error, 'missing_columns');
    assert.match(textResult.result.message, /^[\w-]*notes\.xlsx: The file is named \.xlsx but holds plain text, not an Excel workbook, so it was read as CSV\. The file has no business name column/);
    const archive = file('archive.xlsx');
    await writeRawZip(archive, [['readme.txt', Buffer.from('not a workbook')]]);
    const archiveResult = await run(archive);
    assert.equal(archiveResult.result.error, 'malformed');
    assert.match(archiveResult.result.message, /The file is a zip archive but not an Excel workbook: upload the \.xlsx or \.csv file itself/);

    const zero = file('zero-bytes.csv');
    await writeFile(zero, '');
    const zeroResult = await run(zero);
    assert.equal(zeroResult.result.error, 'empty');
  });

  test("an Outscraper JSON export's rows are its records' numbers (no header row to count)", async () => {
    const json = file('records.json');
    await writeFile(json, JSON.stringify([
      { name: 'Json Cafe', place_id: 'ChIJ-json-1', city: 'Oslo' },
      { name: 'Json Bar', place_id: 'ChIJ-json-2', city: 'Oslo' },
      { name: 'Json Bar again', place_id: 'ChIJ-json-2', city: 'Oslo' },
      { name: '', place_id: 'ChIJ-json-3' },
    ]));
    const { result } = await run(json);
    assert.equal(result.successCount, 2, result.message);
    assert.deepEqual(result.duplicateAnalysis.excelDuplicateRecords, [{ row: 3, sheet: undefined, name: 'Json Bar again', placeId: 'ChIJ-json-2', firstRow: 2 }]);
    assert.match(result.errors[0], /^Row 4: /);
  });

  test('more rejected rows than the report lists: the message says only the first 1,000 are listed', async () => {
    const csv = file('many-errors.csv');
    await writeFile(csv, `name,rating\nGood One,4\n${'Bad,9\n'.repeat(1005)}`);
    const { result } = await run(csv);
    assert.equal(result.errorCount, 1005);
    assert.equal(result.errors.length, 1000);
    assert.match(result.message, /1 of 1,006 rows imported \(1 new, 0 updated, 0 unchanged\), 1,005 rejected \(the first 1,000 are listed with their reasons\)\./);
    // Every row refused, more than are listed: the message does not claim each one is explained.
    const allBad = file('all-errors.csv');
    await writeFile(allBad, `name,rating\n${'Bad,9\n'.repeat(1002)}`);
    const refused = (await run(allBad)).result;
    assert.match(refused.message, /All 1,002 data rows were rejected, so nothing was imported; the first 1,000 are listed with their reasons\.$/);
  });

  test('a CSV row with more or fewer cells than the header is refused, not stored with its cells out of place or missing', async () => {
    const csv = file('ragged.csv');
    await writeFile(csv, 'place_id,name,city,country_code,phone,notes\nChIJ-rag-1,Acme Shift Test, Inc,Berlin,DE,+49 30 999111,a note\nChIJ-rag-2,Trailing Comma Ltd,Berlin,DE,+49 30 1,,\nChIJ-rag-3,No Notes GmbH,Berlin,DE,+49 30 2\n');
    const { result } = await run(csv);
    assert.deepEqual(result.errors, ['Row 2: it has 7 cells where the header has 6 (a comma inside a cell that is not in quotes?)']);
    assert.equal(result.successCount, 2, 'an empty cell past the header, and a missing cell of a column nothing reads, are harmless');
    assert.equal(await countBusinesses("name LIKE 'Acme Shift Test%' OR city = 'Inc'"), 0);

    // The same business again in a row cut short: its phone and country stay as stored.
    const cut = file('cut-short.csv');
    await writeFile(cut, 'place_id,name,city,country_code,phone,notes\nChIJ-rag-3,No Notes GmbH,Berlin\n');
    const short = (await run(cut)).result;
    assert.deepEqual(short.errors, ['Row 2: it has 3 cells where the header has 6 (the row is cut short; its missing cells would clear stored values)']);
    assert.deepEqual((await pool.query("SELECT phone, country_code FROM businesses WHERE place_id = 'ChIJ-rag-3'")).rows[0], { phone: '+49 30 2', country_code: 'DE' });

    // Semicolons: the hint names them; a quote left open merges the next row, and the reason says so.
    const semi = file('ragged-semicolon.csv');
    await writeFile(semi, 'name;city;country_code\nA; B;Berlin;DE\n"Open Quote;Berlin;DE\nNext Row;Berlin;DE";x;Berlin;DE\n');
    const semiResult = (await run(semi)).result;
    assert.deepEqual(semiResult.errors, [
      'Row 2: it has 4 cells where the header has 3 (a semicolon inside a cell that is not in quotes?)',
      'Row 3: it has 4 cells where the header has 3: a quote (") opened in it closes on a later line, so the rows after it up to there were read as part of it',
    ]);
  });

  test('semicolons, tabs, BOM, CRLF and line breaks inside quoted cells', async () => {
    const rows: Cell[][] = [['Name', 'Place_ID', 'Full Address'], ['Semi; Colon', 'ChIJ-fmt-1', 'Line 1\nLine 2'], ['Quote "Q"', 'ChIJ-fmt-2', 'x']];
    const semi = file('semi.csv');
    await writeCsv(semi, rows, { delimiter: ';', eol: '\r\n', bom: true });
    const tab = file('tab.tsv');
    await writeCsv(tab, rows.map((row) => row.map((cell) => (cell === 'ChIJ-fmt-1' ? 'ChIJ-fmt-3' : cell === 'ChIJ-fmt-2' ? 'ChIJ-fmt-4' : cell))), { delimiter: '\t' });
    assert.equal((await run(semi)).result.successCount, 2);
    assert.equal((await run(tab)).result.successCount, 2);
    const { rows: stored } = await pool.query("SELECT name, full_address FROM businesses WHERE place_id IN ('ChIJ-fmt-1', 'ChIJ-fmt-2', 'ChIJ-fmt-3') ORDER BY place_id");
    assert.deepEqual(stored.map((row) => [row.name, row.full_address]), [['Semi; Colon', 'Line 1\nLine 2'], ['Quote "Q"', 'x'], ['Semi; Colon', 'Line 1\nLine 2']]);
  });

  test('a Windows-1252 CSV (Excel\'s plain "CSV") is stored with its accents, and the report says how it was read', async () => {
    const csv = file('latin1.csv');
    await writeFile(csv, Buffer.from('name,place_id,city\r\nCaf\xe9 M\xfcller,ChIJ-latin-1,K\xf6ln\r\n', 'latin1'));
    const outcome = await run(csv);
    assert.equal(outcome.result.successCount, 1);
    assert.match(outcome.result.message, /read as Windows-1252/);
    const { rows } = await pool.query("SELECT name, city, slug FROM businesses WHERE place_id = 'ChIJ-latin-1'");
    assert.deepEqual([rows[0].name, rows[0].city], ['Café Müller', 'Köln']);
    assert.match(rows[0].slug, /^cafe-muller-koln-[a-z0-9]{6}$/);
  });

  test('countries named in their own script get their code; names no code is found for are listed in the report', async () => {
    const csv = file('native-countries.csv');
    await writeCsv(csv, [
      ['name', 'place_id', 'city', 'country'],
      ['서울 카페', 'ChIJ-native-1', '서울', '대한민국'],
      ['दिल्ली मिठाई', 'ChIJ-native-2', 'दिल्ली', 'भारत'],
      ['Кофейня', 'ChIJ-native-3', 'Москва', 'Россия'],
      ['Lost One', 'ChIJ-native-4', 'Poseidonis', 'Atlantis'],
      ['Lost Two', 'ChIJ-native-5', 'Poseidonis', 'Atlantis'],
      ['Far Away', 'ChIJ-native-6', 'Nowhere', 'Narnia'],
    ]);
    const outcome = await run(csv);
    assert.equal(outcome.result.successCount, 6);
    const { rows } = await pool.query("SELECT place_id, country_code FROM businesses WHERE place_id LIKE 'ChIJ-native-%' ORDER BY place_id");
    assert.deepEqual(rows.map((row) => row.country_code), ['KR', 'IN', 'RU', null, null, null]);
    assert.match(outcome.result.message, / 3 rows name a country that was not recognised: "Atlantis" \(2\), "Narnia" \(1\)\. Rows like these have no country code, so they are on no country or city page;/);
  });

  test('a row without city or country columns takes them from its address or its phone number, and the report says so', async () => {
    const csv = file('no-place-columns.csv');
    await writeCsv(csv, [
      ['name', 'place_id', 'full_address', 'phone'],
      ['Pet Shop Vračar', 'ChIJ-derived-1', 'Cetinjska 9, Beograd 11000', '+381 11 4074297'],
      ['Pet Shop Novi', 'ChIJ-derived-2', 'Jurija Gagarina 227, Novi Beograd 11070', '+381 69 733833'],
      ['Librairie', 'ChIJ-derived-3', '1 Rue de Rivoli, 75001 Paris, France', ''],
      ['Nowhere Shop', 'ChIJ-derived-4', '', '97 754374'],
    ]);
    const outcome = await run(csv);
    assert.equal(outcome.result.successCount, 4);
    const { rows } = await pool.query("SELECT city, country, country_code FROM businesses WHERE place_id LIKE 'ChIJ-derived-%' ORDER BY place_id");
    assert.deepEqual(rows.map((row) => [row.city, row.country_code, row.country]), [
      ['Beograd', 'RS', 'Serbia'],
      ['Novi Beograd', 'RS', 'Serbia'],
      ['Paris', 'FR', 'France'],
      [null, null, null],
    ]);
    assert.match(outcome.result.message, / 3 rows had no city of their own; it was read from the end of their address\./);
    assert.match(outcome.result.message, / 3 rows had no country of their own; it was read from the phone number's country code \(2 rows\) and the end of the address \(1 row\)\./);
    // The file has no country column: an existing business it updated would keep its country.
    assert.match(outcome.result.message, / 1 row has no country \(none in its columns, address or phone number\): a business it adds is on no country or city page \(add a country_code column to place such rows\); a business already in the directory keeps its country\./);

    // A file of corrections (name and place_id only) leaves every country as it was, and says so.
    const corrections = file('name-corrections.csv');
    await writeCsv(corrections, [['name', 'place_id'], ['Pet Shop Vračar 2', 'ChIJ-derived-1'], ['Librairie du Louvre', 'ChIJ-derived-3']]);
    const corrected = await run(corrections);
    assert.equal(corrected.result.duplicateAnalysis.databaseDuplicateCount, 2);
    const after = await pool.query("SELECT name, country_code FROM businesses WHERE place_id IN ('ChIJ-derived-1', 'ChIJ-derived-3') ORDER BY place_id");
    assert.deepEqual(after.rows.map((row) => [row.name, row.country_code]), [['Pet Shop Vračar 2', 'RS'], ['Librairie du Louvre', 'FR']]);
    assert.match(corrected.result.message, / 2 rows have no country \(none in their columns, address or phone number\): a business they add is on no country or city page \(add a country_code column to place such rows\); a business already in the directory keeps its country\./);
    // Update mode adds nothing: the note speaks only of the businesses updated.
    const updated = await run(corrections, { mode: 'update' });
    assert.match(updated.result.message, / 2 rows have no country \(none in their columns, address or phone number\): the businesses they update keep their country\./);
    assert.doesNotMatch(updated.result.message, /they add/);
  });

  test('values that cannot be used (a location out of range, unreadable hours) leave the row in, and the report names the rows', async () => {
    const csv = file('dropped-values.csv');
    await writeCsv(csv, [
      ['name', 'place_id', 'country_code', 'latitude', 'longitude', 'working_hours'],
      ['Far North', 'ChIJ-drop-1', 'DE', '95.5', '200', ''],
      ['Half Point', 'ChIJ-drop-2', 'DE', '52.5', '', ''],
      ['Ocean Placeholder', 'ChIJ-drop-3', 'US', '46.423669', '-129.9427086', ''],
      ['Odd Hours', 'ChIJ-drop-4', 'DE', '52.5', '13.4', 'not hours at all'],
      ['Cut Json', 'ChIJ-drop-5', 'DE', '52.5', '13.4', '{"Monday": "9AM-5PM"'],
      ['Fine', 'ChIJ-drop-6', 'DE', '52.5', '13.4', 'Monday: 9AM-5PM'],
    ]);
    const outcome = await run(csv);
    assert.equal(outcome.result.successCount, 6);
    assert.deepEqual(outcome.result.errors, []);
    assert.match(outcome.result.message, / 3 rows had a location outside the valid ranges \(latitude -90 to 90, longitude -180 to 180\), only one of the two, or a placeholder point; they were imported without a location: row 2, row 3 and row 4\./);
    assert.match(outcome.result.message, / 2 rows had working hours in a form that could not be read; they were imported without hours: row 5 and row 6\./);
    const { rows } = await pool.query("SELECT place_id, latitude, working_hours FROM businesses WHERE place_id LIKE 'ChIJ-drop-%' ORDER BY place_id");
    assert.deepEqual(rows.map((row) => [row.latitude, row.working_hours === null]), [[null, true], [null, true], [null, true], [52.5, true], [52.5, true], [52.5, false]]);
  });

  test('text longer than its column holds is cut to that length, and the report names the rows', async () => {
    const csv = file('long-values.csv');
    await writeCsv(csv, [
      ['name', 'place_id', 'full_address', 'about', 'website'],
      ['Long Address', 'ChIJ-long-1', `${'Very Long Street '.repeat(200)}1`, 'Short about.', ''],
      ['Long About', 'ChIJ-long-2', 'Main St 1', 'word '.repeat(2_000), ''],
      ['Fits', 'ChIJ-long-3', 'Main St 2', 'Short about.', 'https://fits.example/'],
      ['Long Link', 'ChIJ-long-4', 'Main St 3', 'Short about.', `https://example.com/${'x'.repeat(2_100)}`],
    ]);
    const outcome = await run(csv);
    assert.equal(outcome.result.successCount, 4);
    assert.match(outcome.result.message, / 3 rows had text longer than its column holds \(2,000 characters; 5,000 for about, 100 for a phone\); it was cut to that length \(a link that long was left out\): row 2, row 3 and row 5\./);
    const { rows } = await pool.query("SELECT length(full_address)::int AS address, length(about #>> '{}')::int AS about, website FROM businesses WHERE place_id LIKE 'ChIJ-long-%' ORDER BY place_id");
    assert.deepEqual(rows, [
      { address: 2_000, about: 12, website: null },
      { address: 9, about: 5_000, website: null },
      { address: 9, about: 12, website: 'https://fits.example/' },
      { address: 9, about: 12, website: null },
    ]);
  });

  test('the type comes from the content, not the name', async () => {
    const disguised = file('really-a-csv.xlsx');
    await writeFile(disguised, csvText([['name', 'place_id'], ['Disguised', 'ChIJ-type-1']]));
    const outcome = await run(disguised);
    assert.equal(outcome.result.fileType, 'csv');
    assert.equal(outcome.result.successCount, 1);
    const binary = file('image.csv');
    await writeFile(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
    const refused = await run(binary);
    assert.equal(refused.result.error, 'unsupported_type');
    assert.match(refused.result.message, /neither a spreadsheet/);
    // UTF-16 without its byte order mark, either byte order: said so, not "not a CSV".
    const text = 'name,place_id\nWide Cafe,ChIJ-type-2\n';
    for (const [name, bytes] of [['utf16le.csv', Buffer.from(text, 'utf16le')], ['utf16be.csv', Buffer.from(text, 'utf16le').swap16()]] as const) {
      const path = file(name);
      await writeFile(path, bytes);
      const wide = (await run(path)).result;
      assert.equal(wide.error, 'unsupported_type', name);
      assert.match(wide.message, /UTF-16 text without a byte order mark.*save it as "CSV UTF-8"/, name);
    }
  });

  test('text that is another kind of document (Excel web page or XML 2003 saves, PDF, RTF) is refused saying what it is', async () => {
    const documents: Array<[string, string, RegExp]> = [
      ['web-page.xls', '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><table><tr><td>name</td></tr></table></body></html>', /a web page \(HTML\)/],
      ['lower-table.xls', '\n  <table><tr><td>name</td></tr></table>', /a web page \(HTML\)/],
      ['xml-2003.xls', '<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"/></Workbook>', /an Excel 2003 XML Spreadsheet/],
      ['feed.csv', '<?xml version="1.0"?><rss><channel/></rss>', /an XML document/],
      ['report.pdf', '%PDF-1.4\n1 0 obj', /a PDF document/],
      ['letter.csv', '{\\rtf1\\ansi name}', /a rich-text \(RTF\) document/],
    ];
    for (const [name, content, says] of documents) {
      const path = file(name);
      await writeFile(path, content);
      const outcome = await run(path);
      assert.equal(outcome.result.error, 'unsupported_type', name);
      assert.match(outcome.result.message, says, name);
      assert.match(outcome.result.message, /(save it as an Excel Workbook \(\.xlsx\) or CSV|Export the data as \.xlsx or CSV)/, name);
    }
  });
});

describe('importFile: XLSX', () => {
  test('typed cells, shared and inline strings, several sheets with the same header', async () => {
    const header = ['Name', 'Place ID', 'Rating', 'Reviews', 'Verified', 'Latitude', 'Longitude', 'Postal Code', 'Country'];
    const sheetA: Cell[][] = [header, ['Xl One', 'ChIJ-xl-1', 4.6, 120, true, 40.5, -74.25, 7652, 'United States of America'], ['Xl Two', 'ChIJ-xl-2', 5, 3, false, null, null, '07652', 'Philippines']];
    const sheetB: Cell[][] = [header, ['Xl Three', 'ChIJ-xl-3', 3.9, 0, true, 1, 2, '', 'Germany']];
    const other: Cell[][] = [['something', 'else'], ['a', 'b']];
    for (const sharedStrings of [true, false]) {
      const xlsx = file(`typed-${sharedStrings}.xlsx`);
      await writeXlsx(xlsx, [{ name: 'A', rows: sheetA }, { name: 'Different', rows: other }, { name: 'B', rows: sheetB }, { name: 'Empty', rows: [] }], { sharedStrings });
      const outcome = await run(xlsx);
      assert.equal(outcome.result.fileType, 'xlsx', outcome.result.message);
      assert.equal(outcome.result.successCount, 3, outcome.result.message);
      assert.deepEqual(outcome.result.sheets, [
        { name: 'A', rows: 2 }, { name: 'Different', rows: 1, skipped: "its header row differs from the first sheet's (it adds something, else; it lacks Name, Place ID, Rating, Reviews, Verified and 4 more)" },
        { name: 'B', rows: 1 }, { name: 'Empty', rows: 0, skipped: 'no data rows' },
      ]);
      // Counted (as skipped) and said in the message, not only in the sheets list: rows left out of an import that "succeeded".
      assert.deepEqual([outcome.result.totalRows, outcome.result.skippedCount], [4, 1]);
      assert.match(outcome.result.message, /: 3 of 4 rows imported \([^)]*\), 1 skipped\.( Nothing changed[^.]*\.)? Sheet "Different" was not imported \(1 row\): its header row differs from the first sheet's \(it adds something, else; it lacks Name, Place ID, Rating, Reviews, Verified and 4 more\); only sheets with the first sheet's header are read, so import it as a file of its own\./);
      // Skipped rows of one batch that spans two sheets are named by their own sheet and row.
      const again = await run(xlsx, { mode: 'insert' });
      assert.deepEqual(again.result.skippedBusinesses.map((s) => [s.sheet, s.row, s.placeId, s.reason]), [
        ['A', 2, 'ChIJ-xl-1', 'exists'], ['A', 3, 'ChIJ-xl-2', 'exists'], ['B', 2, 'ChIJ-xl-3', 'exists'],
      ]);
    }
    const { rows } = await pool.query("SELECT place_id, rating, review_count, verified, latitude, postal_code, country_code FROM businesses WHERE place_id LIKE 'ChIJ-xl-%' ORDER BY place_id");
    assert.deepEqual(rows.map((row) => [row.place_id, row.rating, row.review_count, row.verified, row.latitude, row.postal_code, row.country_code]), [
      ['ChIJ-xl-1', 4.6, 120, true, 40.5, '7652', 'US'],
      ['ChIJ-xl-2', 5, 3, false, null, '07652', 'PH'],
      ['ChIJ-xl-3', 3.9, 0, true, 1, null, 'DE'],
    ]);
  });

  test('sheets whose header differs only in case or in empty cells at its end are read; the reason for one skipped is exact', async () => {
    const xlsx = file('sheet-case.xlsx');
    await writeXlsx(xlsx, [
      { name: 'Cafes', rows: [['name', 'place_id', 'city'], ['Case Cafe', 'ChIJ-case-1', 'Oslo']] },
      { name: 'Bars', rows: [['Name', 'Place_ID', 'City', '', ''], ['Case Bar', 'ChIJ-case-2', 'Oslo']] },
      { name: 'Shuffled', rows: [['city', 'name', 'place_id'], ['Oslo', 'Case Shop', 'ChIJ-case-3']] },
    ]);
    const { result } = await run(xlsx);
    assert.equal(result.successCount, 2, result.message);
    assert.deepEqual(result.sheets.map((sheet) => [sheet.name, sheet.rows, sheet.skipped]), [
      ['Cafes', 1, undefined], ['Bars', 1, undefined], ['Shuffled', 1, "its header row differs from the first sheet's (the same columns in another order)"],
    ]);
  });

  test('a workbook whose parts are stored without compression (SheetJS, zip -0) is read like any other', { timeout: 60_000 }, async () => {
    const xlsx = file('stored.xlsx');
    await writeXlsx(xlsx, [{ name: 'Data', rows: [['name', 'place_id', 'city'], ['Stored Cafe', 'ChIJ-stored-1', 'Oslo'], ['Stored Bar', 'ChIJ-stored-2', 'Oslo']] }], { store: true });
    const { result } = await run(xlsx);
    assert.equal(result.successCount, 2, result.message);
    assert.equal(result.totalRows, 2);
  });

  test('a first sheet of instructions is skipped and named; the data sheet after it is imported', async () => {
    const xlsx = file('readme-first.xlsx');
    await writeXlsx(xlsx, [
      { name: 'README', rows: [['This export was made by X.'], ['Columns: name, city.']] },
      { name: 'Data', rows: [['name', 'place_id', 'city'], ['Readme Cafe', 'ChIJ-readme-1', 'Oslo'], ['Readme Bar', 'ChIJ-readme-2', 'Oslo']] },
    ]);
    const { result } = await run(xlsx);
    assert.equal(result.successCount, 2, result.message);
    assert.match(result.message, /Sheet "README" was not imported \(1 row\): it has no business name column\./);
    // No sheet with a name column: refused, naming what the first sheet has.
    const none = file('no-name-sheets.xlsx');
    await writeXlsx(none, [{ name: 'A', rows: [['city', 'phone'], ['Oslo', '1']] }, { name: 'B', rows: [['street'], ['Main St']] }]);
    const refused = (await run(none)).result;
    assert.equal(refused.error, 'missing_columns');
    assert.match(refused.message, /city, phone/);
    assert.doesNotMatch(refused.message, /stopped there/);
    assert.equal(refused.totalRows, 0);
  });

  test('a title above the header (a merged caption, a date line) is looked past, and the report says where the header was', async () => {
    const xlsx = file('titled.xlsx');
    await writeXlsx(xlsx, [
      { name: 'Export', rows: [['Businesses export - March 2025'], ['Prepared by the sales team', '2025-03-01'], [], ['Name', 'Place ID', 'City'], ['Titled Cafe', 'ChIJ-titled-1', 'Oslo'], ['Titled Bar', 'ChIJ-titled-2', 'Oslo']] },
    ]);
    const sheet = (await run(xlsx)).result;
    assert.equal(sheet.successCount, 2, sheet.message);
    assert.equal(sheet.totalRows, 2);
    assert.match(sheet.message, /The header of sheet "Export" is on row 4: the title rows above it were not read as data\./);
    // A semicolon CSV whose title line has no semicolon at all: the header's delimiter is still found.
    const csv = file('titled.csv');
    await writeFile(csv, 'Businesses export - March 2025\nname;place_id;city\nTitled Deli;ChIJ-titled-3;Bergen\n');
    const text = (await run(csv)).result;
    assert.equal(text.successCount, 1, text.message);
    assert.match(text.message, /The header is on line 2: the title line above it was not read as data\./);
    // Title-like lines with no header after them: the first line is the header, and what it lacks is named.
    const noHeader = file('no-header.csv');
    await writeFile(noHeader, 'Businesses export\nOslo\nBergen\n');
    const refused = (await run(noHeader)).result;
    assert.equal(refused.error, 'missing_columns');
    assert.match(refused.message, /Columns found: Businesses export\./);
  });

  test('a formula with no saved result (a workbook written by a script) refuses its row instead of clearing the stored value', async () => {
    const first = file('formulas-first.xlsx');
    await writeXlsx(first, [{ name: 'Data', rows: [['name', 'place_id', 'rating', 'reviews'], ['Formula Cafe', 'ChIJ-formula-1', 4.5, 123], ['Saved Result Bar', 'ChIJ-formula-2', 4, 10]] }]);
    await run(first);
    const again = file('formulas.xlsx');
    await writeXlsx(again, [{
      name: 'Data',
      rows: [
        ['name', 'place_id', 'rating', 'reviews', 'note'],
        ['Formula Cafe', 'ChIJ-formula-1', { formula: '4+0.5' }, { formula: 'SUM(100,23)' }, 'x'],
        // Excel saves each formula's result beside it: that is the value read.
        ['Saved Result Bar', 'ChIJ-formula-2', { formula: '3+1.5', value: 4.5 }, 10, { formula: 'NOW()' }],
      ],
    }]);
    const { result } = await run(again);
    assert.equal(result.successCount, 1, result.message);
    assert.deepEqual(result.errors, ['Row 2: "rating", "reviews" hold formulas with no saved result; open the file in Excel or LibreOffice and save it, so the results are stored, then import it again']);
    const { rows } = await pool.query("SELECT name, rating, review_count FROM businesses WHERE place_id LIKE 'ChIJ-formula-%' ORDER BY place_id");
    assert.deepEqual(rows, [{ name: 'Formula Cafe', rating: 4.5, review_count: 123 }, { name: 'Saved Result Bar', rating: 4.5, review_count: 10 }]);
  });

  test('a zip bomb is refused from the central directory, before anything is inflated', async () => {
    const bomb = file('bomb.xlsx');
    await writeRawZip(bomb, [['xl/workbook.xml', Buffer.from('<workbook/>')], ['xl/worksheets/sheet1.xml', Buffer.alloc(8 * 1024 * 1024, 0x20)]]);
    assert.ok((await stat(bomb)).size < 64 * 1024);
    const outcome = await run(bomb);
    assert.equal(outcome.result.error, 'unsafe');
    assert.match(outcome.result.message, /compressed more than 200:1/);

    const lying = file('lying.xlsx');
    await writeRawZip(lying, [['xl/workbook.xml', Buffer.from('<workbook/>')], ['xl/worksheets/sheet1.xml', Buffer.alloc(4 * 1024 * 1024, 0x41), { size: 1000 }]]);
    await assert.rejects(async () => {
      const source = await openXlsx(lying);
      for await (const _ of source.rows) void _;
    }, /unsafe|damaged|malformed|size/i);

    const many = file('many.xlsx');
    await writeRawZip(many, Array.from({ length: 12 }, (_, i) => [`part${i}.xml`, Buffer.from('<x/>')] as [string, Buffer]));
    await assert.rejects(openXlsx(many, { ...XLSX_LIMITS, maxEntries: 10 }), /more than 10 parts/);

    const huge = file('huge.xlsx');
    await writeRawZip(huge, [['xl/workbook.xml', Buffer.from('<workbook/>'), { size: 3 * 1024 ** 3 - 1 }]]);
    await assert.rejects(openXlsx(huge), /would unpack to more than 2048 MB/);
  });

  test('a truncated xlsx and an xlsx with a DTD are refused with a clear message', async () => {
    const whole = file('whole.xlsx');
    await writeXlsx(whole, [{ name: 'S', rows: [EXPORT_HEADER, ...exportRows(300, 3)] }]);
    const truncated = file('truncated.xlsx');
    const bytes = await readFile(whole);
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const outcome = await run(truncated);
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.result.error, 'malformed');
    assert.match(outcome.result.message, /truncated\.xlsx: The \.xlsx file is damaged or truncated; save it again from Excel and upload it once more\.$/);

    const dtd = file('dtd.xlsx');
    await writeRawZip(dtd, [['xl/workbook.xml', Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><workbook><sheets/></workbook>')]]);
    const refused = await run(dtd);
    assert.equal(refused.result.error, 'unsafe');
    assert.match(refused.result.message, /DTD/);
    await truncate(whole, 0);
  });
});

describe('importFile: XLS (BIFF8)', () => {
  test('several sheets, a header-only sheet, strings split across CONTINUE records', async () => {
    const header = ['Company', 'Address', 'City', 'State', 'Zip', 'Website'];
    const long = 'Ünïcödé '.repeat(40);
    const xls = file('yellow.xls');
    await writeXls(xls, [
      { name: 'Glass', rows: [header, ['Glass Co', '1 Main St,', 'St. George', 'UT', '84790', 'http://glass.example'], ['Long Name ' + long.slice(0, 100), '', '', 'UT', 84770, '']] },
      { name: 'Rental', rows: [header, ['Rent A Car', '2 Main St', 'St. George', 'UT', '84790', '']] },
      { name: 'Salvage', rows: [header] },
    ], { sstLimit: 60 });
    const outcome = await run(xls);
    assert.equal(outcome.result.fileType, 'xls');
    assert.equal(outcome.result.totalRows, 3);
    assert.equal(outcome.result.successCount, 3);
    assert.deepEqual(outcome.result.sheets.map((s) => [s.name, s.rows]), [['Glass', 2], ['Rental', 1], ['Salvage', 0]]);
    const { rows } = await pool.query("SELECT name, postal_code, website FROM businesses WHERE state = 'UT' AND source = $1 ORDER BY name", [`import:${outcome.jobId}`]);
    assert.deepEqual(rows.map((row) => [row.name, row.postal_code, row.website]), [
      ['Glass Co', '84790', 'http://glass.example'],
      ['Long Name ' + long.slice(0, 100).trim(), '84770', null],
      ['Rent A Car', '84790', null],
    ]);
  });
});

describe('importFile: the end of an import that cannot be stored', () => {
  test('the import still ends for its watchers: `directory_imports_running` goes back to 0, the progress says failed', async () => {
    const { Registry } = await import('prom-client');
    const { trackImportMetrics } = await import('./import-metrics.ts');
    const { subscribeImportProgress } = await import('./import-progress.ts');
    const registry = new Registry();
    const stop = trackImportMetrics(registry);
    const phases: string[] = [];
    const unsubscribe = subscribeImportProgress((progress) => void phases.push(progress.phase));
    const csv = file('unstored.csv');
    await writeCsv(csv, [H, ['Unstored One', 'unstored-1', 'Berlin', 'DE', '4', '1']]);
    // The report's table is gone (as good as PostgreSQL gone at that moment): storing the outcome fails.
    await pool.query('ALTER TABLE upload_reports RENAME TO upload_reports_away');
    try {
      await assert.rejects(run(csv));
    } finally {
      await pool.query('ALTER TABLE upload_reports_away RENAME TO upload_reports');
      unsubscribe();
    }
    try {
      assert.equal(phases.at(-1), 'failed', phases.join(', '));
      const running = await registry.getSingleMetric('directory_imports_running')!.get();
      assert.equal(running.values[0]?.value ?? 0, 0, 'not left running for good');
    } finally {
      stop();
    }
  });
});
