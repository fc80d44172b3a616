/**
 * `npm run bench:indexer -- --count N [--sql-seed] [--lag-samples K] [--bulk-rows K] [--skip-raw]` (default 1,000,000 and 30): the indexer against throwaway
 * embedded PostgreSQL + Meilisearch in a temporary directory on free ports. Rows come from the demo seed
 * generator (prisma/seed); `--sql-seed` generates simpler rows with one INSERT ... generate_series instead
 * (much faster to load, smaller documents).
 *
 * Prints:
 * - raw ingestion: the same business documents posted straight to Meilisearch as ndjson payloads
 *   (all enqueued at once), timed until the last task succeeded;
 * - full rebuild: what the indexer process took for its first build (read PostgreSQL, serialise, post,
 *   aggregates, swap), from indexer_state; target <= 1.25x raw;
 * - incremental lag p50/p95: UPDATE one row, time until the change is visible in search;
 * - bulk drain (`--bulk-rows K`, default 100,000 or the count): K rows inserted at once, time until all are searchable;
 * - Meilisearch's and PostgreSQL's database sizes after the build, and Meilisearch's peak RSS;
 * - peak RSS of the indexer process (VmHWM);
 * - a deep page read (page 100 of 20, filtered and sorted) with the indexer's settings.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Meilisearch, type EnqueuedTask } from 'meilisearch';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { indexUid } from '../platform/search/client.ts';
import { INDEX_SETTINGS, STATE_KEYS } from '../platform/search/settings.ts';
import { BUSINESS_COLUMNS, toBusinessDocument, type BusinessSqlRow } from '../indexer/src/documents/business-document.ts';
import { PAYLOAD_BYTES } from '../indexer/src/jobs/full-rebuild.ts';
import { waitForTasks } from '../indexer/src/meili/tasks.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { percentile } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function parseCount(argv: string[]): number {
  const at = argv.indexOf('--count');
  const value = at >= 0 ? Number(argv[at + 1]) : 1_000_000;
  if (!Number.isInteger(value) || value < 1) throw new Error('Usage: npm run bench:indexer -- --count N');
  return value;
}

/** A process's peak resident memory (VmHWM), e.g. "776 MB". */
async function peakRssOf(pid: number | undefined): Promise<string> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Number.isNaN(peakKb) ? 'unknown' : `${(peakKb / 1024).toFixed(0)} MB`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentileOf = (values: number[], p: number) => percentile([...values].sort((a, b) => a - b), p);

async function loadBusinesses(pool: Pool, count: number, sqlOnly: boolean): Promise<string> {
  try {
    if (sqlOnly) throw new Error('--sql-seed');
    const { everyRows, seedDemoData } = await import('../prisma/seed/seed-demo-data.ts');
    await seedDemoData({ pool, count, onProgress: everyRows(100_000, (written) => console.log(`  seeded ${written.toLocaleString()} rows`)) });
    return 'prisma/seed seedDemoData';
  } catch (error) {
    console.log(`  seed generator unavailable (${(error as Error).message}); generating rows with SQL`);
    await pool.query(
      `INSERT INTO businesses (name, slug, category, category_slug, type, city, city_slug, country, country_code, full_address,
                               phone, rating, review_count, latitude, longitude, working_hours, about, source)
       SELECT 'Business ' || g, 'business-' || g || '-' || substr(md5(g::text), 1, 6),
              'Category ' || (g % 400), 'category-' || (g % 400), 'Category ' || (g % 400),
              'City ' || (g % 3000), 'city-' || (g % 3000), 'Country', (ARRAY['US','DE','FR','GB','IT','ES','NL','TR'])[1 + g % 8],
              g || ' Main Street, City ' || (g % 3000), '+1 555 ' || g, round((random() * 5)::numeric, 1), (random() * 900)::int,
              random() * 120 - 60, random() * 300 - 150,
              '{"Monday":"9AM-5PM","Tuesday":"9AM-5PM","Sunday":"Closed"}'::jsonb,
              '{"Service options":{"Delivery":true,"Takeout":true},"Accessibility":{"Wheelchair accessible entrance":true}}'::jsonb, 'bench'
       FROM generate_series(1, $1) AS g`,
      [count],
    );
    return 'SQL generate_series';
  }
}

/** Writes the documents as ndjson payload files of PAYLOAD_BYTES (not timed). */
async function writePayloads(pool: Pool, dir: string): Promise<string[]> {
  const client = await pool.connect();
  const files: string[] = [];
  try {
    await client.query('BEGIN');
    await client.query(`DECLARE c NO SCROLL CURSOR FOR SELECT ${BUSINESS_COLUMNS} FROM businesses`);
    let parts: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!parts.length) return;
      const file = path.join(dir, `payload-${files.length}.ndjson`);
      await writeFile(file, parts.join('\n'));
      files.push(file);
      parts = [];
      bytes = 0;
    };
    for (;;) {
      const { rows } = await client.query<BusinessSqlRow>('FETCH 5000 FROM c');
      if (!rows.length) break;
      for (const row of rows) {
        const line = JSON.stringify(toBusinessDocument(row));
        parts.push(line);
        bytes += line.length + 1;
      }
      if (bytes >= PAYLOAD_BYTES) await flush();
    }
    await flush();
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return files;
}

async function main(): Promise<void> {
  const count = parseCount(process.argv.slice(2));
  const servers = await startThrowawayServers({ name: 'bench-indexer', database: 'bench', meilisearch: true, ephemeral: true });
  const { dataDir, meiliMasterKey: masterKey } = servers;
  const meiliServer = servers.meili!;
  console.log(`indexer bench: ${count.toLocaleString()} businesses, ${os.cpus().length} cores, data in ${dataDir}`);
  const children: Array<ReturnType<typeof spawn>> = [];
  let pool: Pool | null = null;
  try {
    const { databaseUrl } = servers;
    pool = createPool(databaseUrl, { max: 6 });
    const meili = new Meilisearch({ host: meiliServer.url, apiKey: masterKey, timeout: 600_000 });

    let started = Date.now();
    const source = await loadBusinesses(pool, count, process.argv.includes('--sql-seed'));
    const rows = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
    // The seed's outbox backlog is not what this bench measures: the first build covers those rows.
    await pool.query('TRUNCATE search_outbox');
    await pool.query('VACUUM ANALYZE businesses');
    console.log(`loaded ${rows.toLocaleString()} rows with ${source} in ${seconds(Date.now() - started)}`);

    // Raw ingestion: the same documents, posted straight to Meilisearch (`--skip-raw`: not measured, when
    // only the indexer's own figures are wanted).
    let rawMs = NaN;
    if (!process.argv.includes('--skip-raw')) {
      const files = await writePayloads(pool, dataDir);
      const rawUid = 'raw_businesses';
      await waitForTasks(meili, [await meili.createIndex(rawUid, { primaryKey: 'id' })], 60_000);
      await waitForTasks(meili, [await meili.index(rawUid).updateSettings(INDEX_SETTINGS.businesses)], 60_000);
      started = Date.now();
      const rawTasks: EnqueuedTask[] = [];
      for (const file of files) rawTasks.push(await meili.index(rawUid).addDocumentsFromString(await readFile(file, 'utf8'), 'application/x-ndjson', { primaryKey: 'id' }));
      await waitForTasks(meili, rawTasks, 3_600_000, 500);
      rawMs = Date.now() - started;
      console.log(`raw ingestion: ${seconds(rawMs)} (${files.length} ndjson payloads of <= ${PAYLOAD_BYTES / 1024 / 1024} MB)`);
      await waitForTasks(meili, [await meili.deleteIndex(rawUid)], 600_000);
      await Promise.all(files.map((file) => rm(file, { force: true })));
    }

    // The indexer process: its first start finds no index and rebuilds everything.
    const prefix = 'bench_';
    const child = spawn(process.execPath, ['--import', 'tsx', 'indexer/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, MEILI_URL: meiliServer.url, MEILI_MASTER_KEY: masterKey, MEILI_INDEX_PREFIX: prefix, INDEXER_POLL_MS: '1000' },
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message: { type?: string }) => message.type === 'indexer-ready' && resolve());
      child.once('exit', (code) => reject(new Error(`indexer exited with ${code}`)));
    });
    const state = (await pool.query<{ value: { durationMs: number } }>('SELECT value FROM indexer_state WHERE key = $1', [STATE_KEYS.fullRebuild(prefix)])).rows[0].value;
    const rebuildMs = state.durationMs;
    console.log(`full rebuild: ${seconds(rebuildMs)}${Number.isNaN(rawMs) ? '' : ` = ${(rebuildMs / rawMs).toFixed(2)}x raw (target <= 1.25x)`}`);

    // Let the post-rebuild aggregate recount and the old index's deletion finish before measuring lag.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (let waited = 0; waited < 600_000; waited += 1_000) {
      const { total } = await meili.tasks.getTasks({ statuses: ['enqueued', 'processing'], limit: 1 });
      if (!total) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const businesses = meili.index(indexUid(prefix, 'businesses'));
    // What a deployment has to plan for as the data grows (docs/deploying.md): disk and memory of one Meilisearch.
    const meiliStats = await meili.getStats();
    const pgBytes = (await pool.query<{ n: string }>('SELECT pg_database_size(current_database())::text AS n')).rows[0].n;
    const mb = (bytes: number | string) => `${(Number(bytes) / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `sizes after the build: Meilisearch database ${mb(meiliStats.databaseSize)} (used ${mb(meiliStats.usedDatabaseSize)}), businesses index ${(await businesses.getStats()).numberOfDocuments.toLocaleString()} documents; PostgreSQL database ${mb(pgBytes)}; Meilisearch peak RSS so far ${await peakRssOf(meiliServer.process.pid)}`,
    );
    const lags: number[] = [];
    // Where each change's time went, from the Meilisearch task that carried it: commit -> task enqueued
    // (the indexer: NOTIFY, outbox read, documents built and posted), enqueued -> started (queued behind
    // other tasks), started -> finished (Meilisearch indexing the one document).
    const parts = { toEnqueued: [] as number[], queued: [] as number[], processing: [] as number[] };
    const samplesAt = process.argv.indexOf('--lag-samples');
    const samples = samplesAt >= 0 ? Number(process.argv[samplesAt + 1]) : 30;
    for (let i = 0; i < samples; i++) {
      const id = 1 + Math.floor(Math.random() * rows);
      const name = `lagprobe ${i} ${randomBytes(3).toString('hex')}`;
      const committedAt = Date.now();
      const t0 = performance.now();
      const { rowCount } = await pool.query('UPDATE businesses SET name = $1, updated_at = now() WHERE id = $2', [name, id]);
      if (!rowCount) continue;
      for (;;) {
        const doc = await businesses.getDocument(id, { fields: ['name'] }).catch(() => null);
        if (doc?.name === name) break;
        if (performance.now() - t0 > 60_000) throw new Error(`change ${i} not visible after 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      lags.push(performance.now() - t0);
      const { results: [task] } = await meili.tasks.getTasks({ indexUids: [businesses.uid], types: ['documentAdditionOrUpdate'], limit: 1 });
      if (task?.startedAt && task.finishedAt) {
        parts.toEnqueued.push(Date.parse(task.enqueuedAt) - committedAt);
        parts.queued.push(Date.parse(task.startedAt) - Date.parse(task.enqueuedAt));
        parts.processing.push(Date.parse(task.finishedAt) - Date.parse(task.startedAt));
      }
      // Single changes on an idle system, 2-3 s apart at a random moment.
      await new Promise((resolve) => setTimeout(resolve, 2_000 + Math.random() * 1_000));
    }
    console.log(`incremental lag (${lags.length} single-row updates): p50 ${percentileOf(lags, 50).toFixed(0)} ms, p95 ${percentileOf(lags, 95).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms`);
    const split = (values: number[]) => `p50 ${percentileOf(values, 50).toFixed(0)} / p95 ${percentileOf(values, 95).toFixed(0)} ms`;
    console.log(`  of which: commit -> task enqueued ${split(parts.toEnqueued)}; queued in Meilisearch ${split(parts.queued)}; Meilisearch processing ${split(parts.processing)}`);
    // In order, so a slow start right after the rebuild (Meilisearch's first writes after a big one are
    // slow) shows apart from the steady state.
    console.log(`  each lag in order (ms): ${lags.map((lag) => lag.toFixed(0)).join(' ')}`);

    const recount = (await pool.query<{ value: { durationMs: number } }>('SELECT value FROM indexer_state WHERE key = $1', [STATE_KEYS.aggregates(prefix)])).rows[0]?.value;
    // The indexer recounts the aggregates (a full GROUP BY) only after a change that can move one; a rename
    // moves none, so this is normally the post-rebuild recount.
    if (recount) console.log(`  last aggregate recount (SQL + Meilisearch): ${recount.durationMs} ms`);

    // Bulk drain: what an import of many rows waits for before its businesses are searchable. One
    // statement inserts copies of existing rows (like an upload's batches, they reach the index only
    // through the outbox); timed from the commit until the index holds every one of them.
    const bulkAt = process.argv.indexOf('--bulk-rows');
    const bulkRows = bulkAt >= 0 ? Number(process.argv[bulkAt + 1]) : Math.min(100_000, rows);
    if (bulkRows > 0) {
      const before = (await businesses.getStats()).numberOfDocuments;
      const t0 = performance.now();
      await pool.query(
        `INSERT INTO businesses (name, slug, type, category, category_slug, subtypes, full_address, street, city, city_slug, postal_code, state,
                                 country, country_code, phone, latitude, longitude, rating, review_count, reviews_link, photo, logo, located_in,
                                 working_hours, about, verified, website, url, is_approved, source)
         SELECT name, slug || '-bulk', type, category, category_slug, subtypes, full_address, street, city, city_slug, postal_code, state,
                country, country_code, phone, latitude, longitude, rating, review_count, reviews_link, photo, logo, located_in,
                working_hours, about, verified, website, url, is_approved, 'bench-bulk'
         FROM businesses ORDER BY id LIMIT $1`,
        [bulkRows],
      );
      const insertMs = performance.now() - t0;
      for (;;) {
        const { numberOfDocuments } = await businesses.getStats();
        if (numberOfDocuments >= before + bulkRows) break;
        if (performance.now() - t0 > 3_600_000) throw new Error('bulk rows not indexed after an hour');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const drainMs = performance.now() - t0 - insertMs;
      console.log(
        `bulk drain: ${bulkRows.toLocaleString()} inserted rows searchable ${seconds(drainMs)} after their commit = ${Math.round(bulkRows / (drainMs / 1000)).toLocaleString()} businesses/s (insert ${seconds(insertMs)})`,
      );
      // How Meilisearch grouped the drain's tasks: fewer, larger batches pay its per-batch post-processing less often.
      const { results: batches } = await meili.batches.getBatches({ indexUids: [businesses.uid], afterStartedAt: new Date(Date.now() - performance.now() + t0).toISOString(), limit: 1000 });
      const documents = batches.map((batch) => Number(batch.details.receivedDocuments ?? batch.details.providedIds ?? 0)).sort((a, b) => a - b);
      console.log(`  in ${batches.length} Meilisearch batches of median ${percentile(documents, 50).toLocaleString()} documents (max ${(documents.at(-1) ?? 0).toLocaleString()})`);
    }

    const deep: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await businesses.search('', { filter: 'isApproved = true', sort: ['createdAt:desc'], page: 100, hitsPerPage: 20 });
      deep.push(performance.now() - t0);
    }
    console.log(`deep page (100 of 20, filtered + sorted): median ${percentileOf(deep, 50).toFixed(0)} ms`);

    console.log(`indexer peak RSS: ${await peakRssOf(child.pid)}`);
    console.log(`Meilisearch peak RSS: ${await peakRssOf(meiliServer.process.pid)}`);

    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await pool?.end().catch(() => undefined);
    await servers.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
