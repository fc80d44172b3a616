/** What several benches share: demo data seeded and indexed before measuring, percentiles, and API child processes. */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { rebuildAllIndexes } from '../indexer/src/jobs/full-rebuild.ts';
import { createRuntime } from '../indexer/src/runtime.ts';
import type { Config } from '../platform/config.ts';
import type { Pool } from '../platform/db/pool.ts';
import { createLogger } from '../platform/log.ts';
import { createMeili } from '../platform/search/client.ts';
import { seedDemoData } from '../prisma/seed/seed-demo-data.ts';

/** The environment of an API process against a bench's throwaway servers (production mode, quiet logs). */
export function benchEnv(servers: ThrowawayServers, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: servers.databaseUrl,
    MEILI_URL: servers.meili!.url,
    MEILI_MASTER_KEY: servers.meiliMasterKey,
    MEILI_INDEX_PREFIX: 'bench_',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    DATA_DIR: servers.dataDir,
    ...extra,
  };
}

/** The value at percentile `p` of already sorted values (NaN when there are none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Seeds `count` demo businesses, builds every index from them and empties the outbox the seed filled. */
export async function seedAndIndex(config: Config, pool: Pool, count: number) {
  const seeded = await seedDemoData({ pool, count });
  console.log(`seeded     ${seeded.rows.toLocaleString('en')} rows in ${seeded.seconds.toFixed(1)} s`);
  const indexStarted = performance.now();
  const rebuild = await rebuildAllIndexes(
    {
      config,
      pool,
      meili: createMeili(config, { timeoutMs: 600_000 }),
      prefix: config.meiliIndexPrefix,
      log: createLogger('bench-indexer'),
      runtime: createRuntime(() => undefined),
      signal: new AbortController().signal,
    },
    'bench',
  );
  console.log(`indexed    ${JSON.stringify(rebuild.documents)} in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
  await pool.query('TRUNCATE search_outbox');
  // Otherwise autovacuum wakes up for the freshly loaded table during the first measurements.
  await pool.query('VACUUM ANALYZE businesses');
}

/** Resolves once `url` answers 2xx (an API child process that finished starting). */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops a child process: SIGTERM, then SIGKILL when it has not exited within 15 s. */
export async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
