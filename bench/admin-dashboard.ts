/**
 * The admin dashboard's counts at scale: what the exact figures cost read from the trigger-kept counters
 * (business_count_deltas) against the full scans they replace, and what the counting triggers add to an
 * import. `measureAdminCounts` and `measureCountTriggerCost` take a seeded database (bench/admin.bench.ts
 * calls them); the CLI seeds a throwaway one:
 *
 *   npx tsx bench/admin-dashboard.ts --count N [--extra K] [--samples S]   (default 1,000,000, 20,000, 20)
 */
import os from 'node:os';
import type { Pool } from '../platform/db/pool.ts';
import { listBusinessCountGroups } from '../api/src/repositories/business-counts.ts';
import { percentile } from './support.ts';

export interface TimedQuery {
  name: string;
  p50Ms: number;
  p95Ms: number;
}

export interface AdminCountsResult {
  businesses: number;
  /** The figures as the dashboard reads them, and the scans that give the same numbers. */
  queries: TimedQuery[];
  /** Whether the counters and the scans agreed (total, approved, categories). */
  isExact: boolean;
}

const SCANS: Array<[string, string]> = [
  ['scan: count(*) total and approved', 'SELECT count(*), count(*) FILTER (WHERE is_approved) FROM businesses'],
  ['scan: per category and approval', 'SELECT category, is_approved, count(*) FROM businesses GROUP BY 1, 2'],
  ['scan: average rating', 'SELECT avg(rating) FILTER (WHERE rating > 0) FROM businesses'],
];

async function time(samples: number, run: () => Promise<unknown>): Promise<{ p50Ms: number; p95Ms: number }> {
  await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(ms, 50) * 10) / 10, p95Ms: Math.round(percentile(ms, 95) * 10) / 10 };
}

/** Times the counters' read (listBusinessCountGroups, as /api/admin/stats and /dashboard do) and the scans. */
export async function measureAdminCounts(options: { pool: Pool; samples?: number }): Promise<AdminCountsResult> {
  const { pool } = options;
  const samples = options.samples ?? 20;
  const queries: TimedQuery[] = [{ name: 'counters: every (category, approval) group', ...(await time(samples, () => listBusinessCountGroups(pool))) }];
  for (const [name, sql] of SCANS) queries.push({ name, ...(await time(Math.min(samples, 5), () => pool.query(sql))) });

  const groups = await listBusinessCountGroups(pool);
  const scan = await pool.query<{ category: string | null; is_approved: boolean; n: string }>('SELECT category, is_approved, count(*)::text AS n FROM businesses GROUP BY 1, 2');
  const key = (category: string | null, approved: boolean) => `${category ?? '\u0000'}|${approved}`;
  const counted = new Map(groups.map((group) => [key(group.category, group.isApproved), group.businesses]));
  const isExact = scan.rows.length === groups.length && scan.rows.every((row) => counted.get(key(row.category, row.is_approved)) === Number(row.n));
  return { businesses: groups.reduce((sum, group) => sum + group.businesses, 0), queries, isExact };
}

export interface TriggerCostResult {
  rows: number;
  secondsWithoutTriggers: number;
  secondsWithTriggers: number;
}

const COUNT_TRIGGERS = ['businesses_counts_insert', 'businesses_counts_update', 'businesses_counts_delete'];

/**
 * Seeds `rows` new demo businesses with the counting triggers off and on, alternately (`rounds` times each,
 * each seed removed again before the next), and keeps each side's fastest run: the difference is what
 * counting costs an import. Uses the demo seed's writer (COPY + the outbox triggers), as an import does.
 */
export async function measureCountTriggerCost(options: { pool: Pool; rows: number; rounds?: number; seed?: number }): Promise<TriggerCostResult> {
  const { pool, rows } = options;
  const { seedDemoData } = await import('../prisma/seed/seed-demo-data.ts');
  const seed = options.seed ?? 987_654;
  const { rows: [{ max }] } = await pool.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM businesses');
  const setTriggers = (state: 'ENABLE' | 'DISABLE') => Promise.all(COUNT_TRIGGERS.map((name) => pool.query(`ALTER TABLE businesses ${state} TRIGGER ${name}`)));
  const seconds = { on: Infinity, off: Infinity };
  for (let round = 0; round < (options.rounds ?? 2); round += 1) {
    for (const side of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      if (side === 'off') await setTriggers('DISABLE');
      try {
        seconds[side] = Math.min(seconds[side], (await seedDemoData({ pool, count: rows, seed })).seconds);
        // Removed as it was written (counted or not), so the counters stay exact.
        await pool.query('DELETE FROM businesses WHERE id > $1', [max]);
      } finally {
        if (side === 'off') await setTriggers('ENABLE');
      }
      await pool.query('TRUNCATE search_outbox');
      await pool.query('VACUUM ANALYZE businesses');
    }
  }
  return { rows, secondsWithoutTriggers: Math.round(seconds.off * 100) / 100, secondsWithTriggers: Math.round(seconds.on * 100) / 100 };
}

function argument(argv: string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  const value = at >= 0 ? Number(argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`Usage: npx tsx bench/admin-dashboard.ts --count N [--extra K] [--samples S] (${name} must be a whole number)`);
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const count = argument(argv, '--count', 1_000_000);
  const extra = argument(argv, '--extra', Math.min(20_000, count));
  const samples = argument(argv, '--samples', 20);
  const { createPool } = await import('../platform/db/pool.ts');
  const { seedDemoData } = await import('../prisma/seed/seed-demo-data.ts');
  const { startThrowawayServers } = await import('../platform/runtime/throwaway-servers.ts');
  const servers = await startThrowawayServers({ name: 'bench-admin-dashboard', database: 'bench' });
  try {
    const pool = createPool(servers.databaseUrl, { max: 4, applicationName: 'bench-admin-dashboard' });
    console.log(`admin dashboard counts: ${count.toLocaleString('en')} businesses (Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()})`);
    const seeded = await seedDemoData({ pool, count });
    console.log(`seeded     ${seeded.rows.toLocaleString('en')} rows in ${seeded.seconds.toFixed(1)} s`);
    await pool.query('TRUNCATE search_outbox');
    await pool.query('VACUUM ANALYZE businesses');
    const counts = await measureAdminCounts({ pool, samples });
    console.log(`counted    ${counts.businesses.toLocaleString('en')} businesses; counters agree with a scan: ${counts.isExact}`);
    for (const query of counts.queries) console.log(`  ${query.name.padEnd(45)} p50 ${query.p50Ms} ms  p95 ${query.p95Ms} ms`);
    const cost = await measureCountTriggerCost({ pool, rows: extra });
    const overhead = ((cost.secondsWithTriggers / cost.secondsWithoutTriggers - 1) * 100).toFixed(0);
    console.log(`import of ${cost.rows.toLocaleString('en')} more rows: ${cost.secondsWithoutTriggers} s without the counting triggers, ${cost.secondsWithTriggers} s with (${overhead}%)`);
    await pool.end();
  } finally {
    await servers.stop();
  }
}
