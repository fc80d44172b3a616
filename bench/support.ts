/** What several benches share: demo data seeded and indexed before measuring, and percentiles. */
import { rebuildAllIndexes } from '../indexer/src/jobs/full-rebuild.ts';
import { createRuntime } from '../indexer/src/runtime.ts';
import type { Config } from '../platform/config.ts';
import type { Pool } from '../platform/db/pool.ts';
import { createLogger } from '../platform/logger.ts';
import { createMeili } from '../platform/search/client.ts';
import { seedDemoData } from '../prisma/seed/seed-demo-data.ts';

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
}
