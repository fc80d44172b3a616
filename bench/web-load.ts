/**
 * `npm run bench:web -- --load`: the public pages under load, as deployed (bench/web.bench.ts seeds and
 * indexes first). The real API process (api/src/main.ts, page cache on) is driven by autocannon from this
 * process; both share the machine's cores, so each line prints the CPU each of them used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Pool } from '../platform/db/pool.ts';
import { findFreePort } from '../platform/runtime/ports.ts';
import { percentile, stopChild, waitForHttp } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process used so far, from /proc (Linux). */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

interface Run {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Map<number, number>;
  timeouts: number;
  errors: number;
  loaderCpu: number;
  apiCpu: number;
  bytesPerResponse: number;
}

async function measure(options: { url: string; connections: number; seconds: number; vary?: () => string; apiPid: number }): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const cpuBefore = process.cpuUsage();
  const apiBefore = processCpuSeconds(options.apiPid);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        headers: { 'accept-encoding': 'gzip, br', accept: 'text/html' },
        ...(options.vary ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: options.vary!() }) }] } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(responseTime);
    });
  });
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const non2xx = [...statuses].filter(([status]) => status >= 300).reduce((sum, [, n]) => sum + n, 0);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    timeouts: result.timeouts,
    errors: non2xx + result.errors,
    loaderCpu: (cpu.user + cpu.system) / 1e6 / wall,
    apiCpu: (processCpuSeconds(options.apiPid) - apiBefore) / wall,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');

function line(name: string, run: Run): string {
  const statuses = [...run.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`).join(' ');
  return (
    `${name.padEnd(26)} ${Math.round(run.rps).toString().padStart(6)} req/s  p50 ${ms(run.p50).padStart(5)}  p95 ${ms(run.p95).padStart(5)}  p99 ${ms(run.p99).padStart(5)} ms` +
    `  errors ${run.errors} (timeouts ${run.timeouts})  [${statuses}]  ${(run.bytesPerResponse / 1024).toFixed(1)} KB/answer  CPU: load generator ${(run.loaderCpu * 100).toFixed(0)}%, API ${(run.apiCpu * 100).toFixed(0)}% of a core`
  );
}

export async function runLoad(options: { env: Record<string, string>; pool: Pool; count: number; duration: number; connections: number; cleanups: Array<() => Promise<unknown>> }): Promise<void> {
  const port = await findFreePort();
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    // As deployed: a JSON request line per answer (LOG_LEVEL=info), read from a pipe as a log collector would.
    env: { ...process.env, ...options.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_PORT: 'off', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  api.stdout!.resume();
  options.cleanups.unshift(() => stopChild(api));
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`);

  const home = (await (await fetch(`${base}/api/homepage-data`)).json()) as { topCities: { slug: string; countryCode: string }[] };
  const city = home.topCities[0];
  const { rows } = await options.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE is_approved ORDER BY id LIMIT 1 OFFSET $1`, [Math.floor(options.count / 2)]);
  const { rows: burst } = await options.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE is_approved ORDER BY id DESC LIMIT 50000`);
  const targets = [
    { name: '/', path: '/' },
    { name: '/business/{slug}', path: encodeURI(`/business/${rows[0].slug}`) },
    { name: '/cities/{cc}/{slug}', path: encodeURI(`/cities/${city.countryCode.toLowerCase()}/${city.slug}`) },
  ];
  const [load1] = os.loadavg();
  console.log(
    `load       ${options.connections} connections, ${options.duration} s per run, API process at ${base} (load average before: ${load1.toFixed(2)}; ${os.cpus().length} cores, ${os.cpus()[0]?.model})`,
  );
  // Warm-up, not counted: the page's first request renders it, and 2 s of the same load each (the first
  // measured run after the process started was consistently the slowest, whichever page it was).
  for (const target of targets) {
    await (await fetch(base + target.path)).text();
    await measure({ url: base + target.path, connections: options.connections, seconds: 2, apiPid: api.pid! });
  }
  for (const target of targets) {
    const run = await measure({ url: base + target.path, connections: options.connections, seconds: options.duration, apiPid: api.pid! });
    console.log(line(`${target.name} (cached)`, run));
  }
  // Every request a business page nobody asked for before: renders are bounded, the rest shed with 503s.
  let next = 0;
  const run = await measure({
    url: `${base}/`,
    connections: options.connections,
    seconds: options.duration,
    vary: () => encodeURI(`/business/${burst[next++ % burst.length].slug}`),
    apiPid: api.pid!,
  });
  console.log(line('/business/{distinct} (uncached burst)', run));
  console.log(`           load average after: ${os.loadavg()[0].toFixed(2)}`);
}
