/**
 * What an operator sees of the API: one JSON log line per request with its id, and Prometheus metrics
 * on a listener of their own (the process entry's), never on the public port.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createMetricsRegistry } from '../../platform/metrics.ts';
import { findFreePort } from '../../platform/runtime/ports.ts';
import { captureLogs } from '../../platform/testing/capture-logs.ts';
import { apiProcessEnv, startAdminTestApi, type AdminTestApi } from './test/api-harness.ts';
import { ensureSiteBuilt } from './test/site-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// At debug: the probes' lines are debug (request-log.ts), and the tests tell them from the info lines.
const logs = captureLogs({ level: 'debug' });
const registry = createMetricsRegistry();
let api: AdminTestApi;

beforeAll(async () => {
  // Pages render through the site's build (its reads of the API are looked at below).
  await ensureSiteBuilt();
  // With an indexer: the cached public reads need their indexes.
  api = await startAdminTestApi({ logger: logs.logger, metrics: registry });
});
afterAll(async () => {
  await api?.close();
});

const requestLines = () => logs.lines().filter((line) => line.msg === 'request');

/** Every answer counted in directory_http_requests_total so far, and the count of one route. */
async function countedRequests(route?: string): Promise<number> {
  const values = (await registry.getSingleMetric('directory_http_requests_total')!.get()).values;
  return values.filter((value) => route === undefined || value.labels.route === route).reduce((sum, value) => sum + value.value, 0);
}

/** Polls `check` until it holds (the log line is written when the answer is done, just after the client has it). */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: last seen ${JSON.stringify(value).slice(0, 2_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('request log', () => {
  test('a request is one JSON line with its id, method, path, status, duration and bytes; the answer carries the id', async () => {
    const response = await api.request('/api/countries', { headers: { 'X-Request-Id': 'lb-4f2a.17' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-request-id'), 'lb-4f2a.17', 'a valid incoming id is kept');
    await response.arrayBuffer();
    const [line, ...more] = await eventually(() => requestLines().filter((entry) => entry.reqId === 'lb-4f2a.17'), (found) => found.length > 0, 'the request line');
    assert.equal(more.length, 0, 'one line per request');
    assert.equal(line.level, 'info');
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/api/countries');
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
    assert.ok((line.bytes as number) > 0, `bytes ${line.bytes}`);
    assert.equal(typeof line.time, 'string');
  });

  test('an id is made when none or a malformed one comes in; query values stay out of the log', async () => {
    const response = await api.request('/api/search?q=jane%20doe%20private&page=1', { headers: { 'X-Request-Id': 'not a valid id; <script>' } });
    await response.arrayBuffer();
    const id = response.headers.get('x-request-id') ?? '';
    assert.match(id, /^[0-9a-f-]{36}$/, 'a generated UUID, not the malformed one');
    const [line] = await eventually(() => requestLines().filter((entry) => entry.reqId === id), (found) => found.length > 0, 'the search line');
    assert.equal(line.path, '/api/search?q=&page=');
    assert.doesNotMatch(JSON.stringify(logs.lines()), /jane/);
    const second = await api.request('/healthz');
    assert.notEqual(second.headers.get('x-request-id'), id, 'each request its own id');
  });

  test("health and readiness probes (a balancer's, npm start's poll of /readyz) are debug lines, not counted; the requests around them stay info", async () => {
    const probes = ['/healthz', '/readyz', '/READYZ/', '/healthz?from=lb'];
    const before = await countedRequests();
    for (const [index, path] of probes.entries()) {
      const response = await api.request(path, { headers: { 'X-Request-Id': `probe-${index}` } });
      assert.ok(response.status === 200 || response.status === 503, `${path}: ${response.status}`);
      await response.arrayBuffer();
    }
    await (await api.request('/api/countries', { headers: { 'X-Request-Id': 'between-probes' } })).arrayBuffer();
    const lines = await eventually(
      () => requestLines().filter((entry) => String(entry.reqId).startsWith('probe-') || entry.reqId === 'between-probes'),
      (found) => found.length === probes.length + 1,
      'the probe lines and the request line',
    );
    for (const line of lines) {
      if (line.reqId === 'between-probes') assert.equal(line.level, 'info', JSON.stringify(line));
      else assert.equal(line.level, 'debug', `a probe is not in the info log: ${JSON.stringify(line)}`);
    }
    // A starting API's /readyz 503s are not server errors in the metrics.
    assert.equal(await countedRequests(), before + 1, 'only the request between the probes is counted');
    assert.equal(await countedRequests('/readyz') + (await countedRequests('/healthz')), 0);
  });

  test("a page's own reads of the API carry the page's request id, at debug, and are counted once: as the page", async () => {
    const before = await countedRequests();
    const response = await api.request('/', { headers: { 'X-Request-Id': 'page-view-1', accept: 'text/html' } });
    assert.equal(response.status, 200);
    await response.text();
    const lines = await eventually(
      () => requestLines().filter((entry) => entry.reqId === 'page-view-1'),
      (found) => found.some((entry) => entry.path === '/') && found.some((entry) => entry.internal === true),
      "the page's line and its reads' lines",
    );
    const [page, ...reads] = [lines.find((entry) => entry.path === '/')!, ...lines.filter((entry) => entry.path !== '/')];
    assert.equal(page.level, 'info');
    assert.equal(page.internal, undefined);
    assert.ok(reads.some((entry) => entry.path === '/api/homepage-data'), JSON.stringify(reads));
    for (const read of reads) {
      assert.match(String(read.path), /^\/api\//);
      assert.deepEqual([read.level, read.internal], ['debug', true], JSON.stringify(read));
    }
    assert.equal(await countedRequests(), before + 1, 'the page alone is counted');
    // The mark is the process's own secret: a visitor sending the header is a visitor.
    const forged = await api.request('/api/countries', { headers: { 'X-Request-Id': 'forged-internal', 'x-directory-internal': 'guess' } });
    await forged.arrayBuffer();
    const [line] = await eventually(() => requestLines().filter((entry) => entry.reqId === 'forged-internal'), (found) => found.length > 0, 'the forged line');
    assert.deepEqual([line.level, line.internal], ['info', undefined]);
    assert.equal(await countedRequests(), before + 2);
  });

  test('an answer from the response cache, before Express, is logged like any other', async () => {
    for (let i = 0; i < 3; i += 1) assert.equal((await api.request('/api/homepage-data')).status, 200);
    await eventually(() => requestLines().filter((entry) => entry.path === '/api/homepage-data' && entry.status === 200 && !entry.internal), (found) => found.length === 3, 'three homepage lines');
  });
});

describe('metrics registry', () => {
  test('holds requests by route pattern, cache hits and misses, and the outbox', async () => {
    for (let i = 0; i < 3; i += 1) await (await api.request('/api/homepage-data')).arrayBuffer();
    await (await api.request('/api/businesses/no-such-business-here')).arrayBuffer();
    const text = await eventually(() => registry.metrics(), (found) => /directory_http_requests_total\{[^}]*route="\/api\/homepage-data"/.test(found), 'the homepage count');
    // Early hits carry the route of the handler that filled the cache, never the raw URL.
    assert.match(text, /^directory_http_requests_total\{method="GET",route="\/api\/homepage-data",status_class="2xx"\} \d+$/m);
    assert.match(text, /^directory_http_requests_total\{method="GET",route="\/api\/businesses\/:slug",status_class="4xx"\} 1$/m);
    assert.doesNotMatch(text, /no-such-business-here/);
    assert.match(text, /^directory_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/homepage-data",status_class="2xx"\} \d+$/m);
    assert.match(text, /^directory_response_cache_requests_total\{route="\/api\/homepage-data",result="miss"\} 1$/m);
    const hits = Number(/^directory_response_cache_requests_total\{route="\/api\/homepage-data",result="hit"\} (\d+)$/m.exec(text)?.[1]);
    assert.ok(hits >= 5, `hits ${hits}`);
    assert.match(text, /^directory_search_outbox_rows \d+$/m);
    assert.match(text, /^directory_search_outbox_oldest_age_seconds [\d.e+-]+$/m);
  });

  test("labels what no route pattern answers: built assets, 404s, and answers given before routing (never the raw path)", async () => {
    const html = await (await api.request('/', { headers: { accept: 'text/html' } })).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    assert.ok(asset, 'the page names its script');
    assert.equal((await api.request(asset)).status, 200);
    assert.equal((await api.request('/assets/no-such-file.js')).status, 404);
    assert.equal((await api.request('/api/no-such-endpoint')).status, 404);
    assert.equal((await api.request('//api/countries')).status, 301, 'the canonical path redirect, before routing');
    const text = await eventually(() => registry.metrics(), (found) => /route="unrouted"/.test(found), 'the unrouted count');
    assert.match(text, /^directory_http_requests_total\{method="GET",route="assets",status_class="2xx"\} 1$/m);
    assert.match(text, /^directory_http_requests_total\{method="GET",route="assets",status_class="4xx"\} 1$/m);
    assert.match(text, /^directory_http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} 1$/m);
    assert.match(text, /^directory_http_requests_total\{method="GET",route="unrouted",status_class="3xx"\} 1$/m);
    assert.doesNotMatch(text, /no-such|route="\/assets/);
  });
});

describe('npm run api: the metrics endpoint', () => {
  let child: ChildProcess;
  let output = '';
  let publicPort = 0;
  let metricsPort = 0;

  beforeAll(async () => {
    [publicPort, metricsPort] = [await findFreePort(), await findFreePort()];
    child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: apiProcessEnv(api.config, { PORT: String(publicPort), METRICS_PORT: String(metricsPort), DATABASE_POOL_SIZE: '7' }),
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await eventually(() => output, (text) => /"msg":"metrics endpoint listening"/.test(text) || child.exitCode !== null, 'the api to start', 60_000);
    assert.equal(child.exitCode, null, output);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  test('answers Prometheus text with the process, HTTP, cache and outbox metrics', async () => {
    for (let i = 0; i < 2; i += 1) await (await fetch(`http://127.0.0.1:${publicPort}/api/homepage-data`)).arrayBuffer();
    const text = await eventually(scrape, (found) => /route="\/api\/homepage-data",result="hit"/.test(found), 'a cache hit in the metrics');
    assert.match(text, /^# TYPE directory_http_request_duration_seconds histogram$/m);
    assert.match(text, /^directory_http_requests_total\{method="GET",route="\/api\/homepage-data",status_class="2xx"\} 2$/m);
    assert.match(text, /^directory_search_outbox_rows \d+$/m);
    assert.match(text, /^directory_process_resident_memory_bytes \d+/m);
    assert.match(text, /^# TYPE directory_import_rows_total counter$/m);
    assert.match(text, /^directory_imports_running 0$/m);
    // The process writes JSON lines, one per request, with its name and pid (in batches: poll).
    const line = (await eventually(() => output.split('\n').find((entry) => entry.includes('"path":"/api/homepage-data"')), Boolean, 'the request line on stdout'))!;
    const parsed = JSON.parse(line) as Record<string, unknown>;
    assert.deepEqual([parsed.name, parsed.pid, parsed.msg, parsed.status], ['api', child.pid, 'request', 200]);
  });

  test('shows both PostgreSQL pools at the size DATABASE_POOL_SIZE sets, their connections and their waiters', async () => {
    await (await fetch(`http://127.0.0.1:${publicPort}/readyz`)).arrayBuffer();
    const text = await scrape();
    // Default 10 each: the setting is what the process uses.
    assert.match(text, /^directory_db_pool_max_connections\{pool="api"\} 7$/m);
    assert.match(text, /^directory_db_pool_max_connections\{pool="prisma"\} 7$/m);
    assert.match(text, /^directory_db_pool_connections\{pool="api",state="(idle|in_use)"\} \d+$/m);
    assert.match(text, /^directory_db_pool_waiting_requests\{pool="prisma"\} 0$/m);
  });

  test('is not served on the public port', async () => {
    const response = await fetch(`http://127.0.0.1:${publicPort}/metrics`);
    // The site's answer for an unknown page, not the metrics.
    assert.notEqual(response.status, 200);
    assert.doesNotMatch(response.headers.get('content-type') ?? '', /version=0\.0\.4/);
    assert.doesNotMatch(await response.text(), /directory_http_requests_total/);
  });

  test("shows the supervisor's count of embedded server restarts", async () => {
    child.send({ type: 'embedded-server-restarts', counts: { postgres: 2, meilisearch: 0 } });
    const text = await eventually(scrape, (found) => /directory_embedded_server_restarts_total\{server="postgres"\} 2$/m.test(found), 'the restart count');
    assert.match(text, /^directory_embedded_server_restarts_total\{server="meilisearch"\} 0$/m);
    // Running totals: a later message with the same count adds nothing, a higher one the difference.
    child.send({ type: 'embedded-server-restarts', counts: { postgres: 2, meilisearch: 1 } });
    const after = await eventually(scrape, (found) => /directory_embedded_server_restarts_total\{server="meilisearch"\} 1$/m.test(found), 'the second count');
    assert.match(after, /^directory_embedded_server_restarts_total\{server="postgres"\} 2$/m);
  });
});
