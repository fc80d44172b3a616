/**
 * The admin route table (admin-routes.ts) is the whole admin API: the 405 answers and the guard test read
 * it, so a route an admin router registers without an entry, or an entry no router serves, fails here.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { requiresAdmin } from '../../middleware/admin-guard.ts';
import { listRoutes } from '../../test/list-routes.ts';
import { startTestApi, type TestApi } from '../../test/api-harness.ts';
import { upgradeHandlers } from '../index.ts';
import { ADMIN_ROUTES } from './admin-routes.ts';

let api: TestApi & { close(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const isAdminRoute = (method: string, path: string) => path.toLowerCase().startsWith('/api/admin/') || requiresAdmin(method, path);
const sorted = (routes: Array<{ method: string; path: string }>) => routes.map(({ method, path }) => `${method} ${path}`).sort();

describe('the admin route table', () => {
  test('is exactly the admin routes the app mounts, WebSocket upgrades included', () => {
    const mounted = listRoutes(api.app).filter(({ method, path }) => isAdminRoute(method, path));
    const sockets = upgradeHandlers.filter((handler) => isAdminRoute('GET', handler.path)).map((handler) => ({ method: 'GET', path: handler.path }));
    assert.deepEqual(sorted([...mounted, ...sockets]), sorted(Object.values(ADMIN_ROUTES)));
  });

  test('a wrong method on a table route is a 405 naming the one it answers', async () => {
    const cookie = await api.signIn();
    const response = await api.request(ADMIN_ROUTES.indexerStatus.path, { method: 'DELETE', headers: { cookie, origin: api.origin } });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, HEAD');
  });
});
