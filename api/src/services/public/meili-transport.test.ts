import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { MeilisearchApiError } from 'meilisearch';
import { createMeiliTransport } from './meili-transport.ts';

describe('the API transport to Meilisearch', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
        if (req.url === '/hang') return; // never answers
        if (req.url === '/missing') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Document `x` not found.', code: 'document_not_found', type: 'invalid_request', link: '' }));
          return;
        }
        if (req.url === '/broken') return void res.writeHead(502).end('<html>bad gateway</html>');
        if (req.url === '/odd') return void res.writeHead(999, { 'content-type': 'application/json' }).end('{"message":"?"}');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hits: [{ id: 1 }], echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const transport = createMeiliTransport({ timeoutMs: 300, maxSockets: 4 });

  test('sends the method, headers and JSON body, and resolves the parsed answer', async () => {
    const answer = await transport(new URL(`${base}/indexes/x/search`), {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer key', 'content-type': 'application/json' }),
      body: JSON.stringify({ q: 'café' }),
    });
    assert.deepEqual(answer, { hits: [{ id: 1 }], echo: '{"q":"café"}' });
    assert.deepEqual(seen.at(-1), { method: 'POST', url: '/indexes/x/search', authorization: 'Bearer key', body: '{"q":"café"}' });
  });

  test("an error answer becomes Meilisearch's own error with its code", async () => {
    const error = await transport(`${base}/missing`).then(() => null, (failure: unknown) => failure);
    assert.ok(error instanceof MeilisearchApiError);
    assert.equal(error.cause?.code, 'document_not_found');
    assert.equal(error.response.status, 404);
  });

  test('an answer that is not JSON is a clear error, not a parse exception', async () => {
    await assert.rejects(transport(`${base}/broken`), /Meilisearch answered 502 with a body that is not JSON/);
  });

  test('a status outside HTTP\'s error range is a clear error, not a crash', async () => {
    await assert.rejects(transport(`${base}/odd`), /Meilisearch answered with status 999/);
  });

  test('a Meilisearch that never answers is given up after the timeout', async () => {
    const started = Date.now();
    await assert.rejects(transport(`${base}/hang`), /did not answer within 300 ms/);
    assert.ok(Date.now() - started < 2_000);
  });
});
