import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, test } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../../../platform/log.ts';
import { SEARCH_UNAVAILABLE_MESSAGE, serviceUnavailable } from '../../errors.ts';
import { createErrorHandler } from '../../middleware/error-handler.ts';
import { createResponseCache, isFresh } from './response-cache.ts';

const entry = { etag: '"abc"', lastModified: 'Sun, 22 Nov 2026 10:00:00 GMT' };
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('conditional GET of a cached answer', () => {
  test('an unconditional request is never fresh', () => {
    assert.equal(isFresh(request({}), entry), false);
  });

  test('If-None-Match: the same tag (strong, weak or in a list) or * is fresh, another tag is not', () => {
    assert.equal(isFresh(request({ 'if-none-match': '"abc"' }), entry), true);
    assert.equal(isFresh(request({ 'if-none-match': 'W/"abc"' }), entry), true);
    assert.equal(isFresh(request({ 'if-none-match': '"old", "abc"' }), entry), true);
    assert.equal(isFresh(request({ 'if-none-match': '*' }), entry), true);
    assert.equal(isFresh(request({ 'if-none-match': '"old"' }), entry), false);
  });

  test('If-None-Match wins over If-Modified-Since', () => {
    assert.equal(isFresh(request({ 'if-none-match': '"old"', 'if-modified-since': 'Mon, 23 Nov 2026 10:00:00 GMT' }), entry), false);
  });

  test('If-Modified-Since: at or after Last-Modified is fresh, before it or unreadable is not', () => {
    assert.equal(isFresh(request({ 'if-modified-since': entry.lastModified }), entry), true);
    assert.equal(isFresh(request({ 'if-modified-since': 'Mon, 23 Nov 2026 10:00:00 GMT' }), entry), true);
    assert.equal(isFresh(request({ 'if-modified-since': 'Sat, 21 Nov 2026 10:00:00 GMT' }), entry), false);
    assert.equal(isFresh(request({ 'if-modified-since': 'yesterday' }), entry), false);
  });

  test('Cache-Control: no-cache asks for the full answer even with a matching tag', () => {
    assert.equal(isFresh(request({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }), entry), false);
    assert.equal(isFresh(request({ 'if-none-match': '"abc"', 'cache-control': 'max-age=0' }), entry), true);
  });
});

describe('an answer that failed', () => {
  test('is never stored: the outage is a 503 with no-store, and the next request is built afresh and then cached', async () => {
    // One data version throughout: an outage does not move it, so a stored error would be served until the next publish.
    const cache = createResponseCache({ current: async () => 'v1', invalidate: () => undefined });
    let calls = 0;
    const app = express();
    app.get('/api/things', cache.json({
      maxAgeSeconds: 60,
      schema: z.object({ things: z.number() }),
      produce: async () => {
        calls += 1;
        if (calls === 1) throw serviceUnavailable(SEARCH_UNAVAILABLE_MESSAGE);
        return { things: calls };
      },
    }));
    app.use(createErrorHandler(createLogger('response-cache-test')));
    const server = createServer((req, res) => cache.serveHits(req, res, () => app(req, res)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/things`;
    try {
      const failed = await fetch(url);
      assert.equal(failed.status, 503);
      assert.equal(failed.headers.get('cache-control'), 'no-store');
      assert.equal(failed.headers.get('retry-after'), '5');
      assert.deepEqual(await failed.json(), { error: 'service_unavailable', message: SEARCH_UNAVAILABLE_MESSAGE });
      assert.equal(cache.size, 0);

      const recovered = await fetch(url);
      assert.equal(recovered.status, 200);
      assert.deepEqual(await recovered.json(), { things: 2 });
      assert.equal(recovered.headers.get('cache-control'), 'public, max-age=60');
      assert.deepEqual(await (await fetch(url)).json(), { things: 2 }, 'the good answer is the one kept');
      assert.equal(calls, 2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
