/**
 * `npm run bench:admin -- --count N [--only list]`: the admin API's figures of issue 25, each part in a
 * process of its own with its own throwaway PostgreSQL and Meilisearch (so one part's seeding, memory and
 * caches do not colour the next), printed in turn:
 *  - list: admin list p95 at 10 connections, browsing and name search + category + sort, each beside the
 *    same query sent straight to PostgreSQL (the engine that answers it) in the same run;
 *  - export: all 27 fields of N rows, rows/s against a raw `COPY ... TO STDOUT` of the same rows, peak RSS;
 *  - destructive: delete all (seconds until the public total reads 0) and fix-slugs throughput;
 *  - dashboard: the trigger-kept counters against the count(*) / GROUP BY scans they replace;
 *  - settings: site settings and ad code saves and the public read that follows.
 * Record the figures with date, machine and size in docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const PARTS = ['list', 'export', 'destructive', 'dashboard', 'settings'] as const;
const ROOT = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000000' }, only: { type: 'string' } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error('Usage: npm run bench:admin -- --count N [--only list|export|destructive|dashboard|settings]');
  process.exit(2);
}
const parts = PARTS.filter((part) => !values.only || part.includes(values.only));
if (!parts.length) {
  console.error(`--only ${values.only} names no part; the parts are ${PARTS.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const part of parts) {
  console.log(`\n=== admin ${part}, ${count.toLocaleString('en-US')} businesses (${new Date().toISOString()})`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `admin-${part}.ts`), '--count', String(count)], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.error(`admin ${part}: exited ${run.status ?? run.signal}`);
  }
}
process.exit(failed ? 1 : 0);
