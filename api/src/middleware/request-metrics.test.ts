import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { createRequestMetrics } from './request-metrics.ts';

describe('request metrics', () => {
  const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);

  test('p95 is the bucket holding the 95th slowest request, within a quarter-power of two', () => {
    const metrics = createRequestMetrics();
    // 95 fast answers and 5 slow ones: the p95 is still fast; 94 and 6: it is slow.
    for (let i = 0; i < 95; i += 1) metrics.record(4, 200, t0);
    for (let i = 0; i < 5; i += 1) metrics.record(900, 200, t0);
    const fast = metrics.window(60, t0);
    assert.equal(fast.requests, 100);
    assert.ok(fast.p95Ms! >= 4 && fast.p95Ms! < 4 * 1.19, `p95 ${fast.p95Ms}`);
    metrics.record(900, 503, t0);
    metrics.record(900, 500, t0);
    const slow = metrics.window(60, t0);
    assert.ok(slow.p95Ms! >= 900 && slow.p95Ms! < 900 * 1.19, `p95 ${slow.p95Ms}`);
    assert.equal(slow.serverErrors, 2);
  });

  test('a window counts only its own seconds, and old seconds are forgotten', () => {
    const metrics = createRequestMetrics();
    metrics.record(10, 200, t0);
    metrics.record(10, 200, t0 + 30_000);
    metrics.record(10, 200, t0 + 90_000);
    const at = t0 + 90_000;
    assert.equal(metrics.window(60, at).requests, 1);
    assert.equal(metrics.window(300, at).requests, 3);
    assert.equal(metrics.window(300, at).perSecond, 0.01);
    // 5 minutes later the ring slot of t0 is reused: nothing of t0 is counted twice or left behind.
    metrics.record(10, 200, t0 + 300_000);
    assert.equal(metrics.window(300, t0 + 300_000).requests, 3);
    assert.equal(metrics.window(60, t0 + 600_000).requests, 0);
    assert.equal(metrics.window(60, t0 + 600_000).p95Ms, null);
  });
});
