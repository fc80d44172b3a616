/**
 * The indexer's metrics endpoint (npm run indexer): how far search lags (outbox rows and age, read from
 * PostgreSQL at scrape time), its role, the rows it indexed, and the supervisor's restart counts.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, test } from 'vitest';
import { createPool, type Pool } from '../../platform/db/pool.ts';
import { createMetricsRegistry, registerOutboxMetrics } from '../../platform/metrics.ts';
import { findFreePort } from '../../platform/runtime/ports.ts';
import { createTestContext, type TestContext } from '../../platform/testing/context.ts';
import { insertBusinesses } from './test/factories.ts';
import { waitFor } from './test/wait.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SLOW_MS = 90_000;

let context: TestContext;
let pool: Pool;
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  context = await createTestContext();
  pool = createPool(context.config.databaseUrl!, { max: 2 });
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await pool?.end();
  await context?.close();
});

/** The value of an unlabelled sample (or one whose labels are given), null when absent. */
function sample(text: string, name: string, labels = ''): number | null {
  const match = new RegExp(`^${name}${labels.replace(/[{}]/g, '\\$&')} ([^\\s]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

test('the outbox gauges count the changes search has not taken yet, and their age', async () => {
  const registry = createMetricsRegistry();
  registerOutboxMetrics(registry, pool);
  assert.equal(sample(await registry.metrics(), 'directory_search_outbox_rows'), 0);
  await insertBusinesses(pool, [{ name: 'Metric Muffins' }, { name: 'Metric Mangoes', category: 'Grocery' }]);
  await pool.query(`UPDATE search_outbox SET created_at = now() - interval '42 seconds'`);
  // One read serves a scrape for a second: wait past it.
  const text = await waitFor('the new rows in the gauge', async () => {
    const scraped = await registry.metrics();
    return sample(scraped, 'directory_search_outbox_rows') === 2 ? scraped : null;
  });
  const age = sample(text, 'directory_search_outbox_oldest_age_seconds')!;
  assert.ok(age >= 42 && age < 120, `age ${age}`);
});

test('npm run indexer serves its metrics on INDEXER_METRICS_PORT: lag, role, rows indexed, restarts, its pool of DATABASE_POOL_SIZE', async () => {
  const metricsPort = await findFreePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'indexer/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: context.config.databaseUrl,
      MEILI_URL: context.config.meiliUrl,
      MEILI_MASTER_KEY: context.config.meiliMasterKey,
      MEILI_INDEX_PREFIX: context.indexPrefix,
      INDEXER_POLL_MS: '200',
      INDEXER_METRICS_PORT: String(metricsPort),
      DATABASE_POOL_SIZE: '5',
    },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.equal(response.status, 200);
    return response.text();
  };

  // Leader, and the two rows of the first test drained: the lag is back to nothing.
  const drained = await waitFor(
    `the indexer to lead and drain (output: ${output.slice(-2_000)})`,
    async () => {
      const text = await scrape();
      return sample(text, 'directory_indexer_leader') === 1 && sample(text, 'directory_search_outbox_rows') === 0 ? text : null;
    },
    SLOW_MS,
    200,
  );
  assert.equal(sample(drained, 'directory_search_outbox_oldest_age_seconds'), 0);
  // The leader's pool is as large as DATABASE_POOL_SIZE says (default 6), and nobody waits on it.
  assert.equal(sample(drained, 'directory_db_pool_max_connections', '{pool="indexer"}'), 5);
  assert.equal(sample(drained, 'directory_db_pool_waiting_requests', '{pool="indexer"}'), 0);
  assert.ok(sample(drained, 'directory_process_resident_memory_bytes')! > 0);
  const indexedBefore = sample(drained, 'directory_indexer_rows_indexed_total') ?? 0;

  await insertBusinesses(pool, [{ name: 'Metric Melons' }]);
  const after = await waitFor('the new row indexed', async () => {
    const text = await scrape();
    return (sample(text, 'directory_indexer_rows_indexed_total') ?? 0) >= indexedBefore + 1 ? text : null;
  }, SLOW_MS, 200);
  assert.ok(sample(after, 'directory_indexer_last_indexed_timestamp_seconds')! > Date.now() / 1000 - 120);

  child.send({ type: 'embedded-server-restarts', counts: { postgres: 0, meilisearch: 3 } });
  const restarts = await waitFor('the restart count', async () => {
    const text = await scrape();
    return sample(text, 'directory_embedded_server_restarts_total', '{server="meilisearch"}') === 3 ? text : null;
  });
  assert.equal(sample(restarts, 'directory_embedded_server_restarts_total', '{server="postgres"}'), 0);

  // One JSON line per event, with the process's name.
  const role = output.split('\n').find((line) => line.includes('"msg":"role: leader"'));
  assert.ok(role, output);
  assert.equal((JSON.parse(role) as { name: string }).name, 'indexer');
});
