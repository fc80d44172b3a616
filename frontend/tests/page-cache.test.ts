/**
 * The page cache (frontend/server/page-cache.ts) on the real API, PostgreSQL, Meilisearch and indexer,
 * with the built site. The renderer reads the API through a small proxy the test controls, so it can hold
 * a render (shedding, single flight) or answer as an outage would, without stopping the shared servers;
 * the cache's clock is the test's, so a minute passes without waiting for one.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, onTestFinished, test } from 'vitest';
import { buildBusiness, seedDirectory } from '../../api/src/services/public/testing/public-fixtures.ts';
import { startAdminTestApi, type AdminTestApi } from '../../api/src/test/api-harness.ts';
import { ensureFrontendBuild } from '../server/build.ts';
import { createFrontendRouter } from '../server/create-frontend-handler.ts';
import { registerPageCacheMetrics, type PageCache } from '../server/page-cache.ts';
import type { Registry } from '../../platform/metrics.ts';

const ALWAYS_OPEN = Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, 'Open 24 hours']));

/** Forwards the renderer's API reads to the real API, or holds them, or answers 503 as an outage does. */
async function startApiProxy() {
  let target = '';
  let mode: 'pass' | 'hold' | 'fail' = 'pass';
  const held: Array<() => void> = [];
  let seen = 0;
  const server = http.createServer((req, res) => {
    seen += 1;
    const forward = async () => {
      if (mode === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' }).end(JSON.stringify({ error: 'service_unavailable', message: 'Search is unavailable.' }));
        return;
      }
      const headers: Record<string, string> = { accept: String(req.headers.accept ?? '*/*') };
      if (req.headers['x-forwarded-for']) headers['x-forwarded-for'] = String(req.headers['x-forwarded-for']);
      const answer = await fetch(target + req.url, { headers });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    };
    if (mode === 'hold') held.push(() => void forward().catch(() => res.destroy()));
    else void forward().catch(() => res.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (url: string) => void (target = url),
    setMode: (next: typeof mode) => void (mode = next),
    release() {
      mode = 'pass';
      for (const go of held.splice(0)) go();
    },
    get held() {
      return held.length;
    },
    get seen() {
      return seen;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('page cache', () => {
  let api: AdminTestApi;
  let proxy: Awaited<ReturnType<typeof startApiProxy>>;
  let pages: PageCache;
  /** The app's metrics registry (what the API serves on its metrics port). */
  let metrics: Registry;
  /** The public data version the cache keys its entries by. */
  let dataVersion: () => Promise<string>;
  let slug: string;
  let businessId: number;
  /** The cache's clock: real time unless a test sets it. */
  let fixedNow: number | null = null;

  const get = (path: string, headers: Record<string, string> = {}) => api.request(path, { headers });
  /** Requests `path` until it is a hit (the indexer's last publish may still move the data version). */
  const cached = async (path: string) => {
    let last: Response | undefined;
    await until(async () => {
      last = await get(path);
      await last.arrayBuffer();
      return last.headers.get('x-page-cache') === 'HIT';
    }, `a hit on ${path}`);
    return last!;
  };

  beforeAll(async () => {
    await ensureFrontendBuild();
    proxy = await startApiProxy();
    api = await startAdminTestApi({
      fallbackRouters: [
        (deps) => {
          const router = createFrontendRouter({
            config: deps.config,
            pool: deps.pool,
            dataVersion: () => deps.cache.shared.version(),
            apiBaseUrl: proxy.url,
            pageCache: { now: () => fixedNow ?? Date.now(), maxConcurrentRenders: 2, maxQueue: 2, maxQueueWaitMs: 300 },
          });
          pages = router.pages!;
          metrics = deps.metrics;
          dataVersion = () => deps.cache.shared.version();
          registerPageCacheMetrics(metrics, pages);
          return router;
        },
      ],
      seed: async (seeding) => {
        await seedDirectory({
          config: seeding.config,
          pool: seeding.pool,
          rows: [buildBusiness({ placeId: 'cache-cafe', name: 'Cache Cafe', phone: '+49 30 1111111', workingHours: ALWAYS_OPEN })],
        });
      },
    });
    proxy.setTarget(api.url);
    ({ rows: [{ slug, id: businessId }] } = await api.pool.query<{ slug: string; id: number }>(`SELECT slug, id FROM businesses WHERE place_id = 'cache-cafe'`));
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
  });

  test('a second request is a hit: no render and no API read; other parameters and cookies share the entry; If-None-Match gives 304', async () => {
    // The cache's clock held mid-minute, so no entry of this test expires between two requests.
    fixedNow = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    onTestFinished(() => {
      fixedNow = null;
    });
    const first = await get(`/business/${slug}`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-page-cache'), 'MISS');
    assert.match(await first.text(), /Cache Cafe[\s\S]*Open Now/);
    await cached(`/business/${slug}`);
    const { renders } = pages.stats();
    const reads = proxy.seen;

    const second = await get(`/business/${slug}`);
    assert.equal(second.headers.get('x-page-cache'), 'HIT');
    const html = await second.text();
    assert.match(html, /Cache Cafe/);
    assert.match(second.headers.get('cache-control') ?? '', /^public, max-age=\d+$/);
    assert.match(second.headers.get('vary') ?? '', /Cookie/);
    assert.equal(second.headers.get('x-content-type-options'), 'nosniff', 'the security headers go out with a hit too');
    // A tracking parameter and a stranger's cookie: the same page, from the same entry.
    const tracked = await get(`/business/${slug}?utm_source=mail&fbclid=x`, { cookie: 'theme=dark' });
    assert.equal(tracked.headers.get('x-page-cache'), 'HIT');
    assert.equal(await tracked.text(), html);
    const withCookie = await get(`/business/${slug}`, { cookie: 'dir_session=forged' });
    assert.equal(withCookie.headers.get('x-page-cache'), 'HIT', 'a cookie that is no valid session is a visitor');
    assert.equal(pages.stats().renders, renders);
    assert.equal(proxy.seen, reads, 'a hit reads nothing from the API');

    const etag = second.headers.get('etag')!;
    // As a browser revalidates (fetch would add `no-cache`, which asks for the full answer, without a Cache-Control of its own).
    const revalidated = await get(`/business/${slug}`, { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    assert.equal(revalidated.status, 304);
    assert.equal(await revalidated.text(), '');
    const gzip = await get(`/business/${slug}`, { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.equal(await gzip.text(), html);

    // The metrics endpoint reads the same figures: hits and renders, and pages as one bounded route label.
    const text = await metrics.metrics();
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? NaN);
    assert.equal(value(/^directory_page_cache_requests_total\{result="hit"\} (\d+)$/m), pages.stats().hits);
    assert.ok(pages.stats().hits >= 3, 'hits counted');
    assert.equal(value(/^directory_page_renders_total (\d+)$/m), pages.stats().renders);
    assert.ok(value(/^directory_http_requests_total\{method="GET",route="page",status_class="2xx"\} (\d+)$/m) >= 3, 'page answers, hits before Express included, under route="page"');
  });

  test('a signed-in admin is never served a cached page and fills no entry', async () => {
    await get('/countries');
    const cached = pages.stats();
    const forAdmin = await get('/countries', { cookie: api.cookie });
    assert.equal(forAdmin.status, 200);
    assert.equal(forAdmin.headers.get('cache-control'), 'private, no-store');
    assert.equal(forAdmin.headers.get('x-page-cache'), null);
    assert.match(await forAdmin.text(), /data-viewer="admin"/);
    // An uncached page seen by the admin first: the visitor after gets a fresh render, not the admin's.
    const adminFirst = await get('/cities', { cookie: api.cookie });
    assert.match(await adminFirst.text(), /data-viewer="admin"/);
    assert.equal(pages.stats().entries, cached.entries, 'the admin filled no entry');
    const visitor = await get('/cities');
    assert.equal(visitor.headers.get('x-page-cache'), 'MISS');
    assert.doesNotMatch(await visitor.text(), /data-viewer="admin"/);
    assert.equal(pages.stats().hits, cached.hits, 'none of these was a hit');
  });

  test('an admin save of the site settings or an ad, or an approved business change, makes the next page new', async () => {
    await cached('/');
    const saved = await api.postJson('/api/admin/site-settings', { head_tags: '<meta name="page-cache-test" content="1">' }, { cookie: api.cookie });
    assert.equal(saved.status, 200);
    const afterSettings = await get('/');
    assert.equal(afterSettings.headers.get('x-page-cache'), 'MISS');
    assert.match(await afterSettings.text(), /page-cache-test/);

    await cached('/');
    const ad = await api.postJson('/api/admin/advertisement-codes', { ad5: '<div id="page-cache-ad">Ad</div>' }, { cookie: api.cookie });
    assert.equal(ad.status, 200);
    const afterAd = await get('/');
    assert.equal(afterAd.headers.get('x-page-cache'), 'MISS');
    assert.match(await afterAd.text(), /page-cache-ad/);

    await cached(`/business/${slug}`);
    const edited = await fetch(`${api.url}/api/admin/businesses/${businessId}`, {
      method: 'PATCH',
      headers: { cookie: api.cookie, origin: api.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+49 30 2222222' }),
    });
    assert.equal(edited.status, 200);
    // The write answers once search holds it, and its publish moves the data version.
    const afterEdit = await get(`/business/${slug}`);
    assert.equal(afterEdit.headers.get('x-page-cache'), 'MISS');
    assert.match(await afterEdit.text(), /2222222/);
  });

  test('Open Now stays right to the minute: an entry is not served past the minute it was rendered in', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    fixedNow = minute + 59_000;
    try {
      const last = await cached(`/business/${slug}?page=1`);
      assert.equal(last.headers.get('cache-control'), 'public, max-age=1', 'browsers keep it no longer than the minute either');
      const renders = pages.stats().renders;
      fixedNow = minute + 60_000;
      const next = await get(`/business/${slug}?page=1`);
      assert.equal(next.headers.get('x-page-cache'), 'MISS');
      assert.equal(pages.stats().renders, renders + 1, 'rendered afresh in the new minute');
      assert.match(await next.text(), /Open Now/);
    } finally {
      fixedNow = null;
    }
  });

  test('during an outage the last good copy is served, marked stale; a failed page is never stored', async () => {
    const good = await get('/categories');
    assert.equal(good.status, 200);
    const html = await good.text();
    proxy.setMode('fail');
    fixedNow = Date.now() + 120_000;
    try {
      const stale = await get('/categories');
      assert.equal(stale.status, 200);
      assert.equal(stale.headers.get('x-page-cache'), 'STALE');
      assert.equal(stale.headers.get('cache-control'), 'no-store');
      assert.equal(await stale.text(), html);

      const neverCached = await get('/countries/germany');
      assert.notEqual(neverCached.headers.get('x-page-cache'), 'STALE');
      assert.doesNotMatch(neverCached.headers.get('cache-control') ?? '', /public/);
      await neverCached.text();
    } finally {
      proxy.setMode('pass');
    }
    try {
      const recovered = await get('/countries/germany');
      assert.equal(recovered.headers.get('x-page-cache'), 'MISS', 'the failed page was not kept');
      assert.equal(recovered.status, 200);
      assert.equal((await get('/categories')).headers.get('x-page-cache'), 'MISS', 'the stale copy was replaced once renders work again');
    } finally {
      fixedNow = null;
    }
  });

  test('concurrent misses of one URL make one render', async () => {
    // One render per URL *and data version*: let the publishes of the earlier tests' writes (the aggregates
    // follow a write by ~100 ms) settle first, so the six requests meet one version.
    let version = await dataVersion();
    let steadySince = Date.now();
    await until(async () => {
      const now = await dataVersion();
      if (now !== version) [version, steadySince] = [now, Date.now()];
      return Date.now() - steadySince >= 1_500;
    }, 'the data version to hold still');
    const renders = pages.stats().renders;
    proxy.setMode('hold');
    const answers = Array.from({ length: 6 }, () => get('/categories?page=1'));
    await until(() => proxy.held > 0, 'the render to read the API');
    proxy.release();
    const responses = await Promise.all(answers);
    assert.deepEqual(responses.map((response) => response.status), [200, 200, 200, 200, 200, 200]);
    assert.equal(pages.stats().renders, renders + 1);
  });

  test('the key is the path and the page parameters: their order and other parameters do not matter; a redirect keeps the query', async () => {
    // The cache's clock held mid-minute: an entry stored at :59.9 and asked for at :00.0 is a miss by design.
    fixedNow = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    try {
      await cached('/categories?page=1&q=bread');
      const reordered = await get('/categories?utm_campaign=x&q=bread&page=1');
      assert.equal(reordered.headers.get('x-page-cache'), 'HIT');
      await reordered.arrayBuffer();
      const other = await get('/categories?page=2&q=bread');
      assert.equal(other.headers.get('x-page-cache'), 'MISS', 'another page parameter is another page');
      await other.arrayBuffer();
    } finally {
      fixedNow = null;
    }

    const moved = await fetch(`${api.url}/api/admin/businesses/${businessId}`, {
      method: 'PATCH',
      headers: { cookie: api.cookie, origin: api.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'cache-cafe-moved' }),
    });
    assert.equal(moved.status, 200);
    const redirect = await get(`/business/${slug}?utm_source=mail`);
    assert.deepEqual([redirect.status, redirect.headers.get('location')], [301, '/business/cache-cafe-moved?utm_source=mail']);
  });

  test('a burst of distinct uncached URLs is shed with clean 503s, not left hanging', async () => {
    const shedBefore = pages.stats().shed;
    proxy.setMode('hold');
    // Two renders run (held), two wait in line (and give up after the wait), the rest are refused at once.
    const answers = Array.from({ length: 8 }, (_, index) => get(`/business/burst-${index}`).then(async (response) => ({ response, body: await response.text() })));
    const settled: Array<{ response: Response; body: string }> = [];
    for (const answer of answers) void answer.then((value) => settled.push(value));
    try {
      await until(() => settled.length >= 6, 'six answers while two renders are held');
    } finally {
      proxy.release();
    }
    const all = await Promise.all(answers);
    const shed = all.filter(({ response }) => response.status === 503);
    assert.equal(shed.length, 6);
    for (const { response, body } of shed) {
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.ok(Number(response.headers.get('retry-after')) >= 1);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      assert.match(body, /Please try again later/);
    }
    assert.deepEqual(all.filter(({ response }) => response.status !== 503).map(({ response }) => response.status), [404, 404], 'the two held renders finish');
    assert.equal(pages.stats().shed, shedBefore + 6);
  });
});
