import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, test } from 'vitest';
import { isFresh } from './response-cache.ts';

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
