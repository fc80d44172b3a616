/**
 * The indexer across a PostgreSQL crash: its lock connection dies with the server, so it must stop
 * being the leader at once (not go on thinking it leads), take the lock again once the server is back
 * (not wait for ever), and index what changed. PostgreSQL here is a server of this file's own, restarted
 * as `npm start` restarts it (superviseServer); the indexer only knows its DATABASE_URL, as in production.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, test } from 'vitest';
import { applyMigrations } from '../../platform/db/migrate.ts';
import { createPool, type Pool } from '../../platform/db/pool.ts';
import { pino } from 'pino';
import { startEmbeddedPostgres, type RunningPostgres } from '../../platform/runtime/embedded-postgres.ts';
import { findFreePort } from '../../platform/runtime/ports.ts';
import { superviseServer, type SupervisedServer } from '../../platform/runtime/supervised-server.ts';
import { indexUid } from '../../platform/search/client.ts';
import { createTestContext, type TestContext } from '../../platform/testing/context.ts';
import { runIndexer, type IndexerHandle, type IndexerRole } from './indexer.ts';
import { insertBusinesses } from './test/factories.ts';
import { waitFor } from './test/wait.ts';

// Generous: the servers share two cores with other suites.
const SLOW_MS = 90_000;

let dataDir: string;
let postgres: SupervisedServer<RunningPostgres>;
let context: TestContext;
let pool: Pool;
let indexer: IndexerHandle | null = null;
const givenUp: string[] = [];
const quiet = pino({ level: 'silent' });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'indexer-reconnect-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root.
  const port = await findFreePort();
  const password = randomBytes(12).toString('hex');
  postgres = await superviseServer({
    label: 'PostgreSQL',
    start: () => startEmbeddedPostgres({ dataDir, port, password, ephemeral: true }),
    log: quiet,
    onGiveUp: (reason) => givenUp.push(reason),
  });
  await postgres.current().ensureDatabase('directory');
  const databaseUrl = postgres.current().urlFor('directory');
  await applyMigrations(databaseUrl);
  context = await createTestContext({ DATABASE_URL: databaseUrl, INDEXER_POLL_MS: '200' });
  pool = createPool(databaseUrl);
});

afterAll(async () => {
  await indexer?.stop();
  await pool?.end();
  await context?.close();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('PostgreSQL killed with -9 under the active indexer: it steps down at once, leads again once the server is back, and indexes what changed', async () => {
  const roles: IndexerRole[] = [];
  indexer = runIndexer({ config: context.config, log: quiet, aggregateDebounceMs: 100, onRoleChange: (role) => roles.push(role) });
  await indexer.ready;
  assert.equal(indexer.role(), 'leader');
  const businesses = context.meili.index(indexUid(context.indexPrefix, 'businesses'));

  const postmaster = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  process.kill(postmaster, 'SIGKILL');
  await waitFor('the indexer to step down', async () => roles.includes('standby'), SLOW_MS, 20);
  assert.deepEqual(roles.slice(0, 2), ['leader', 'standby'], 'no longer the leader once its lock connection is gone');

  await waitFor('PostgreSQL to be restarted', async () => postgres.restarts() === 1, SLOW_MS, 100);
  await waitFor('the indexer to lead again', async () => indexer!.role() === 'leader', SLOW_MS, 100);
  // A change committed after the crash reaches search: the new leader drains the outbox again.
  const [id] = await insertBusinesses(pool, [{ name: 'Reconnected Ramen' }]);
  await waitFor('the new business in search', async () => (await businesses.search('Reconnected Ramen')).hits.some((hit) => hit.id === id), SLOW_MS, 200);
  assert.deepEqual(givenUp, []);
});
