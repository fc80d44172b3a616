/** Errors are JSON everywhere, with the right status, and never leak a stack trace. */
import assert from 'node:assert/strict';
import http from 'node:http';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Router } from 'express';
import type { RouteDeps } from './deps.ts';
import { AppError } from './errors.ts';
import { routers } from './routes/index.ts';
import { startTestApi, type TestApi } from './test/api-harness.ts';
import { captureLogs } from '../../platform/testing/capture-logs.ts';
import { z } from 'zod';
import { validate } from './middleware/validate.ts';

const logs = captureLogs();

function createFailingRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get('/api/test-only/crash', () => {
    throw new Error('database password is hunter2');
  });
  router.get('/api/test-only/crash-async', async () => {
    await Promise.resolve();
    throw new TypeError('cannot read properties of undefined');
  });
  router.get('/api/test-only/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  router.get('/api/test-only/app-error', () => {
    throw new AppError('conflict', 'That name is taken.');
  });
  router.get('/api/test-only/duplicate-admin', async (_req, res) => {
    await deps.prisma.adminUser.create({ data: { username: 'admin', passwordHash: 'x' } });
    res.json({});
  });
  router.get('/api/test-only/missing-admin', async (_req, res) => {
    await deps.prisma.adminUser.update({ where: { id: 987654 }, data: { passwordHash: 'x' } });
    res.json({});
  });
  router.get('/api/test-only/validated', validate({ query: z.object({ page: z.coerce.number().int().min(1) }) }), (req, res) => {
    res.json({ page: req.query.page });
  });
  return router;
}

let api: TestApi & { close(): Promise<void> };
let cookie: string;

beforeAll(async () => {
  api = await startTestApi({ routers: [...routers, createFailingRouter], logger: logs.logger });
  cookie = await api.signIn();
});
afterAll(async () => {
  await api?.close();
});

async function expectJsonError(response: Response, status: number, error: string): Promise<{ error: string; message: string; details?: unknown }> {
  assert.equal(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const text = await response.text();
  assert.doesNotMatch(text, /\bat .+:\d+:\d+|node_modules|\.ts:\d+|hunter2/, `body leaks internals: ${text}`);
  const body = JSON.parse(text) as { error: string; message: string; details?: unknown };
  assert.equal(body.error, error);
  assert.equal(typeof body.message, 'string');
  return body;
}

describe('error responses', () => {
  test('malformed JSON is a 400 JSON error', async () => {
    const response = await api.request('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: api.origin }, body: '{"username": "admin",' });
    const body = await expectJsonError(response, 400, 'bad_request');
    assert.equal(body.message, 'The request body is not valid JSON.');
  });

  test('an oversize body is a 413 JSON error', async () => {
    const huge = JSON.stringify({ username: 'admin', password: 'x'.repeat(1_100_000) });
    const response = await api.request('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: api.origin }, body: huge });
    await expectJsonError(response, 413, 'payload_too_large');
  });

  test('a path with doubled slashes or a backslash moves to its single-slash form on this site; a NUL byte is refused', async () => {
    const raw = (path: string) =>
      new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
        const url = new URL(api.url);
        http.get({ host: url.hostname, port: url.port, path }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
        }).on('error', reject);
      });
    for (const [path, location] of [['//', '/'], ['///', '/'], ['//evil.example', '/evil.example'], ['/\\evil.example', '/evil.example'], ['//categories//bakery?page=2', '/categories/bakery?page=2'], ['//api/categories', '/api/categories']]) {
      const answer = await raw(path);
      assert.equal(answer.status, 301, path);
      assert.equal(answer.location, location, path);
    }
    for (const path of ['/api/businesses/%00', '/api/businesses/abc%00def']) {
      const answer = await raw(path);
      assert.equal(answer.status, 400, path);
      assert.deepEqual(JSON.parse(answer.body), { error: 'bad_request', message: 'The request is malformed.' }, path);
    }
    // A site address is answered as a page: a browser shows the error, not raw JSON.
    for (const path of ['/categories/%00', '/business/%00']) {
      const answer = await raw(path);
      assert.equal(answer.status, 400, path);
      assert.match(answer.body, /^<!doctype html>/, path);
      assert.match(answer.body, /<h1>This address is not valid<\/h1>/, path);
      assert.match(answer.body, /The request is malformed\./, path);
      assert.match(answer.body, /<a href="\/">Go to the home page<\/a>/, path);
    }
    // A client that asks for JSON on a site address still gets the JSON error.
    const asJson = await api.request('/business/%00', { headers: { accept: 'application/json' } });
    await expectJsonError(asJson, 400, 'bad_request');
  });

  test('unknown /api paths are a 404 JSON error (any method)', async () => {
    await expectJsonError(await api.request('/api/no-such-thing'), 404, 'not_found');
    await expectJsonError(await api.request('/api/admin/no-such-thing', { headers: { cookie } }), 404, 'not_found');
    await expectJsonError(await api.request('/api/no-such-thing', { method: 'DELETE', headers: { cookie } }), 404, 'not_found');
  });

  test('a wrong method on a public path is a 405 naming the methods it answers (signed in or not); unknown writes stay 401', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/homepage-data', 'GET, HEAD'],
      // DELETE is the admin's (DELETE /api/businesses/{id}), so the path answers it too.
      ['PUT', '/api/businesses/some-business', 'GET, HEAD, DELETE'],
      ['POST', '/api/search', 'GET, HEAD'],
      ['GET', '/api/contact', 'POST'],
      ['PATCH', '/api/Categories/', 'GET, HEAD'],
    ] as const) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const response = await api.request(path, { method, headers });
        const body = await expectJsonError(response, 405, 'method_not_allowed');
        assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
        assert.match(body.message, new RegExp(`not ${method}`));
      }
    }
    await expectJsonError(await api.request('/api/nope', { method: 'PUT' }), 401, 'unauthorized');
    await expectJsonError(await api.request('/api/businesses/1', { method: 'DELETE' }), 401, 'unauthorized');
    await expectJsonError(await api.request('/api/admin/site-settings', { method: 'PUT' }), 401, 'unauthorized');
    assert.equal((await api.request('/api/homepage-data', { method: 'OPTIONS' })).headers.get('allow'), 'GET, HEAD');
  });

  test('every answer, built by the app or not, tells browsers not to sniff its type nor let other sites frame it', async () => {
    for (const [method, path] of [['GET', '/api/no-such-thing'], ['GET', '/healthz'], ['GET', '/'], ['HEAD', '/'], ['GET', '/admin'], ['HEAD', '/api/homepage-data']]) {
      const headers = (await api.request(path, { method })).headers;
      // Once each (a header sent twice reads as "nosniff, nosniff" here).
      assert.equal(headers.get('x-content-type-options'), 'nosniff', `${method} ${path}`);
      // The admin panel allows no frame at all, not even from its own origin (frontend/server/admin-panel.ts).
      const isPanel = path === '/admin';
      assert.equal(headers.get('x-frame-options'), isPanel ? 'DENY' : 'SAMEORIGIN', `${method} ${path}`);
      assert.match(headers.get('content-security-policy') ?? '', isPanel ? /frame-ancestors 'none'/ : /frame-ancestors 'self'/, `${method} ${path}`);
      assert.equal(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', `${method} ${path}`);
    }
  });

  test('an unexpected error is a generic 500, logged but not shown', async () => {
    for (const path of ['/api/test-only/crash', '/api/test-only/crash-async']) {
      const body = await expectJsonError(await api.request(path), 500, 'internal_error');
      assert.equal(body.message, 'Something went wrong on our side.');
    }
    assert.ok(logs.lines().some((line) => line.level === 'error' && line.msg === 'unhandled error' && String(line.error).includes('hunter2')), 'the real error must reach the log');
  });

  test('a malformed %-escape in a route parameter is a 400, not a 500', async () => {
    await expectJsonError(await api.request('/api/test-only/items/%E0%A4%A'), 400, 'bad_request');
    assert.deepEqual(await (await api.request('/api/test-only/items/caf%C3%A9')).json(), { id: 'café' });
  });

  test('AppError and Prisma errors map to their status by code', async () => {
    assert.equal((await expectJsonError(await api.request('/api/test-only/app-error'), 409, 'conflict')).message, 'That name is taken.');
    await expectJsonError(await api.request('/api/test-only/duplicate-admin'), 409, 'conflict');
    await expectJsonError(await api.request('/api/test-only/missing-admin'), 404, 'not_found');
  });

  test('validation errors name the field and list details', async () => {
    const body = await expectJsonError(await api.request('/api/test-only/validated?page=0'), 400, 'bad_request');
    assert.match(body.message, /^Invalid query: "page"/);
    assert.deepEqual((body.details as Array<{ field: string }>).map((issue) => issue.field), ['page']);
    const ok = await api.request('/api/test-only/validated?page=3');
    assert.deepEqual(await ok.json(), { page: 3 });
  });
});
