/**
 * The access policy holds for EVERY route the app mounts, including routes other features add
 * later: this walks the real router stack instead of a hand-kept list.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Router } from 'express';
import type { RouteDeps } from '../../../deps.ts';
import { PUBLIC_WRITE_ROUTES } from '../../../middleware/admin-guard.ts';
import { routers } from '../../index.ts';
import { listRoutes, samplePath } from '../../../test/list-routes.ts';
import { startTestApi, type TestApi } from '../../../test/api-harness.ts';
import { ADMIN_ROUTES } from '../admin-routes.ts';

const WIDGET_ACTION = 'test.widget_created';

// Routes a later feature might add, each with a visible side effect, mounted like any other.
function createTestOnlyRouter(deps: RouteDeps): Router {
  const router = Router();
  const write = async (_req: unknown, res: { json(body: unknown): void }) => {
    await deps.prisma.auditLog.create({ data: { action: WIDGET_ACTION } });
    res.json({ success: true });
  };
  router.post('/api/test-only/widgets', write);
  router.put('/api/test-only/widgets/:id', write);
  router.patch('/api/test-only/widgets/:id', write);
  router.delete('/api/test-only/widgets/:id', write);
  router.post('/api/admin/test-only/widgets', write);
  router.get('/api/admin/test-only/secret', (_req, res) => {
    res.json({ secret: 'admins only' });
  });
  router.get('/api/test-only/public', (_req, res) => {
    res.json({ public: true });
  });
  return router;
}

const nested = Router();
nested.delete('/widgets/:id', async (_req, res) => {
  res.json({ deleted: true });
});
// A router mounted under a prefix, to prove the walker (and the guard) see through mounts.
const createPrefixedRouter = () => Router().use('/api/test-only/nested', nested);

let api: TestApi & { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi({ routers: [...routers, createTestOnlyRouter, createPrefixedRouter] });
});
afterAll(async () => {
  await api?.close();
});

const widgetRows = () => api.prisma.auditLog.count({ where: { action: WIDGET_ACTION } });
const isPublicWrite = (method: string, path: string) => PUBLIC_WRITE_ROUTES.some((route) => route.method === method && route.path === path);
const isWrite = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

describe('the admin guard', () => {
  test('every admin route and every non-public write route answers 401 without a session, and does nothing', async () => {
    const routes = listRoutes(api.app);
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of ['GET /api/admin/me', 'POST /api/admin/logout', 'POST /api/admin/test-only/widgets', 'DELETE /api/test-only/nested/widgets/:id']) {
      assert.ok(paths.includes(expected), `walker missed ${expected}; saw ${paths.join(', ')}`);
    }
    const guarded = routes.filter(({ method, path }) => !isPublicWrite(method, path) && (path.startsWith('/api/admin') || (isWrite(method) && path.startsWith('/api/'))));
    assert.ok(guarded.length >= 8, `only ${guarded.length} guarded routes found`);
    // Every route of the admin table is among them, save the public sign-in and the WebSocket (server.test.ts).
    for (const route of Object.values(ADMIN_ROUTES)) {
      if (route === ADMIN_ROUTES.importProgress || isPublicWrite(route.method, route.path)) continue;
      assert.ok(guarded.some(({ method, path }) => method === route.method && path === route.path), `${route.method} ${route.path} is not guarded`);
    }

    const rowsBefore = await widgetRows();
    for (const { method, path } of guarded) {
      const url = samplePath(path);
      // Express matches case-insensitively and ignores a trailing slash: so must the guard.
      for (const variant of [url, `${url}/`, url.toUpperCase()]) {
        const response = await api.request(variant, {
          method,
          headers: { origin: api.origin, 'content-type': 'application/json' },
          body: isWrite(method) ? '{}' : undefined,
        });
        assert.equal(response.status, 401, `${method} ${variant} answered ${response.status}`);
        assert.deepEqual(await response.json(), { error: 'unauthorized', message: 'Admin sign-in required.' });
      }
    }
    assert.equal(await widgetRows(), rowsBefore, 'a guarded action ran without a session');
  });

  test('the same routes work with a session (so the 401s above are the guard, not a broken route)', async () => {
    const cookie = await api.signIn();
    const rowsBefore = await widgetRows();
    const created = await api.request('/api/test-only/widgets', { method: 'POST', headers: { cookie, origin: api.origin } });
    assert.equal(created.status, 200);
    const removed = await api.request('/api/test-only/widgets/7', { method: 'DELETE', headers: { cookie, origin: api.origin } });
    assert.equal(removed.status, 200);
    assert.equal(await widgetRows(), rowsBefore + 2);
    const secret = await api.request('/api/admin/test-only/secret', { headers: { cookie } });
    assert.deepEqual(await secret.json(), { secret: 'admins only' });
  });

  test('public reads stay public', async () => {
    const response = await api.request('/api/test-only/public');
    assert.equal(response.status, 200);
    assert.equal((await api.request('/healthz')).status, 200);
  });

  test('an encoded path cannot sneak past the guard', async () => {
    const response = await api.request('/api/%61dmin/test-only/secret');
    assert.notEqual(response.status, 200);
  });
});

describe('the Origin check', () => {
  test('a write from a foreign Origin is refused with 403 even with a session, and does nothing', async () => {
    const cookie = await api.signIn();
    const rowsBefore = await widgetRows();
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/page' }];
    for (const headers of foreign) {
      const response = await api.request('/api/test-only/widgets', { method: 'POST', headers: { cookie, ...headers } });
      assert.equal(response.status, 403, JSON.stringify(headers));
      const body = (await response.json()) as { error: string; message: string };
      assert.equal(body.error, 'forbidden');
    }
    assert.equal(await widgetRows(), rowsBefore);
    // The allowed origin, a same-origin Referer, or no browser headers at all (curl) pass.
    const allowed: Record<string, string>[] = [{ origin: api.origin }, { referer: `${api.origin}/admin/businesses` }, {}];
    for (const headers of allowed) {
      const response = await api.request('/api/test-only/widgets', { method: 'POST', headers: { cookie, ...headers } });
      assert.equal(response.status, 200, JSON.stringify(headers));
    }
    assert.equal(await widgetRows(), rowsBefore + 3);
  });

  test('login from a foreign Origin is refused (no login CSRF)', async () => {
    const response = await api.postJson('/api/admin/login', { username: 'admin', password: 'x' }, { origin: 'https://evil.example' });
    assert.equal(response.status, 403);
    assert.equal(response.headers.getSetCookie().length, 0);
  });
});
