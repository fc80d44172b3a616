/**
 * Builds the public site (client bundle + SSR entry) and the admin panel (its own client build) when
 * their sources are newer than dist/.
 * Used by tests and the web bench so they always run against a current build; `npm run build`
 * does the same unconditionally. A lock directory keeps parallel test files from building twice.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ADMIN_DIR } from './admin-panel.ts';
import { CLIENT_DIR, FRONTEND_ROOT, SERVER_ENTRY } from './create-frontend-handler.ts';
import { writeLineNow } from '../../platform/log.ts';

const CONFIG_FILE = path.join(FRONTEND_ROOT, 'vite.config.ts');
const ADMIN_CONFIG_FILE = path.join(FRONTEND_ROOT, 'vite.admin.config.ts');
const SOURCES = [path.join(FRONTEND_ROOT, 'src'), path.join(FRONTEND_ROOT, 'index.html'), path.join(FRONTEND_ROOT, 'admin.html'), CONFIG_FILE, ADMIN_CONFIG_FILE, path.join(FRONTEND_ROOT, '../common'), path.join(import.meta.dirname, 'build.ts')];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

export async function isFrontendBuildCurrent(): Promise<boolean> {
  const built = await stat(SERVER_ENTRY).catch(() => null);
  const client = await stat(path.join(CLIENT_DIR, 'index.html')).catch(() => null);
  const admin = await stat(path.join(ADMIN_DIR, 'admin.html')).catch(() => null);
  if (!built || !client || !admin) return false;
  const sources = Math.max(...(await Promise.all(SOURCES.map(newestMtime))));
  return Math.min(built.mtimeMs, client.mtimeMs, admin.mtimeMs) >= sources;
}

/** Always a production build: under `npm test` NODE_ENV is 'test', which would make Vite emit dev JSX. */
export async function buildFrontend(): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: CONFIG_FILE, mode: 'production', logLevel: 'warn' });
    await compressAssets(path.join(CLIENT_DIR, 'assets'));
    await build({ configFile: ADMIN_CONFIG_FILE, mode: 'production', logLevel: 'warn' });
    await compressAssets(path.join(ADMIN_DIR, 'assets'));
    // Last: its file is the one the staleness check reads first.
    await build({ configFile: CONFIG_FILE, mode: 'production', logLevel: 'warn', build: { ssr: true } });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

/**
 * Brotli and gzip forms of every text asset, made once at build time at the strongest settings: the
 * server sends the one the browser accepts (create-frontend-handler.ts) without compressing per request.
 */
async function compressAssets(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const content = await readFile(path.join(dir, name));
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(content, { level: 9 }));
  }
}

export async function ensureFrontendBuild(): Promise<void> {
  const lock = path.join(FRONTEND_ROOT, '.build-lock');
  for (;;) {
    if (await isFrontendBuildCurrent()) return;
    try {
      await mkdir(lock);
    } catch {
      // Someone else is building; a lock older than 5 minutes is left over from a crash.
      const info = await stat(lock).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 300_000) await rm(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (!(await isFrontendBuildCurrent())) await buildFrontend();
      return;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

// `tsx frontend/server/build.ts [--if-stale]` (npm run build; prestart uses --if-stale).
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  // Before `npm start`: its line is JSON like the rest of the log when the output is not a terminal.
  const say = (level: 'info' | 'error', msg: string) => writeLineNow({ name: 'build', level, msg });
  (process.argv.includes('--if-stale') ? ensureFrontendBuild() : buildFrontend()).then(
    () => say('info', `frontend built in ${Date.now() - started} ms`),
    (error: unknown) => {
      say('error', `frontend build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
