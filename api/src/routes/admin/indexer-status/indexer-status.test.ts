import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import type { IndexerStatus } from '../../../../../platform/search/status.ts';
import { buildBusiness, seedDirectory } from '../../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../../test/api-harness.ts';

describe('GET /api/admin/indexer-status', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let cookie: string;

  beforeAll(async () => {
    api = await startTestApi();
    await seedDirectory({ config: api.config, pool: api.pool, rows: Array.from({ length: 5 }, () => buildBusiness({ city: 'Oslo', countryCode: 'NO', country: 'Norway' })) });
    cookie = await api.signIn();
  });
  afterAll(async () => api?.close());

  test('is for admins only', async () => {
    const response = await api.request('/api/admin/indexer-status');
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error, 'unauthorized');
  });

  test('shows the indexed documents, the last full rebuild and settings in step', async () => {
    const response = await api.request('/api/admin/indexer-status', { headers: { cookie } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const status = (await response.json()) as IndexerStatus;
    assert.equal(status.meilisearch.reachable, true);
    assert.equal(status.indexes.businesses.documents, 5);
    assert.equal(status.indexes.cities.documents, 1);
    assert.equal(status.indexes.businesses.settingsVersion.upToDate, true);
    assert.ok(status.fullRebuild?.finishedAt, 'the rebuild that indexed them is recorded');
  });

  test('a change no indexer has taken yet shows as outbox depth and lag', async () => {
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, [buildBusiness({ city: 'Bergen', countryCode: 'NO', country: 'Norway' })], { mode: 'upsert', source: 'test' }));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const status = (await (await api.request('/api/admin/indexer-status', { headers: { cookie } })).json()) as IndexerStatus;
    assert.ok(status.outbox.depth >= 1, `outbox depth ${status.outbox.depth}`);
    assert.ok(status.outbox.lagSeconds >= 1, `lag ${status.outbox.lagSeconds} s`);
    assert.equal(status.indexes.businesses.documents, 5, 'not in search until an indexer drains it');
  });

  test('an index that does not exist yet is reported as missing, not as Meilisearch unreachable', async () => {
    await api.meili.deleteIndex(`${api.config.meiliIndexPrefix}home`).waitTask();
    const status = (await (await api.request('/api/admin/indexer-status', { headers: { cookie } })).json()) as IndexerStatus;
    assert.equal(status.indexes.home.documents, null);
    assert.deepEqual(status.meilisearch, { reachable: true, error: null });
    assert.equal(status.indexes.businesses.documents, 5);
  });
});
