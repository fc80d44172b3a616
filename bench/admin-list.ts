/**
 * The admin business list under load: `benchAdminList` (called by bench/admin.bench.ts) measures, at C
 * connections (default 10), GET /api/admin/businesses for browsing (no query: page 1 newest first, and a
 * deep page sorted by name) and for a name search + category + sort, each beside the same query sent
 * straight to the engine that answers it (PostgreSQL: the repository's own two statements, page and count,
 * at the same concurrency, without HTTP, Express or JSON). Targets at 1,000,000 businesses: p95 at most
 * 1.2x the engine's, browsing p95 at most 100 ms.
 *
 * CLI (`tsx bench/admin-list.ts --count 3000 [--duration 5] [--connections 10]`): throwaway embedded
 * PostgreSQL + Meilisearch, the demo seed, the real API process, a signed-in admin; prints one table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { AdminBusinessListQuery } from '../common/api/admin.ts';
import { loadConfig } from '../platform/config.ts';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { setLogLevel } from '../platform/log.ts';
import { findFreePort } from '../platform/runtime/ports.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { indexUid } from '../platform/search/client.ts';
import { ensureAdminUser } from '../api/src/services/auth/ensure-admin-user.ts';
import { listBusinessesForAdmin } from '../api/src/repositories/businesses.ts';
import { selectionOf } from '../api/src/services/admin/list-businesses.ts';
import { benchEnv, percentile, seedAndIndex, stopChild, waitForHttp } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface LatencySummary {
  requests: number;
  p50: number;
  p95: number;
  errors: number;
}

export interface AdminListBenchRow {
  name: string;
  query: string;
  api: LatencySummary;
  engine: LatencySummary;
  /** api p95 / engine p95 (target <= 1.2). */
  ratio: number;
  /** CPU the API process spent per request (ms, user + system, from /proc), when its pid was given. */
  apiCpuMsPerRequest?: number;
  /**
   * Browsing only: the same page and exact total read from the public Meilisearch index (a placeholder
   * search with the sort), the alternative engine (docs/decisions.md, "The admin business list reads PostgreSQL").
   */
  meili?: LatencySummary;
}

export interface AdminListBenchOptions {
  /** The running API, e.g. http://127.0.0.1:3000. */
  apiUrl: string;
  /** Its process id (Linux): the API's own CPU time per request is then reported. */
  apiPid?: number;
  /** Cookie header of a signed-in admin. */
  cookie: string;
  /** A pool on the same database with at least `connections` connections (the engine-direct runs). */
  pool: Pool;
  connections?: number;
  durationSeconds?: number;
  /** A category and a word of business names to search for (taken from the data by the caller). */
  category: string;
  searchWord: string;
  /** Deepest page offered to the browsing case (defaults to page 50). */
  deepPage?: number;
  /** When given, browsing is also measured against the public businesses index. */
  meili?: { url: string; apiKey: string; indexUid: string };
}

/** Latencies (ms, unsorted) and failures of one timed run. */
interface Samples {
  latencies: number[];
  errors: number;
}

function summarise(runs: Samples[]): LatencySummary {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  return { requests: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors: runs.reduce((sum, run) => sum + run.errors, 0) };
}

/** User + system CPU of process `pid` so far, in ms (null where /proc is not there). */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields 14 and 15 (utime, stime) after the parenthesised command name, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs `once` from `connections` loops for `seconds`; latencies in ms. */
async function hammer(connections: number, seconds: number, once: () => Promise<void>): Promise<Samples> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await once();
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { latencies, errors };
}

async function hammerHttp(url: string, cookie: string, connections: number, seconds: number): Promise<Samples> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers: { cookie }, connections, duration: seconds }, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 400) errors += 1;
      latencies.push(responseTime);
    });
  });
  return { latencies, errors: errors + result.errors };
}

/**
 * A p95 wants samples: at 1 s a request and 10 connections, 5 s gives ~50, and the p95 is then the third
 * slowest request, which one stall of the shared machine decides. Each side of a case runs until it has at
 * least this many (estimated from the warm-up's rate), up to MAX_CASE_SECONDS.
 */
const MIN_SAMPLES = 200;
const MAX_CASE_SECONDS = 40;

/** Measures each admin list case through the API and straight against PostgreSQL. */
export async function benchAdminList(options: AdminListBenchOptions): Promise<AdminListBenchRow[]> {
  const connections = options.connections ?? 10;
  const seconds = options.durationSeconds ?? 5;
  const deepPage = options.deepPage ?? 50;
  const cases = [
    { name: 'browse, newest first', query: 'page=1', meili: { sort: ['createdAt:desc', 'id:desc'], offset: 0 } },
    { name: `browse, by name, page ${deepPage}`, query: `page=${deepPage}&sortBy=name`, meili: { sort: ['name:asc', 'id:asc'], offset: (deepPage - 1) * 20 } },
    { name: 'search + category + sort', query: `filter=${encodeURIComponent(options.searchWord)}&category=${encodeURIComponent(options.category)}&sortBy=rating&sortOrder=desc` },
  ];
  const rows: AdminListBenchRow[] = [];
  for (const item of cases) {
    const url = `${options.apiUrl}/api/admin/businesses?${item.query}`;
    const probe = await fetch(url, { headers: { cookie: options.cookie } });
    if (!probe.ok) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`);
    // The same parse the route does, so the engine runs exactly the API's statements.
    const query = AdminBusinessListQuery.parse(Object.fromEntries(new URLSearchParams(item.query)));
    const direct = () =>
      listBusinessesForAdmin(options.pool, { selection: selectionOf(query), sortBy: query.sortBy, sortOrder: query.sortOrder, limit: query.limit, offset: (query.page - 1) * query.limit }).then(() => undefined);
    const warm = await hammerHttp(url, options.cookie, connections, 1); // warm-up
    await hammer(connections, 1, direct);
    // The API and the engine take turns (two rounds each), so a burst of the machine's other work lands on
    // both sides rather than on whichever ran at that moment.
    const caseSeconds = Math.min(MAX_CASE_SECONDS, Math.max(seconds, Math.ceil(MIN_SAMPLES / Math.max(1, warm.latencies.length))));
    const half = Math.max(1, Math.round(caseSeconds / 2));
    const apiRuns: Samples[] = [];
    const engineRuns: Samples[] = [];
    let apiCpuMs = 0;
    for (let round = 0; round < 2; round++) {
      const cpuBefore = processCpuMs(options.apiPid);
      apiRuns.push(await hammerHttp(url, options.cookie, connections, half));
      const cpuAfter = processCpuMs(options.apiPid);
      if (cpuBefore !== null && cpuAfter !== null) apiCpuMs += cpuAfter - cpuBefore;
      engineRuns.push(await hammer(connections, half, direct));
    }
    const api = summarise(apiRuns);
    const engine = summarise(engineRuns);
    let meili: LatencySummary | undefined;
    if (options.meili && item.meili) {
      const { url, apiKey, indexUid } = options.meili;
      const body = JSON.stringify({ q: null, ...item.meili, limit: 20 });
      const search = async () => {
        const response = await fetch(`${url}/indexes/${indexUid}/search`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-encoding': 'identity' }, body });
        if (!response.ok) throw new Error(`Meilisearch answered ${response.status}`);
        await response.arrayBuffer();
      };
      await hammer(connections, 1, search);
      meili = summarise([await hammer(connections, seconds, search)]);
    }
    const apiCpuMsPerRequest = options.apiPid && api.requests ? apiCpuMs / api.requests : undefined;
    rows.push({ name: item.name, query: item.query, api, engine, ratio: api.p95 / engine.p95, meili, apiCpuMsPerRequest });
  }
  return rows;
}

export function formatAdminListRows(rows: AdminListBenchRow[]): string {
  const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');
  const header = ['case', 'api p50', 'api p95', 'pg p50', 'pg p95', 'p95 ratio', 'meili p50', 'meili p95', 'api req', 'api cpu/req', 'errors'];
  const lines = rows.map((row) => [
    row.name, fmt(row.api.p50), fmt(row.api.p95), fmt(row.engine.p50), fmt(row.engine.p95), fmt(row.ratio),
    row.meili ? fmt(row.meili.p50) : '', row.meili ? fmt(row.meili.p95) : '', String(row.api.requests),
    row.apiCpuMsPerRequest === undefined ? '' : fmt(row.apiCpuMsPerRequest), String(row.api.errors + row.engine.errors + (row.meili?.errors ?? 0)),
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
  const line = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(line)].join('\n');
}

// ------------------------------------------------------------------------------------------------ CLI



async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: { count: { type: 'string', default: '3000' }, duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } },
  });
  const count = Number(args.count);
  const connections = Number(args.connections);
  setLogLevel('warn');
  const servers = await startThrowawayServers({ name: 'bench-admin-list', database: 'bench', meilisearch: true, ephemeral: true });
  let api: ChildProcess | null = null;
  try {
    const env = benchEnv(servers);
    const config = loadConfig(env);
    // The API process's pool size (platform/db/pool.ts default), so the engine runs queue as the API's do.
    const pool = createPool(servers.databaseUrl, { max: 10, applicationName: 'bench-admin-list' });
    const prisma = createPrisma(servers.databaseUrl, { max: 2 });
    console.log(`bench:admin-list  ${count.toLocaleString('en')} businesses, ${connections} connections (Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model})`);
    await seedAndIndex(config, pool, count);
    console.log(`load average before measuring: ${os.loadavg().map((value) => value.toFixed(1)).join(', ')}`);
    const credentials = { username: 'bench-admin', password: 'bench admin password 1' };
    await ensureAdminUser({ prisma, ...credentials });
    const port = await findFreePort();
    api = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const apiUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${apiUrl}/healthz`);
    const login = await fetch(`${apiUrl}/api/admin/login`, {
      method: 'POST',
      // The origins the API process allows depend on its port: read them from its own environment.
      headers: { 'content-type': 'application/json', origin: loadConfig({ ...env, PORT: String(port), HOST: '127.0.0.1' }).allowedOrigins[0] },
      body: JSON.stringify(credentials),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    // The most common category, and the most common first word of names in it.
    const { rows: sample } = await pool.query<{ category: string; word: string }>(
      `SELECT category, (SELECT split_part(lower(name), ' ', 1) FROM businesses b2 WHERE b2.category = top.category GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS word
         FROM (SELECT category FROM businesses WHERE category IS NOT NULL GROUP BY category ORDER BY count(*) DESC LIMIT 1) top`,
    );
    const rows = await benchAdminList({
      apiUrl, apiPid: api.pid, cookie, pool, connections, durationSeconds: Number(args.duration), category: sample[0].category, searchWord: sample[0].word.slice(0, 4),
      deepPage: Math.max(1, Math.floor(count / 40)),
      meili: { url: servers.meili!.url, apiKey: servers.meiliMasterKey, indexUid: indexUid(config.meiliIndexPrefix, 'businesses') },
    });
    console.log(`category "${sample[0].category}", search "${sample[0].word.slice(0, 4)}"\n`);
    console.log(formatAdminListRows(rows));
    // The machine is shared: the load average says how much of its 2 cores the bench had.
    console.log(`\nload average at the end: ${os.loadavg().map((value) => value.toFixed(1)).join(', ')}`);
    await Promise.allSettled([pool.end(), prisma.$disconnect()]);
  } finally {
    await stopChild(api);
    await servers.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
