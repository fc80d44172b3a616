/**
 * Outages as a visitor and an admin meet them (issue 27): Meilisearch stopped, PostgreSQL stopped, the
 * PostgreSQL postmaster frozen (SIGSTOP), and each coming back. Every answer in an outage is a clean 503
 * (JSON for the API, the page with the spec's error text for the site) that no cache keeps and that says
 * when to retry; nothing is a 200 carrying an error, a 500 or a 502, and nothing waits for the frozen
 * database. The servers are this file's own (started here, stopped, frozen and restarted here), so no
 * other test file is disturbed.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { ErrorBody } from '../../common/api/public.ts';
import { createSiteRouter } from '../../frontend/server/create-frontend-handler.ts';
import { ensureFrontendBuild } from '../../frontend/server/build.ts';
import { runIndexer } from '../../indexer/src/indexer.ts';
import { insertBusinesses } from '../../indexer/src/test/factories.ts';
import { waitFor } from '../../indexer/src/test/wait.ts';
import { loadConfig, type Config } from '../../platform/config.ts';
import { createPool, REQUEST_PATH_BOUNDS, type Pool } from '../../platform/db/pool.ts';
import { createPrisma, type Prisma } from '../../platform/db/prisma.ts';
import { captureLogs } from '../../platform/testing/capture-logs.ts';
import { startEmbeddedMeilisearch, type RunningMeilisearch } from '../../platform/runtime/embedded-meilisearch.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../../platform/runtime/embedded-postgres.ts';
import { startThrowawayServers, type ThrowawayServers } from '../../platform/runtime/throwaway-servers.ts';
import { createMeili, indexUid } from '../../platform/search/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, SEARCH_UNAVAILABLE_MESSAGE } from './errors.ts';
import { cookieHeaderFrom } from './test/api-harness.ts';
import { ensureAdminUser } from './services/auth/ensure-admin-user.ts';
import { startServer } from './server.ts';

// Generous: these servers share two cores with other test files.
const SLOW_MS = 90_000;
/**
 * How long a request may take while PostgreSQL is frozen before the test calls it a hang: far above the
 * 3 s connection bound even on a loaded machine, far below "until the database thaws" (never, here).
 */
const HANG_MS = 45_000;
const ADMIN = { username: 'outage-admin', password: 'outage admin password' };

let servers: ThrowawayServers;
let postgres: RunningPostgres;
/** Servers this file restarted: servers.stop() only knows the ones it started. */
let restartedMeili: RunningMeilisearch | null = null;
let config: Config;
let prisma: Prisma;
let pool: Pool;
let running: Awaited<ReturnType<typeof startServer>>;
let adminCookie = '';
let origin = '';
let businessSlug = '';
let frozenPid: number | null = null;
let nextIp = 1;
const logs = captureLogs({ level: 'info' });

beforeAll(async () => {
  await ensureFrontendBuild();
  servers = await startThrowawayServers({ name: 'api-outage', database: 'outage', meilisearch: true, ephemeral: true });
  postgres = servers.postgres;
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: servers.dataDir,
    DATABASE_URL: servers.databaseUrl,
    MEILI_URL: servers.meili!.url,
    MEILI_MASTER_KEY: servers.meiliMasterKey,
    MEILI_INDEX_PREFIX: 'outage_',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Each contact message from its own client address, under the form's rate limit.
    TRUST_PROXY: 'true',
  });
  // As api/src/main.ts builds them: every wait on PostgreSQL bounded.
  prisma = createPrisma(config.databaseUrl!, { max: 4, bounds: REQUEST_PATH_BOUNDS });
  pool = createPool(config.databaseUrl!, { max: 4, applicationName: 'directory-api-outage', bounds: REQUEST_PATH_BOUNDS });
  await ensureAdminUser({ prisma, ...ADMIN });
  const ids = await insertBusinesses(pool, [
    { name: 'Outage Bakery One', category: 'Bakery', city: 'Berlin', countryCode: 'DE', reviewCount: 40 },
    { name: 'Outage Bakery Two', category: 'Bakery', city: 'Berlin', countryCode: 'DE', reviewCount: 30 },
    { name: 'Outage Cafe', category: 'Cafe', city: 'Berlin', countryCode: 'DE', reviewCount: 20 },
    { name: 'Outage Bistro', category: 'Cafe', city: 'Paris', countryCode: 'FR', reviewCount: 10 },
  ]);
  businessSlug = (await pool.query<{ slug: string }>('SELECT slug FROM businesses WHERE id = $1', [ids[0]])).rows[0].slug;

  // The indexes are built once; the outages below need no indexer (its own recovery is another suite's).
  const indexer = runIndexer({ config, aggregateDebounceMs: 100 });
  try {
    await indexer.ready;
    const meili = createMeili(config);
    await waitFor('the businesses and the home document in search', async () => {
      const hits = await meili.index(indexUid(config.meiliIndexPrefix, 'businesses')).search('outage');
      const home = await meili.index(indexUid(config.meiliIndexPrefix, 'home')).getDocuments({ limit: 1 }).catch(() => null);
      return hits.hits.length === 4 && (home?.results.length ?? 0) > 0;
    }, SLOW_MS, 200);
  } finally {
    await indexer.stop();
  }

  running = await startServer(
    { config, prisma, pool, meili: createMeili(config), logger: logs.logger },
    { host: '127.0.0.1', port: 0, fallbackRouters: [createSiteRouter], shutdownTimeoutMs: 2_000 },
  );
  origin = config.allowedOrigins[0];
  const login = await postJson('/api/admin/login', ADMIN);
  assert.equal(login.status, 200, await login.clone().text());
  adminCookie = cookieHeaderFrom(login);
}, 300_000);

afterAll(async () => {
  if (frozenPid !== null) process.kill(frozenPid, 'SIGCONT');
  await running?.close();
  await Promise.allSettled([prisma?.$disconnect(), pool?.end()]);
  await Promise.allSettled([postgres?.stop(), restartedMeili?.stop()]);
  await servers?.stop();
});

function request(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${running.url}${pathAndQuery}`, { redirect: 'manual', signal: AbortSignal.timeout(HANG_MS), ...init });
}

function page(pathAndQuery: string): Promise<Response> {
  return request(pathAndQuery, { headers: { accept: 'text/html' } });
}

function postJson(pathAndQuery: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return request(pathAndQuery, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': `10.27.0.${nextIp++}`, ...headers },
    body: JSON.stringify(body),
  });
}

function sendContactMessage(): Promise<Response> {
  return postJson('/api/contact', { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Listing update', message: 'Please update the opening hours.' });
}

/** The answer of an outage: 503, never kept by any cache, with a time to come back. */
function assertOutageAnswer(response: Response, what: string): void {
  assert.equal(response.status, 503, `${what}: status`);
  assert.equal(response.headers.get('cache-control'), 'no-store', `${what}: Cache-Control`);
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `${what}: Retry-After ${response.headers.get('retry-after')}`);
}

async function assertJsonOutage(response: Response, message: string, what: string): Promise<void> {
  assertOutageAnswer(response, what);
  assert.deepEqual(ErrorBody.parse(await response.json()), { error: 'service_unavailable', message }, what);
}

async function assertPageOutage(response: Response, text: string, what: string): Promise<void> {
  assertOutageAnswer(response, what);
  assert.match(response.headers.get('content-type') ?? '', /text\/html/, what);
  const html = await response.text();
  assert.ok(html.includes(text), `${what}: shows "${text}"`);
}

/** The status and headers of the answer to a WebSocket upgrade request that is refused. */
function upgradeStatus(pathAndQuery: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const call = http.request(`${running.url}${pathAndQuery}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64'), ...headers },
      timeout: HANG_MS,
    });
    call.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    call.on('upgrade', (_response, socket) => {
      socket.destroy();
      reject(new Error('the upgrade was accepted'));
    });
    call.on('timeout', () => call.destroy(new Error('no answer to the upgrade')));
    call.on('error', reject);
    call.end();
  });
}

async function postmasterPid(): Promise<number> {
  const lines = (await readFile(path.join(servers.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  return Number(lines[0]);
}

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: servers.databaseUrl });
  await client.connect();
  return client;
}

describe('Meilisearch down', () => {
  test('uncached API reads are 503 JSON and pages are 503 with the spec texts; all recover once it is back', async () => {
    await servers.meili!.stop();

    await assertJsonOutage(await request('/api/businesses?page=2'), SEARCH_UNAVAILABLE_MESSAGE, 'GET /api/businesses?page=2');
    await assertJsonOutage(await request('/api/cities?letter=b'), SEARCH_UNAVAILABLE_MESSAGE, 'GET /api/cities?letter=b');
    await assertJsonOutage(await request('/api/search?q=bakery'), SEARCH_UNAVAILABLE_MESSAGE, 'GET /api/search?q=bakery');

    // What the issue measured as 200 + "public, max-age=60" (and the category as 502), now 503s.
    const pages: Array<[string, string]> = [
      ['/search?q=bakery', 'Search is unavailable'],
      ['/businesses?page=2', 'Error Loading Businesses'],
      ['/cities/de/berlin', 'Unable to load cities'],
      ['/countries/germany', 'Unable to load countries'],
      ['/categories/bakery', 'Error loading category'],
      ['/', 'Unable to load businesses'],
    ];
    for (const [url, text] of pages) await assertPageOutage(await page(url), text, `page ${url}`);
    // Each failed request is one warning naming its id, its path and the cause; a page's reads of the
    // API carry the page's id, so the page's 503 is found by it.
    const warnings = () => logs.lines().filter((line) => line.msg === 'dependency unavailable');
    const listWarning = warnings().find((line) => line.path === '/api/businesses');
    assert.ok(listWarning && listWarning.level === 'warn' && typeof listWarning.reqId === 'string' && listWarning.message === SEARCH_UNAVAILABLE_MESSAGE, JSON.stringify(warnings()));
    assert.ok(String(listWarning.error).length > 0, 'the cause is named');
    const traced = await request('/categories/bakery', { headers: { accept: 'text/html', 'x-request-id': 'outage-page-1' } });
    assertOutageAnswer(traced, 'a traced page');
    await traced.arrayBuffer();
    // One warning for the page, under its own path (its failed reads of the API are debug lines).
    const pageWarnings = warnings().filter((line) => line.reqId === 'outage-page-1');
    assert.equal(pageWarnings.length, 1, JSON.stringify(pageWarnings));
    assert.deepEqual([pageWarnings[0].level, pageWarnings[0].path, pageWarnings[0].status], ['warn', '/categories/bakery', 503]);
    assert.match(String(pageWarnings[0].error), /^503: /);
    // The business itself comes from PostgreSQL, its nearby businesses could not: not a page to keep.
    const business = await page(`/business/${businessSlug}`);
    assertOutageAnswer(business, 'business page');
    assert.ok((await business.text()).includes('Outage Bakery One'), 'the business is shown from PostgreSQL');

    // Back: the same URLs answer with data (no error was cached by the API's cache or the pages).
    restartedMeili = await startEmbeddedMeilisearch({ dataDir: servers.dataDir, port: Number(new URL(servers.meili!.url).port), masterKey: servers.meiliMasterKey });
    await waitFor('search answering again', async () => (await request('/api/businesses?page=1')).status === 200, SLOW_MS, 250);
    const list = await request('/api/search?q=bakery');
    assert.equal(list.status, 200);
    assert.match(list.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    for (const [url, text] of pages) {
      const recovered = await page(url);
      assert.equal(recovered.status, 200, `page ${url} after recovery`);
      // Cacheable again, for up to the next minute boundary (the page cache's Open Now rule).
      assert.match(recovered.headers.get('cache-control') ?? '', /^public, max-age=([1-5]?\d|60)$/, `page ${url} after recovery`);
      assert.ok(!(await recovered.text()).includes(text), `page ${url} no longer shows "${text}"`);
    }
    assert.equal((await page(`/business/${businessSlug}`)).status, 200);
  });
});

describe('PostgreSQL frozen (postmaster stopped with SIGSTOP)', () => {
  test('writes and database reads answer 503 while it is frozen, not when it thaws; then they work again', async () => {
    // The pool's open connections keep working with a frozen postmaster (their backends are separate
    // processes): end them, so the next requests need a new connection, as after any idle time. Ended
    // after the freeze, through a connection opened before it: nothing (the API's pools, its listeners)
    // can connect again in between.
    const client = await adminClient();
    frozenPid = await postmasterPid();
    process.kill(frozenPid, 'SIGSTOP');
    try {
      try {
        await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
        await waitFor('the API connections to be gone', async () => {
          const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
          return rows[0].n === 0;
        }, SLOW_MS, 100);
      } finally {
        await client.end();
      }
      await assertJsonOutage(await sendContactMessage(), DATABASE_UNAVAILABLE_MESSAGE, 'POST /api/contact while frozen');
      await assertJsonOutage(await request('/api/admin/businesses', { headers: { cookie: adminCookie } }), DATABASE_UNAVAILABLE_MESSAGE, 'GET /api/admin/businesses while frozen');
      await assertJsonOutage(await postJson('/api/admin/login', ADMIN), DATABASE_UNAVAILABLE_MESSAGE, 'POST /api/admin/login while frozen');
    } finally {
      process.kill(frozenPid, 'SIGCONT');
      frozenPid = null;
    }
    await waitFor('contact messages accepted again', async () => (await sendContactMessage()).status === 201, SLOW_MS, 250);
    assert.equal((await request('/api/admin/businesses', { headers: { cookie: adminCookie } })).status, 200);
  });
});

describe('PostgreSQL down', () => {
  test('writes, admin calls and database pages are 503 (never 500 or 401), and work again after a restart', async () => {
    const url = new URL(servers.databaseUrl);
    await postgres.stop();

    await assertJsonOutage(await sendContactMessage(), DATABASE_UNAVAILABLE_MESSAGE, 'POST /api/contact');
    // An admin write: the guard cannot check the session, which is an outage, not "signed out".
    await assertJsonOutage(
      await postJson('/api/admin/site-settings', { footer_tags: '<p>new footer</p>' }, { cookie: adminCookie }),
      DATABASE_UNAVAILABLE_MESSAGE,
      'POST /api/admin/site-settings',
    );
    await assertJsonOutage(await postJson('/api/admin/login', ADMIN), DATABASE_UNAVAILABLE_MESSAGE, 'POST /api/admin/login');
    // A database read of the site: the sitemap.
    assertOutageAnswer(await page('/sitemap.xml'), 'GET /sitemap.xml');
    // A slug search does not know is looked up in PostgreSQL: an outage there is a 503, not "not found".
    await assertPageOutage(await page('/business/not-in-search-abc123'), 'Business Not Found', 'unknown business page');
    // The import progress socket cannot check the session either: 503, not 500.
    const upgrade = await upgradeStatus('/api/admin/import-progress', { cookie: adminCookie, origin });
    assert.equal(upgrade.status, 503);
    assert.equal(upgrade.headers['retry-after'], '5');
    // Reads served by Meilisearch alone keep working.
    assert.equal((await request('/api/businesses?page=3')).status, 200);

    postgres = await startEmbeddedPostgres({
      dataDir: servers.dataDir,
      port: Number(url.port),
      password: decodeURIComponent(url.password),
      ephemeral: true,
    });
    await waitFor('contact messages accepted again', async () => (await sendContactMessage()).status === 201, SLOW_MS, 250);
    const saved = await postJson('/api/admin/site-settings', { footer_tags: '<p>new footer</p>' }, { cookie: adminCookie });
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.equal((await page('/business/not-in-search-abc123')).status, 404, 'a business that does not exist is a 404 again');
  });
});
