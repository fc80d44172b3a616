import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ApiError, createApiClient, readErrorStatus } from './client.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A real HTTP server: each path answers as the admin API would; every request is kept to be looked at. */
const received: Received[] = [];
const routes: Record<string, (request: Received, response: ServerResponse) => void> = {
  '/echo': (request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ method: request.method, contentType: request.headers['content-type'] ?? null, body: request.body.toString('utf8') }));
  },
  '/refused': (_request, response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'bad_request', message: 'name must be at least 2 characters', details: [{ field: 'name', message: 'name must be at least 2 characters' }, { field: 'slug', message: 'slug is taken' }] }));
  },
  '/missing': (_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'not_found', message: 'Business not found' }));
  },
  '/proxy-down': (_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html>Bad Gateway</html>');
  },
  '/empty-error': (_request, response) => {
    response.writeHead(503);
    response.end();
  },
  '/deleted': (_request, response) => {
    response.writeHead(204);
    response.end();
  },
};
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
    received.push(entry);
    const route = routes[new URL(entry.url, 'http://localhost').pathname];
    if (route) return route(entry, response);
    response.writeHead(404);
    response.end('no such route');
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lastRequest = () => received.at(-1)!;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => assert.fail('the request should have failed'),
    (reason: unknown) => reason,
  );
  assert.ok(error instanceof ApiError, `an ApiError, not ${String(error)}`);
  return error;
}

describe('API client: what the admin panel sends', () => {
  for (const method of ['post', 'put', 'patch'] as const) {
    test(`${method} sends its body as JSON with a JSON content-type, and reads the JSON answer`, async () => {
      const api = createApiClient(baseUrl);
      const answer = await api[method]<{ method: string; contentType: string; body: string }>('/echo', { name: 'Café Zürich', tags: ['a', 'b'], rating: 4.5 });
      assert.equal(answer.method, method.toUpperCase());
      assert.equal(answer.contentType, 'application/json');
      assert.deepEqual(JSON.parse(answer.body), { name: 'Café Zürich', tags: ['a', 'b'], rating: 4.5 });
      assert.equal(lastRequest().headers.accept, 'application/json');
    });
  }

  test('a POST without a body sends none (no content-type either)', async () => {
    const answer = await createApiClient(baseUrl).post<{ contentType: string | null; body: string }>('/echo');
    assert.equal(answer.contentType, null);
    assert.equal(answer.body, '');
  });

  test('delete sends DELETE without a body; an empty answer (204) is null', async () => {
    const answer = await createApiClient(baseUrl).delete('/deleted?id=7');
    assert.equal(answer, null);
    assert.equal(lastRequest().method, 'DELETE');
    assert.equal(lastRequest().url, '/deleted?id=7');
    assert.equal(lastRequest().body.length, 0);
  });

  test('upload POSTs a multipart form: the file and the fields arrive as sent', async () => {
    const form = new FormData();
    const csv = 'name,city\nCafé Zürich,Zürich\n';
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'businesses.csv');
    form.set('mode', 'replace');
    await createApiClient(baseUrl).upload('/echo', form);
    const request = lastRequest();
    assert.equal(request.method, 'POST');
    assert.match(request.headers['content-type'] ?? '', /^multipart\/form-data; boundary=/);
    // The server's side of it: the body is read back as the form it is.
    const parsed = await new Response(new Uint8Array(request.body), { headers: { 'content-type': request.headers['content-type']! } }).formData();
    assert.equal(parsed.get('mode'), 'replace');
    const file = parsed.get('file') as File;
    assert.equal(file.name, 'businesses.csv');
    assert.equal(file.type, 'text/csv');
    assert.equal(await file.text(), csv);
  });

  test('every request carries the credentials: cookies in the browser, the forwarded headers on the server', async () => {
    const seen: RequestInit[] = [];
    const realFetch = globalThis.fetch;
    // A look at what the client asks fetch for; the request still goes to the real server.
    globalThis.fetch = (input, init) => {
      seen.push(init ?? {});
      return realFetch(input, init);
    };
    try {
      const api = createApiClient(baseUrl, { headers: { cookie: 'session=abc', 'x-forwarded-for': '203.0.113.9' } });
      const form = new FormData();
      form.set('mode', 'append');
      await api.get('/echo');
      await api.post('/echo', {});
      await api.put('/echo', {});
      await api.patch('/echo', {});
      await api.delete('/deleted');
      await api.upload('/echo', form);
      assert.equal(lastRequest().headers.cookie, 'session=abc');
      assert.equal(lastRequest().headers['x-forwarded-for'], '203.0.113.9');
    } finally {
      globalThis.fetch = realFetch;
    }
    assert.equal(seen.length, 6);
    for (const init of seen) assert.equal(init.credentials, 'include');
  });
});

describe('API client: errors keep what the server said', () => {
  test('a JSON error: status, the spec message form "400: message", the code and every field at fault', async () => {
    const error = await rejection(createApiClient(baseUrl).post('/refused', { name: 'x' }));
    assert.equal(error.status, 400);
    assert.equal(error.message, '400: name must be at least 2 characters');
    assert.equal(error.detail, 'name must be at least 2 characters');
    assert.equal(error.code, 'bad_request');
    assert.equal(error.statusText, 'Bad Request');
    assert.deepEqual(error.fieldErrors, [
      { field: 'name', message: 'name must be at least 2 characters' },
      { field: 'slug', message: 'slug is taken' },
    ]);
    assert.equal(error.fieldError('slug'), 'slug is taken');
    assert.equal(error.fieldError('email'), undefined);
  });

  test('a JSON error without details: the code and message, no fields', async () => {
    const error = await rejection(createApiClient(baseUrl).get('/missing'));
    assert.equal(error.message, '404: Business not found');
    assert.equal(error.code, 'not_found');
    assert.deepEqual(error.fieldErrors, []);
    assert.equal(readErrorStatus(error), 404);
  });

  test('a body that is not JSON (a proxy page): the text itself, no code', async () => {
    const error = await rejection(createApiClient(baseUrl).put('/proxy-down', {}));
    assert.equal(error.status, 502);
    assert.equal(error.message, '502: <html>Bad Gateway</html>');
    assert.equal(error.code, null);
    assert.deepEqual(error.fieldErrors, []);
  });

  test('an empty error body: the status text', async () => {
    const error = await rejection(createApiClient(baseUrl).upload('/empty-error', new FormData()));
    assert.equal(error.message, '503: Service Unavailable');
    assert.equal(error.detail, 'Service Unavailable');
  });

  test('dehydrated into a server-rendered page, an error keeps what the public pages read (and only that)', async () => {
    const error = await rejection(createApiClient(baseUrl).get('/missing'));
    const hydrated: unknown = JSON.parse(JSON.stringify(error));
    assert.deepEqual(hydrated, { name: 'ApiError', status: 404, statusText: 'Not Found', message: '404: Business not found', detail: 'Business not found' });
    assert.equal(readErrorStatus(hydrated), 404);
    assert.equal(readErrorStatus(new Error('offline')), undefined);
    assert.equal(readErrorStatus(null), undefined);
  });
});
