import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Meilisearch } from 'meilisearch';
import { captureLogs } from '../../../../platform/testing/capture-logs.ts';
import { INDEX_KINDS, indexUid } from '../../../../platform/search/client.ts';
import { findFreePort } from '../../../../platform/runtime/ports.ts';
import { startServer } from '../../server.ts';
import { startTestApi, type TestApi } from '../../test/api-harness.ts';

interface ReadyBody {
  status: string;
  checks: Record<'postgres' | 'migrations' | 'meilisearch' | 'indexes', { ok: boolean; detail?: string }>;
}

const WAIT = { timeout: 120_000 };

let api: TestApi & { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi({ withAdmin: false });
});
afterAll(async () => {
  await api?.close();
});

const readyz = async () => {
  const response = await api.request('/readyz');
  return { status: response.status, body: (await response.json()) as ReadyBody };
};

describe('GET /healthz', () => {
  test('answers while the process is alive, without touching the servers', async () => {
    const response = await api.request('/healthz');
    assert.equal(response.status, 200);
    const body = (await response.json()) as { status: string; uptimeSeconds: number };
    assert.equal(body.status, 'ok');
    assert.ok(Number.isInteger(body.uptimeSeconds) && body.uptimeSeconds >= 0);
  });
});

describe('GET /readyz', () => {
  test('is 503 naming every missing index before the indexer created them', async () => {
    const { status, body } = await readyz();
    assert.equal(status, 503);
    assert.equal(body.status, 'not_ready');
    assert.deepEqual(body.checks.postgres, { ok: true });
    assert.deepEqual(body.checks.migrations, { ok: true });
    assert.deepEqual(body.checks.meilisearch, { ok: true });
    assert.equal(body.checks.indexes.ok, false);
    for (const kind of INDEX_KINDS) assert.match(body.checks.indexes.detail!, new RegExp(indexUid(api.indexPrefix, kind)));
  });

  test('is 200 once every index exists, and 503 naming the one that goes missing', async () => {
    // Other test files share this Meilisearch and may keep its task queue busy: wait generously.
    await Promise.all(INDEX_KINDS.map((kind) => api.meili.createIndex(indexUid(api.indexPrefix, kind), { primaryKey: 'id' }).waitTask(WAIT)));
    const ready = await readyz();
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, {
      status: 'ready',
      checks: { postgres: { ok: true }, migrations: { ok: true }, meilisearch: { ok: true }, indexes: { ok: true } },
    });

    await api.meili.deleteIndex(indexUid(api.indexPrefix, 'cities')).waitTask(WAIT);
    const missing = await readyz();
    assert.equal(missing.status, 503);
    assert.deepEqual(missing.body.checks.indexes, { ok: false, detail: `missing: ${indexUid(api.indexPrefix, 'cities')}` });
    await api.meili.createIndex(indexUid(api.indexPrefix, 'cities'), { primaryKey: 'id' }).waitTask(WAIT);
  });

  test('is 503 naming a pending migration', async () => {
    const { rows } = await api.pool.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1');
    const latest = rows[0].migration_name;
    await api.pool.query('UPDATE "_prisma_migrations" SET finished_at = NULL WHERE migration_name = $1', [latest]);
    try {
      const { status, body } = await readyz();
      assert.equal(status, 503);
      assert.deepEqual(body.checks.migrations, { ok: false, detail: `pending: ${latest}` });
      assert.deepEqual(body.checks.postgres, { ok: true });
    } finally {
      await api.pool.query('UPDATE "_prisma_migrations" SET finished_at = now() WHERE migration_name = $1', [latest]);
    }
    assert.equal((await readyz()).status, 200);
  });

  test('is 503 when Meilisearch does not answer, without leaking the error', async () => {
    const deadPort = await findFreePort();
    const unreachable = new Meilisearch({ host: `http://127.0.0.1:${deadPort}`, apiKey: 'x'.repeat(16) });
    const { logger, lines } = captureLogs();
    const running = await startServer({ config: api.config, prisma: api.prisma, pool: api.pool, meili: unreachable, logger }, { host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(`${running.url}/readyz`);
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '5', 'not ready says when to ask again');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const body = (await response.json()) as ReadyBody;
      assert.deepEqual(body.checks.meilisearch, { ok: false, detail: 'unreachable' });
      assert.deepEqual(body.checks.indexes, { ok: false, detail: 'Meilisearch unreachable' });
      assert.deepEqual(body.checks.postgres, { ok: true });
      assert.ok(lines().some((line) => line.level === 'warn' && String(line.msg).includes('meilisearch')));
    } finally {
      await running.close();
    }
  });
});
