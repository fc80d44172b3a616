import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Meilisearch } from 'meilisearch';
import { createPool, type Pool } from '../../platform/db/pool.ts';
import { startEmbeddedMeilisearch, type RunningMeilisearch } from '../../platform/runtime/embedded-meilisearch.ts';
import { findFreePort } from '../../platform/runtime/ports.ts';
import { indexUid } from '../../platform/search/client.ts';
import { getIndexerStatus } from '../../platform/search/status.ts';
import { createTestContext, type TestContext } from '../../platform/testing/context.ts';
import { runIndexer, type IndexerHandle } from './indexer.ts';
import { insertBusinesses } from './test/factories.ts';
import { waitFor } from './test/wait.ts';
import { verifyIndexes } from './verify.ts';

// Generous: the test servers share two cores with other suites.
const SLOW_MS = 90_000;
const MASTER_KEY = 'outage-test-master-key-0123456789';

let dataDir: string;
let port: number;
let server: RunningMeilisearch | null = null;
let context: TestContext;
let pool: Pool;
let indexer: IndexerHandle;

beforeAll(async () => {
  // A Meilisearch of our own, so stopping it does not disturb other test files.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'indexer-outage-'));
  await chmod(dataDir, 0o755);
  port = await findFreePort();
  server = await startEmbeddedMeilisearch({ dataDir, port, masterKey: MASTER_KEY });
  context = await createTestContext({ MEILI_URL: server.url, MEILI_MASTER_KEY: MASTER_KEY, INDEXER_POLL_MS: '200' });
  pool = createPool(context.config.databaseUrl!);
});

afterAll(async () => {
  await indexer?.stop();
  await pool?.end();
  await context?.database.drop();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('Meilisearch down: changes wait in the outbox and converge once it is back', async () => {
  indexer = runIndexer({ config: context.config, aggregateDebounceMs: 100 });
  await indexer.ready;
  const meili = new Meilisearch({ host: server!.url, apiKey: MASTER_KEY });

  await server!.stop();
  server = null;
  const ids = await insertBusinesses(pool, [{ name: 'Outage Oysters' }, { name: 'Outage Olives', category: 'Grocery' }]);
  await pool.query(`UPDATE businesses SET rating = 3.1 WHERE id = $1`, [ids[0]]);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const during = await getIndexerStatus({ pool, meili, prefix: context.indexPrefix });
  assert.equal(during.outbox.depth, 3, 'nothing is acknowledged while Meilisearch is down (2 inserts + 1 update)');
  assert.equal(during.meilisearch.reachable, false);
  assert.ok(during.lastError?.message, 'the failure is surfaced in the status');

  server = await startEmbeddedMeilisearch({ dataDir, port, masterKey: MASTER_KEY });
  const businesses = meili.index(indexUid(context.indexPrefix, 'businesses'));
  await waitFor('both businesses in search after the restart', async () => (await businesses.search('outage')).hits.length === 2, SLOW_MS, 200);
  const oysters = await businesses.getDocument(ids[0]);
  assert.equal(oysters.rating, 3.1);
  await waitFor('an empty outbox', async () => (await getIndexerStatus({ pool, meili, prefix: context.indexPrefix })).outbox.depth === 0, SLOW_MS, 200);
  await waitFor('verify to be clean', async () => (await verifyIndexes({ pool, meili, prefix: context.indexPrefix })).differences.length === 0, SLOW_MS, 500);
});
