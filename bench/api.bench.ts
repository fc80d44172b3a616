/**
 * `npm run bench:api -- --count N [--duration S] [--connections C]`: the visitor API under load.
 *
 * On a throwaway embedded PostgreSQL + Meilisearch (temp dir, free ports) it seeds N demo businesses
 * (prisma/seed), runs the indexer's full rebuild, starts the real API process (api/src/main.ts) twice,
 * once as deployed (response cache on) and once with PUBLIC_RESPONSE_CACHE=false (every request reads
 * Meilisearch), and drives each read call with autocannon at C connections (default 50). For each call it
 * also sends the main Meilisearch query of that call straight to Meilisearch, so the API's overhead is
 * a ratio, and once more through a Node process that only forwards it (bench/pass-through.ts): what any
 * Node hop adds on this machine. Prints requests/s, p50, p95, p99 per call. Nothing is left behind.
 * `--only <text>` runs only the calls whose name contains it. `--request-log` adds a cached run with the
 * API logging every request (LOG_LEVEL=info, its JSON lines read from a pipe as a log collector would),
 * beside the usual quiet one (LOG_LEVEL=warn): what the per-request log line costs. With API_PROF=1 in the environment each API
 * process writes a V8 CPU profile to /tmp/prof (where an uncached call's time goes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../platform/config.ts';
import { createPool } from '../platform/db/pool.ts';
import { setLogLevel } from '../platform/log.ts';
import { findFreePort } from '../platform/runtime/ports.ts';
import { createMeili, indexUid } from '../platform/search/client.ts';
import { HOME_DOCUMENT_ID } from '../common/search-documents.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { benchEnv, percentile, seedAndIndex, stopChild, waitForHttp } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    /** Only the calls whose name contains this text (e.g. --only search). */
    only: { type: 'string' },
    /** Also measure the cached calls with a log line per request. */
    'request-log': { type: 'boolean', default: false },
  },
});
const count = Number(args.count);
const duration = Number(args.duration);
const connections = Number(args.connections);
if (!Number.isInteger(count) || count < 100) throw new Error('--count must be an integer >= 100');

interface Measured {
  /** CPU time the API process spent per answered request (µs; Linux only), steadier than req/s on a busy machine. */
  cpuMicrosPerRequest?: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

interface Target {
  url: string;
  /** A new path for every request (the URL's path is the first one). */
  vary?: () => string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}


/** User + system CPU seconds of a process so far (Linux /proc; null elsewhere). */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of stat; 12 and 13 after the command name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One autocannon run; latencies are collected per response (autocannon itself has no p95). */
async function measure(target: Target, seconds = duration, cpuOf?: ChildProcess | null): Promise<Measured> {
  const cpuBefore = cpuSecondsOf(cpuOf?.pid);
  const latencies: number[] = [];
  let errors = 0;
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
        ...(target.vary ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: target.vary!() }) }] } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 400) errors += 1;
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const cpuAfter = cpuSecondsOf(cpuOf?.pid);
  return {
    cpuMicrosPerRequest: cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1e6) / result.requests.total : undefined,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.non2xx,
  };
}


/** Log lines the API wrote in `--request-log` runs (read from its stdout pipe). */
let loggedLines = 0;

async function startApi(env: Record<string, string>, port: number, options: { requestLog?: boolean } = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(process.env.API_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...(options.requestLog ? { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } : {}), METRICS_PORT: 'off', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.requestLog ? 'pipe' : 'inherit', 'inherit'],
  });
  // Read as a collector would (journald, Docker): every line, on the same machine.
  child.stdout?.on('data', (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) loggedLines += 1;
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`);
  return child;
}


const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');

setLogLevel('warn');
const servers = await startThrowawayServers({ name: 'bench-api', database: 'bench', meilisearch: true, ephemeral: true });
const { meiliMasterKey: masterKey } = servers;
const meiliServer = servers.meili!;
const apiPort = await findFreePort();
let api: ChildProcess | null = null;
let passThrough: ChildProcess | null = null;
const stopAll = async () => {
  await stopChild(api);
  await stopChild(passThrough);
  await servers.stop();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

try {
  const { databaseUrl } = servers;
  const env = benchEnv(servers);
  const config = loadConfig(env);
  const pool = createPool(databaseUrl, { max: 4, applicationName: 'bench-api' });

  console.log(`bench:api  ${count.toLocaleString('en')} businesses, ${connections} connections, ${duration} s per call (Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model})`);
  await seedAndIndex(config, pool, count);

  // Sample values for the parameterised calls, taken from the data itself.
  const meili = createMeili(config);
  const uid = (kind: Parameters<typeof indexUid>[1]) => indexUid(config.meiliIndexPrefix, kind);
  const home = (await meili.index(uid('home')).getDocument(HOME_DOCUMENT_ID)) as unknown as {
    popularSearches: Array<{ slug: string; category: string }>;
    topCities: Array<{ city: string; citySlug: string; countryCode: string }>;
    topCountries: Array<{ slug: string }>;
  };
  const category = home.popularSearches[0];
  const city = home.topCities[0];
  const country = home.topCountries[0];
  const middle = await meili.index(uid('businesses')).search(null, { filter: 'isApproved = true', offset: Math.floor(count / 2), limit: 1, attributesToRetrieve: ['slug'] });
  const businessSlug = (middle.hits[0] as { slug: string }).slug;
  const searchWord = category.category.split(/\s+/)[0].toLowerCase();
  const inCity = await meili.index(uid('businesses')).search(null, { filter: `citySlug = "${city.citySlug}"`, limit: 1, attributesToRetrieve: ['_geo'] });
  const point = (inCity.hits[0] as { _geo?: { lat: number; lng: number } })._geo ?? { lat: 0, lng: 0 };

  const meiliHeaders = { authorization: `Bearer ${masterKey}`, 'content-type': 'application/json' };
  const meiliSearch = (kind: Parameters<typeof indexUid>[1], body: object): Target => ({
    url: `${meiliServer.url}/indexes/${uid(kind)}/search`,
    method: 'POST',
    headers: meiliHeaders,
    body: JSON.stringify(body),
  });
  const meiliDocuments = (kind: Parameters<typeof indexUid>[1], fields: string): Target => ({
    url: `${meiliServer.url}/indexes/${uid(kind)}/documents?limit=10000&fields=${fields}`,
    headers: meiliHeaders,
  });
  const LIST = ['id', 'name', 'slug', 'type', 'category', 'city', 'country', 'countryCode', 'fullAddress', 'photo', 'rating', 'reviewCount', 'phone', 'verified'];
  // Points around the city's, up to ~5 km away: every request a search no visitor made before.
  const nearPoint = () =>
    `/api/search?q=${encodeURIComponent(searchWord)}&lat=${(point.lat + (Math.random() - 0.5) * 0.1).toFixed(5)}&lng=${(point.lng + (Math.random() - 0.5) * 0.1).toFixed(5)}`;
  const calls: Array<{ name: string; path: string; vary?: () => string; meili?: Target }> = [
    { name: 'homepage-data', path: '/api/homepage-data', meili: { url: `${meiliServer.url}/indexes/${uid('home')}/documents/home?fields=popularSearches,topCities,topCountries,totals`, headers: meiliHeaders } },
    { name: 'featured-businesses', path: '/api/featured-businesses', meili: { url: `${meiliServer.url}/indexes/${uid('home')}/documents/home?fields=featured`, headers: meiliHeaders } },
    { name: 'categories', path: '/api/categories', meili: meiliDocuments('categories', 'category,slug,count') },
    { name: 'categories?letter=B', path: '/api/categories?letter=B', meili: meiliSearch('categories', { filter: 'letter = "B"', sort: ['count:desc', 'category:asc'], limit: 1_000_000, attributesToRetrieve: ['category', 'slug', 'count'] }) },
    {
      name: 'categories/{slug}',
      path: `/api/categories/${encodeURIComponent(category.slug)}?page=2&limit=12`,
      meili: meiliSearch('businesses', { filter: `isApproved = true AND (categorySlug = "${category.slug}")`, sort: ['rating:desc', 'reviewCount:desc'], page: 2, hitsPerPage: 12, attributesToRetrieve: LIST }),
    },
    { name: 'countries', path: '/api/countries', meili: meiliDocuments('countries', 'country,countryCode,slug,businessCount,cityCount,categoryCount') },
    { name: 'countries/{slug}', path: `/api/countries/${country.slug}`, meili: meiliSearch('countries', { filter: `slug = "${country.slug}"`, limit: 2 }) },
    { name: 'cities?letter=B', path: '/api/cities?letter=B', meili: meiliSearch('cities', { filter: 'letter = "B"', sort: ['businessCount:desc', 'city:asc'], limit: 1_000_000, attributesToRetrieve: ['city', 'citySlug', 'countryCode', 'country', 'businessCount', 'categoryCount'] }) },
    { name: 'cities', path: '/api/cities', meili: meiliDocuments('cities', 'city,citySlug,countryCode,country,businessCount,categoryCount') },
    {
      name: 'cities/{cc}/{slug}',
      path: `/api/cities/${city.countryCode.toLowerCase()}/${encodeURIComponent(city.citySlug)}?page=2&limit=12`,
      meili: meiliSearch('businesses', { filter: `isApproved = true AND (countryCode = "${city.countryCode}" AND citySlug = "${city.citySlug}")`, sort: ['rating:desc', 'reviewCount:desc'], page: 2, hitsPerPage: 12, attributesToRetrieve: LIST }),
    },
    {
      name: 'businesses?page=50',
      path: '/api/businesses?page=50',
      meili: meiliSearch('businesses', { filter: 'isApproved = true', sort: ['createdAt:desc', 'id:desc'], offset: 980, limit: 20, attributesToRetrieve: LIST }),
    },
    { name: 'businesses/{slug}', path: `/api/businesses/${businessSlug}`, meili: meiliSearch('businesses', { filter: `slug = "${businessSlug}" AND isApproved = true`, limit: 1 }) },
    {
      name: 'businesses/city/{city}',
      path: `/api/businesses/city/${encodeURIComponent(city.city)}?limit=6`,
      meili: meiliSearch('businesses', { filter: `isApproved = true AND (citySlug = "${city.citySlug}")`, sort: ['rating:desc', 'reviewCount:desc'], page: 1, hitsPerPage: 6, attributesToRetrieve: LIST }),
    },
    {
      name: 'search q+location',
      path: `/api/search?q=${encodeURIComponent(searchWord)}&location=${encodeURIComponent(city.city)}`,
      meili: meiliSearch('businesses', {
        q: searchWord,
        filter: `isApproved = true AND citySlug = "${city.citySlug}" AND countryCode IN ["${city.countryCode}"]`,
        attributesToSearchOn: ['name', 'category', 'type', 'subtypes'],
        facets: ['categorySlug', 'citySlug'],
        page: 1,
        hitsPerPage: 20,
        attributesToRetrieve: [...LIST, 'categorySlug', 'citySlug'],
      }),
    },
    // Nearest first makes several Meilisearch reads (total and facets, one or more geohash blocks, the
    // page by id); the Meilisearch column is the plain keyword search for the same word.
    {
      name: 'search q+lat/lng',
      path: `/api/search?q=${encodeURIComponent(searchWord)}&lat=${point.lat}&lng=${point.lng}`,
      meili: meiliSearch('businesses', { q: searchWord, filter: 'isApproved = true', attributesToSearchOn: ['name', 'category', 'type', 'subtypes'], page: 1, hitsPerPage: 20, attributesToRetrieve: [...LIST, 'categorySlug', 'citySlug', '_geo'] }),
    },
    {
      // Cached mode: no two requests share a URL, so the response cache never answers; what the
      // search has in common (the keyword's total and facet counts) is reused within the data version.
      name: 'search q+lat/lng, new point each request',
      path: `/api/search?q=${encodeURIComponent(searchWord)}&lat=${point.lat}&lng=${point.lng}`,
      vary: nearPoint,
    },
    { name: 'advertisements', path: '/api/advertisements' },
    { name: 'site-settings', path: '/api/site-settings' },
  ];

  const selected = args.only ? calls.filter((call) => call.name.includes(args.only!)) : calls;
  if (selected.length === 0) throw new Error(`--only ${args.only} matches no call`);
  const results = new Map<string, { cached?: Measured; logged?: Measured; uncached?: Measured; meili?: Measured; passThrough?: Measured }>();
  const modes = args['request-log'] ? (['cached', 'logged', 'uncached'] as const) : (['cached', 'uncached'] as const);
  for (const mode of modes) {
    api = await startApi({ ...env, PUBLIC_RESPONSE_CACHE: mode === 'uncached' ? 'false' : 'true' }, apiPort, { requestLog: mode === 'logged' });
    for (const call of selected) {
      const url = `http://127.0.0.1:${apiPort}${call.path}`;
      let probe = await fetch(url);
      for (let attempt = 1; !probe.ok && attempt < 5; attempt++) {
        console.warn(`  ${call.path} answered ${probe.status} (${await probe.text()}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        probe = await fetch(url);
      }
      if (!probe.ok) throw new Error(`${call.path} answered ${probe.status}: ${await probe.text()}`);
      await measure({ url, vary: call.vary }, 1); // warm-up (JIT, connections, cache)
      const entry = results.get(call.name) ?? {};
      entry[mode] = await measure({ url, vary: call.vary }, duration, api);
      results.set(call.name, entry);
    }
    await stopChild(api);
    api = null;
  }
  for (const call of selected) {
    if (!call.meili) continue;
    await measure(call.meili, 1);
    results.get(call.name)!.meili = await measure(call.meili);
  }
  // The same queries through a Node process that only forwards them (bench/pass-through.ts): the floor
  // of what any Node hop in front of Meilisearch adds here, whatever that hop does with the answer.
  if (selected.some((call) => call.meili)) {
    const proxyPort = await findFreePort();
    passThrough = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/pass-through.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(proxyPort), TARGET: meiliServer.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHttp(`http://127.0.0.1:${proxyPort}/health`);
    for (const call of selected) {
      if (!call.meili) continue;
      const target = { ...call.meili, url: call.meili.url.replace(meiliServer.url, `http://127.0.0.1:${proxyPort}`) };
      await measure(target, 1);
      results.get(call.name)!.passThrough = await measure(target);
    }
    await stopChild(passThrough);
    passThrough = null;
  }

  // The ratios of every row but Meilisearch's own are to Meilisearch's figures (API or pass-through alike).
  const header = ['call', 'mode', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'API CPU µs/req', 'p95 / Meili p95', 'Meili req/s / req/s'];
  const rows: string[][] = [];
  for (const call of selected) {
    const entry = results.get(call.name)!;
    for (const mode of ['cached', 'logged', 'uncached', 'meili', 'passThrough'] as const) {
      const m = entry[mode];
      if (!m) continue;
      const ratio = mode !== 'meili' && entry.meili ? [fmt(m.p95 / entry.meili.p95), fmt(entry.meili.rps / m.rps)] : ['', ''];
      const label = { cached: 'api cached', logged: 'api cached, request log', uncached: 'api uncached', meili: 'meili direct', passThrough: 'node pass-through' }[mode];
      rows.push([call.name, label, Math.round(m.rps).toLocaleString('en'), fmt(m.p50), fmt(m.p95), fmt(m.p99), String(m.errors), m.cpuMicrosPerRequest === undefined ? '' : fmt(m.cpuMicrosPerRequest), ...ratio]);
    }
  }
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index].length)));
  const line = (cells: string[]) => cells.map((cell, index) => (index < 2 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  if (args['request-log']) console.log(`\nrequest log: ${loggedLines.toLocaleString('en')} lines read from the API's stdout`);
  await pool.end();
} finally {
  await stopAll();
}
