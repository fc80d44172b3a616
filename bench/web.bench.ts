/**
 * `npm run bench:web -- [--count N] [--requests R] [--load [--duration S] [--connections C]]`: server-side
 * rendering of the public site.
 *
 * On a throwaway embedded PostgreSQL + Meilisearch (temp dir, free ports) it seeds N demo businesses
 * (default 100,000; the target figure is at 1,000,000), runs the indexer's full rebuild,
 * builds the frontend if it is stale, and serves the real API + the built site in this process. It
 * then requests the home page, a category, a city and a business page R times each, one at a time
 * (different pages of each kind, so the API's response cache is not the only thing measured), and
 * prints p50/p95 of the full HTML response. Last it prints the gzipped size of the JavaScript and
 * CSS the home page loads (its script, module preloads and stylesheets). Nothing is left behind.
 *
 * With `--load` it instead starts the real API process (api/src/main.ts, page cache as deployed) and drives
 * it with autocannon at C connections (default 50) for S seconds (default 10) per run: `/`, a business page
 * and a city page once cached, then a burst of distinct business pages never requested before (statuses
 * counted: shed 503s against timeouts). Each line prints req/s, p50/p95/p99, errors (non-2xx and timeouts),
 * and the CPU of the load generator (this process) and of the API beside it: they share the machine.
 */
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../api/src/server.ts';
import { ADMIN_DIR } from '../frontend/server/admin-panel.ts';
import { ensureFrontendBuild } from '../frontend/server/build.ts';
import { CLIENT_DIR, createFrontendRouter } from '../frontend/server/create-frontend-handler.ts';
import { loadConfig } from '../platform/config.ts';
import { createPool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { createLogger, setLogLevel } from '../platform/log.ts';
import { createMeili } from '../platform/search/client.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { benchEnv, percentile, seedAndIndex } from './support.ts';
import { runLoad } from './web-load.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    load: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const count = Number(args.count);
const requests = Number(args.requests);
if (!Number.isInteger(count) || count < 100) throw new Error('--count must be an integer >= 100');


/**
 * Sizes (gzip) of what a document makes the browser load up front (its scripts, module preloads and
 * stylesheets; lazy chunks excluded): `root` is the URL prefix of the assets, `dir` the folder behind it.
 */
export async function pageAssetSizes(html: string, root = '/assets/', dir = path.join(CLIENT_DIR, 'assets')): Promise<{ js: number; css: number; files: string[] }> {
  const prefix = root.replace(/[/]/g, '\\/');
  const urls = [
    ...[...html.matchAll(new RegExp(`<script[^>]+src="(${prefix}[^"]+\\.js)"`, 'g'))].map((match) => match[1]),
    ...[...html.matchAll(new RegExp(`<link[^>]+rel="modulepreload"[^>]+href="(${prefix}[^"]+)"`, 'g'))].map((match) => match[1]),
    ...[...html.matchAll(new RegExp(`<link[^>]+rel="stylesheet"[^>]+href="(${prefix}[^"]+\\.css)"`, 'g'))].map((match) => match[1]),
  ];
  let js = 0;
  let css = 0;
  for (const url of new Set(urls)) {
    const size = gzipSync(await readFile(path.join(dir, url.slice(root.length)))).length;
    if (url.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files: [...new Set(urls)] };
}

/** Every JavaScript chunk of the admin panel's build (gzip), lazy screens included. */
async function adminChunkSizes(): Promise<{ js: number; files: number }> {
  const dir = path.join(ADMIN_DIR, 'assets');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  let js = 0;
  for (const name of names) js += gzipSync(await readFile(path.join(dir, name))).length;
  return { js, files: names.length };
}

// Measure what production runs: React's production build is chosen by NODE_ENV at import time.
process.env.NODE_ENV = 'production';
setLogLevel('warn');
const servers = await startThrowawayServers({ name: 'bench-web', database: 'bench', meilisearch: true, ephemeral: true });
let server: RunningServer | null = null;
const cleanups: Array<() => Promise<unknown>> = [];
const stopAll = async () => {
  await server?.close();
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  await servers.stop();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

try {
  const building = ensureFrontendBuild();
  const { databaseUrl } = servers;
  const config = loadConfig(benchEnv(servers, { PUBLIC_URL: 'https://directory.example', TRUST_PROXY: 'true' }));
  const pool = createPool(databaseUrl, { max: 8, applicationName: 'bench-web' });
  const prisma = createPrisma(databaseUrl, { max: 8 });
  cleanups.push(() => pool.end(), () => prisma.$disconnect());
  console.log(`bench:web  ${count.toLocaleString('en')} businesses, ${requests} sequential renders per page kind (Node ${process.version}, ${os.cpus().length} cores)`);
  await seedAndIndex(config, pool, count);
  await building;
  if (args.load) {
    await runLoad({ env: benchEnv(servers, { PUBLIC_URL: 'https://directory.example', TRUST_PROXY: 'true' }), pool, count, duration: Number(args.duration), connections: Number(args.connections), cleanups });
  } else {
    server = await startServer(
      { config, prisma, pool, meili: createMeili(config), logger: createLogger('bench-api') },
      // Every request rendered: the page cache (measured by --load) would answer all but the first.
      { host: '127.0.0.1', port: 0, fallbackRouters: [(deps) => createFrontendRouter({ config: deps.config, pool: deps.pool, dataVersion: () => deps.cache.shared.version(), pageCache: { isEnabled: false } })], shutdownTimeoutMs: 2000 },
    );
    const base = server.url;
    const json = async <T>(pathname: string) => (await (await fetch(base + pathname)).json()) as T;
    const home = await json<{ popularSearches: { slug: string }[]; topCities: { slug: string; countryCode: string }[] }>('/api/homepage-data');
    const { rows: businessRows } = await pool.query<{ slug: string }>(
      `SELECT slug FROM businesses WHERE is_approved ORDER BY id LIMIT 50 OFFSET $1`,
      [Math.floor(count / 2)],
    );
    const kinds: { name: string; paths: string[] }[] = [
      { name: 'home', paths: ['/'] },
      { name: 'category', paths: home.popularSearches.slice(0, 10).flatMap((item) => [`/categories/${item.slug}`, `/categories/${item.slug}?page=2`]) },
      { name: 'city', paths: home.topCities.slice(0, 10).flatMap((item) => [`/cities/${item.countryCode.toLowerCase()}/${item.slug}`, `/cities/${item.countryCode.toLowerCase()}/${item.slug}?page=2`]) },
      { name: 'business', paths: businessRows.map((row) => `/business/${row.slug}`) },
    ];
    // The API answers each page needs, alone: what the render adds on top is the difference.
    const apiOnly: { name: string; paths: string[] }[] = [
      { name: 'api:home', paths: ['/api/homepage-data', '/api/featured-businesses', '/api/advertisements'] },
      { name: 'api:business', paths: [`/api/businesses/${businessRows[0].slug}`] },
    ];
    for (const kind of apiOnly) {
      const times: number[] = [];
      for (let index = 0; index < requests; index++) {
        const started = performance.now();
        await Promise.all(kind.paths.map(async (pathname) => (await fetch(base + pathname)).text()));
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`${kind.name.padEnd(12)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (its API calls in parallel, no render)`);
    }
    console.log('page       p50 ms   p95 ms   max ms   (full HTML response, sequential)');
    for (const kind of kinds) {
      // One pass first: the first request of each URL fills the API's response cache.
      for (const pathname of kind.paths) await (await fetch(base + pathname)).text();
      const times: number[] = [];
      const prefetch: number[] = [];
      const render: number[] = [];
      for (let index = 0; index < requests; index++) {
        const pathname = kind.paths[index % kind.paths.length];
        const started = performance.now();
        const response = await fetch(base + pathname);
        await response.text();
        times.push(performance.now() - started);
        const timing = response.headers.get('server-timing') ?? '';
        prefetch.push(Number(/prefetch;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
        render.push(Number(/render;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
        if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
      }
      times.sort((a, b) => a - b);
      prefetch.sort((a, b) => a - b);
      render.sort((a, b) => a - b);
      console.log(
        `${kind.name.padEnd(10)} ${percentile(times, 50).toFixed(1).padStart(6)}   ${percentile(times, 95).toFixed(1).padStart(6)}   ${times[times.length - 1].toFixed(1).padStart(6)}` +
          `   (of which API prefetch p50 ${percentile(prefetch, 50).toFixed(1)} / p95 ${percentile(prefetch, 95).toFixed(1)}, React render p50 ${percentile(render, 50).toFixed(1)} / p95 ${percentile(render, 95).toFixed(1)})`,
      );
    }
    // Cold: a business page never requested before (API cache empty for it).
    const cold: number[] = [];
    const { rows: coldRows } = await pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE is_approved ORDER BY id DESC LIMIT 50`);
    for (const row of coldRows) {
      const started = performance.now();
      await (await fetch(`${base}/business/${row.slug}`)).text();
      cold.push(performance.now() - started);
    }
    cold.sort((a, b) => a - b);
    console.log(`business (first visit) p50 ${percentile(cold, 50).toFixed(1)} ms, p95 ${percentile(cold, 95).toFixed(1)} ms`);

    const html = await (await fetch(`${base}/`)).text();
    const sizes = await pageAssetSizes(html);
    console.log(`home page assets (gzip): JavaScript ${(sizes.js / 1024).toFixed(1)} KB, CSS ${(sizes.css / 1024).toFixed(1)} KB  [${sizes.files.join(', ')}]`);
    // The admin panel is a build of its own (frontend/vite.admin.config.ts): none of it is in the lines above.
    const adminHtml = await (await fetch(`${base}/admin`)).text();
    const admin = await pageAssetSizes(adminHtml, '/admin/assets/', path.join(ADMIN_DIR, 'assets'));
    const chunks = await adminChunkSizes();
    console.log(`admin panel (gzip): first load JavaScript ${(admin.js / 1024).toFixed(1)} KB, CSS ${(admin.css / 1024).toFixed(1)} KB; all ${chunks.files} chunks ${(chunks.js / 1024).toFixed(1)} KB`);
  }
} finally {
  await stopAll();
}
