import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { preferredEncoding, prefersGzip } from './accept-encoding.ts';

describe('gzip or identity for a cached answer', () => {
  test('gzip goes out when the client lists it (or *) with a q above 0', () => {
    assert.equal(prefersGzip('gzip, deflate, br'), true);
    assert.equal(prefersGzip('br;q=1.0, gzip;q=0.8, *;q=0.1'), true);
    assert.equal(prefersGzip('*'), true);
    assert.equal(prefersGzip('x-gzip'), true);
  });

  test('no header, gzip refused, gzip not listed, or identity preferred: the plain body', () => {
    assert.equal(prefersGzip(undefined), false);
    assert.equal(prefersGzip(''), false);
    assert.equal(prefersGzip('gzip;q=0'), false);
    assert.equal(prefersGzip('br, deflate'), false);
    assert.equal(prefersGzip('*;q=0.5, gzip;q=0'), false);
    assert.equal(prefersGzip('identity;q=1, gzip;q=0.5'), false);
  });
});

describe('brotli, gzip or identity for a built asset', () => {
  const both = { br: true, gzip: true };
  test('brotli at equal or higher weight, as browsers send it; gzip where brotli is refused or missing', () => {
    assert.equal(preferredEncoding('gzip, deflate, br', both), 'br');
    assert.equal(preferredEncoding('gzip, deflate, br, zstd', both), 'br');
    assert.equal(preferredEncoding('br;q=0.5, gzip', both), 'gzip');
    assert.equal(preferredEncoding('gzip, deflate, br', { br: false, gzip: true }), 'gzip');
    assert.equal(preferredEncoding('*', both), 'br');
  });

  test('neither accepted, or identity preferred: the plain file', () => {
    assert.equal(preferredEncoding(undefined, both), null);
    assert.equal(preferredEncoding('deflate', both), null);
    assert.equal(preferredEncoding('identity;q=1, br;q=0.5, gzip;q=0.5', both), null);
    assert.equal(preferredEncoding('br, gzip', { br: false, gzip: false }), null);
  });
});
