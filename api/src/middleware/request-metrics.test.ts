import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { createMetricsRegistry } from '../../../platform/metrics.ts';
import { createRequestMetrics } from './request-metrics.ts';

const home = { method: 'GET', route: '/api/homepage-data', status: 200 };

describe('request metrics', () => {
  test('p95 is interpolated within the bucket holding the 95th slowest request', async () => {
    const metrics = createRequestMetrics(createMetricsRegistry());
    try {
      // 95 fast answers and 5 slow ones: the p95 is still fast (the 2.5-5 ms bucket); 2 more slow: it is slow.
      for (let i = 0; i < 95; i += 1) metrics.record(home, 4);
      for (let i = 0; i < 5; i += 1) metrics.record(home, 900);
      const fast = await metrics.window(60);
      assert.equal(fast.requests, 100);
      assert.ok(fast.p95Ms! > 2.5 && fast.p95Ms! <= 5, `p95 ${fast.p95Ms}`);
      metrics.record({ ...home, status: 503 }, 900);
      metrics.record({ ...home, status: 500 }, 900);
      const slow = await metrics.window(60);
      assert.ok(slow.p95Ms! > 500 && slow.p95Ms! <= 1000, `p95 ${slow.p95Ms}`);
      assert.equal(slow.serverErrors, 2);
    } finally {
      metrics.stop();
    }
  });

  test('a window is the live totals minus the sample taken that long ago', async () => {
    const metrics = createRequestMetrics(createMetricsRegistry());
    try {
      const t0 = Date.now();
      metrics.record(home, 10);
      await metrics.sample(t0);
      metrics.record(home, 10);
      await metrics.sample(t0 + 30_000);
      metrics.record(home, 10);
      const at = t0 + 90_000;
      assert.equal((await metrics.window(60, at)).requests, 1, 'only the request after the sample of 60 s ago');
      // 300 s back is before counting started: everything since.
      assert.equal((await metrics.window(300, at)).requests, 3);
      assert.equal((await metrics.window(300, at)).perSecond, 0.01);
      // A window with nothing in it after its sample.
      await metrics.sample(t0 + 120_000);
      const quiet = await metrics.window(60, t0 + 180_000);
      assert.deepEqual([quiet.requests, quiet.p95Ms], [0, null]);
    } finally {
      metrics.stop();
    }
  });

  test('the same counts are in the Prometheus text, by method, route pattern and status class', async () => {
    const registry = createMetricsRegistry();
    const metrics = createRequestMetrics(registry);
    try {
      metrics.record(home, 3);
      metrics.record({ method: 'POST', route: '/api/contact', status: 422 }, 30);
      const text = await registry.metrics();
      assert.match(text, /^directory_http_requests_total\{method="GET",route="\/api\/homepage-data",status_class="2xx"\} 1$/m);
      assert.match(text, /^directory_http_requests_total\{method="POST",route="\/api\/contact",status_class="4xx"\} 1$/m);
      assert.match(text, /^directory_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/homepage-data",status_class="2xx"\} 1$/m);
      assert.match(text, /^directory_http_request_duration_seconds_bucket\{le="0\.025",method="POST",route="\/api\/contact",status_class="4xx"\} 0$/m);
    } finally {
      metrics.stop();
    }
  });
});
