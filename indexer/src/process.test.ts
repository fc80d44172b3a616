import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createPool, type Pool } from '../../platform/db/pool.ts';
import { indexUid } from '../../platform/search/client.ts';
import { createTestContext, type TestContext } from '../../platform/testing/context.ts';
import { insertBusinesses, insertManyBusinesses } from './test/factories.ts';
import { runVerifyProcess, spawnIndexer, type SpawnedIndexer } from './test/spawn-indexer.ts';
import { waitFor } from './test/wait.ts';

// Generous: the test servers share two cores with other suites (one Meilisearch task can take seconds).
const SLOW_MS = 90_000;

describe('indexer process (spawned, kill -9, standby take-over)', () => {
  let context: TestContext;
  let pool: Pool;
  const running: SpawnedIndexer[] = [];
  const depth = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM search_outbox')).rows[0].n;
  /** waitFor, with the indexer processes' output in the failure message. */
  const waitShowingOutput = async (what: string, check: () => Promise<boolean>) => {
    try {
      await waitFor(what, check, SLOW_MS, 100);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${running.map((spawned, i) => `--- indexer ${i} ---\n${spawned.output()}`).join('\n')}`);
    }
  };
  const start = (...args: Parameters<typeof spawnIndexer>) => {
    const spawned = spawnIndexer(...args);
    running.push(spawned);
    return spawned;
  };

  beforeAll(async () => {
    context = await createTestContext({ INDEXER_POLL_MS: '200', INDEXER_BATCH_SIZE: '250' });
    pool = createPool(context.config.databaseUrl!);
  });

  // A test that failed half-way leaves its indexers running, and the one holding leadership would make every
  // later test's indexers stand by (one timed-out wait in a loaded CI run failed the whole file so).
  afterEach(async () => {
    const alive = running.filter((spawned) => spawned.child.exitCode === null && spawned.child.signalCode === null);
    for (const spawned of alive) spawned.child.kill('SIGKILL');
    await Promise.all(alive.map((spawned) => spawned.exited));
  });

  afterAll(async () => {
    for (const spawned of running) if (spawned.child.exitCode === null && spawned.child.signalCode === null) spawned.child.kill('SIGKILL');
    await Promise.all(running.map((spawned) => spawned.exited));
    await pool?.end();
    await context?.close();
  });

  test('kill -9 in the middle of a drain loses nothing: a restarted indexer converges and --verify is clean', async () => {
    const first = start(context.config);
    await waitShowingOutput('the first indexer to be ready', async () => first.readyCount() > 0);
    await insertManyBusinesses(pool, 1_500);
    const total = 1_500;
    await waitFor('the drain to be under way', async () => {
      const pending = await depth();
      return pending < total && pending > 0;
    }, SLOW_MS, 20);
    first.child.kill('SIGKILL');
    await first.exited;
    const left = await depth();
    assert.ok(left > 0, 'the indexer died with changes still in the outbox');

    const second = start(context.config);
    await waitFor('the restarted indexer to drain the outbox', async () => (await depth()) === 0, SLOW_MS, 200);
    await waitFor('every business in Meilisearch', async () => (await context.meili.index(indexUid(context.indexPrefix, 'businesses')).getStats()).numberOfDocuments === total, SLOW_MS, 200);
    const verify = await runVerifyProcess(context.config);
    assert.equal(verify.code, 0, verify.output);
    assert.match(verify.output, /OK: Meilisearch matches PostgreSQL/);

    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0, 'SIGTERM stops it cleanly');
  });

  test('two indexers: one writes, the other stands by and takes over when the first exits; a lost parent stops it', async () => {
    const a = start(context.config);
    const b = start(context.config);
    await waitShowingOutput('one active and one standby', async () => {
      const leaders = [a, b].filter((spawned) => spawned.readyCount() > 0);
      const standbys = [a, b].filter((spawned) => spawned.roles.at(-1) === 'standby');
      return leaders.length === 1 && standbys.length === 1;
    });
    const [active, standby] = a.readyCount() > 0 ? [a, b] : [b, a];

    const before = new Date();
    const [id] = await insertBusinesses(pool, [{ name: 'Singular Sandwiches' }]);
    const businesses = context.meili.index(indexUid(context.indexPrefix, 'businesses'));
    await waitFor('the business in search', async () => (await businesses.search('singular sandwiches')).hits.some((hit) => hit.id === id), SLOW_MS, 100);
    const writes = await context.meili.tasks.getTasks({
      indexUids: [indexUid(context.indexPrefix, 'businesses')],
      types: ['documentAdditionOrUpdate'],
      afterEnqueuedAt: before.toISOString(),
    });
    assert.equal(writes.results.length, 1, 'exactly one indexer wrote the change');

    active.child.kill('SIGTERM');
    assert.equal(await active.exited, 0);
    await waitFor('the standby to take over', async () => standby.readyCount() > 0, SLOW_MS, 100);
    const [second] = await insertBusinesses(pool, [{ name: 'Takeover Tacos' }]);
    await waitFor('a change after the take-over in search', async () => (await businesses.search('takeover tacos')).hits.some((hit) => hit.id === second), SLOW_MS, 100);

    standby.child.disconnect(); // what happens when `npm start` dies
    assert.equal(await standby.exited, 0, 'the indexer exits when its parent goes away');
  });

  test('`indexer --full` rebuilds by itself when no indexer runs, and asks the active one otherwise', async () => {
    const readRebuild = async () =>
      (await pool.query<{ value: { finishedAt: string; reason: string } }>('SELECT value FROM indexer_state WHERE key = $1', [`${context.indexPrefix}:full-rebuild`])).rows[0]?.value;
    const alone = start(context.config, ['--full']);
    assert.equal(await alone.exited, 0, alone.output());
    const first = await readRebuild();
    assert.match(first.reason, /--full/);

    const daemon = start(context.config);
    await waitShowingOutput('the daemon to be ready', async () => daemon.readyCount() > 0);
    const asking = start(context.config, ['--full']);
    assert.equal(await asking.exited, 0, asking.output());
    assert.match(asking.output(), /asking it to rebuild/);
    const second = await readRebuild();
    assert.ok(Date.parse(second.finishedAt) > Date.parse(first.finishedAt), 'the active indexer rebuilt');
    const count = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
    assert.equal((await context.meili.index(indexUid(context.indexPrefix, 'businesses')).getStats()).numberOfDocuments, count);
    daemon.child.kill('SIGTERM');
    assert.equal(await daemon.exited, 0);
  });
});
