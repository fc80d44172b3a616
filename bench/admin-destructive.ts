/**
 * The destructive admin actions at size: `tsx bench/admin-destructive.ts --count N [--broken-share 0.1]`
 * (default 1,000,000), or `benchAdminDestructive({ count })` from bench/admin.bench.ts. Throwaway embedded
 * PostgreSQL + Meilisearch, N demo businesses seeded and indexed, a live indexer in this process.
 *
 * Prints:
 * - fix-slugs: a share of the slugs broken (upper-cased, so they leave slugify's normal form), then the
 *   run timed: businesses examined per second and slugs rewritten (with their redirects) per second;
 * - delete all: seconds from the call until the public total (the home document's totals, what
 *   GET /api/businesses reports) reads 0, and until the call returned (it waits for that itself).
 */
import path from 'node:path';
import { loadConfig } from '../platform/config.ts';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { createMeili, indexUid } from '../platform/search/client.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { HOME_DOCUMENT_ID, type HomeDocument } from '../common/search-documents.ts';
import { runIndexer } from '../indexer/src/indexer.ts';
import { ensureAdminUser } from '../api/src/services/auth/ensure-admin-user.ts';
import { deleteAllBusinesses } from '../api/src/services/admin/delete-all-businesses.ts';
import { fixSlugs } from '../api/src/services/admin/fix-slugs.ts';
import { benchEnv, seedAndIndex } from './support.ts';

export interface AdminDestructiveFigures {
  count: number;
  fixSlugs: { broken: number; seconds: number; examinedPerSecond: number; rewrittenPerSecond: number; rewritten: number };
  deleteAll: { deleted: number; secondsUntilPublicTotalZero: number; secondsUntilAnswer: number; published: boolean };
}

async function waitForEmptyOutbox(pool: Pool, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM search_outbox');
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the indexer did not drain the outbox in time');
}

export async function benchAdminDestructive(options: { count: number; brokenShare?: number }): Promise<AdminDestructiveFigures> {
  const { count } = options;
  const brokenShare = options.brokenShare ?? 0.1;
  const servers = await startThrowawayServers({ name: 'bench-admin-destructive', database: 'bench', meilisearch: true, ephemeral: true });
  const config = loadConfig(benchEnv(servers));
  const pool = createPool(servers.databaseUrl, { max: 4 });
  const prisma = createPrisma(servers.databaseUrl, { max: 2 });
  let indexer: ReturnType<typeof runIndexer> | null = null;
  try {
    await seedAndIndex(config, pool, count);
    // Started after the seed's own build, which it then finds in step (two builds at once would collide).
    indexer = runIndexer({ config });
    await indexer.ready;
    await ensureAdminUser({ prisma, username: 'bench', password: 'bench password 123' });
    const adminUserId = (await pool.query<{ id: number }>(`SELECT id FROM admin_users WHERE username = 'bench'`)).rows[0].id;

    // fix-slugs: break a share of the slugs (not timed), let the indexer take the change, then time the run.
    const modulo = Math.max(1, Math.round(1 / brokenShare));
    const broken = (await pool.query(`UPDATE businesses SET slug = upper(slug) WHERE id % $1 = 0`, [modulo])).rowCount ?? 0;
    await waitForEmptyOutbox(pool, 600_000);
    const fixStarted = performance.now();
    const fixed = await fixSlugs({ pool, prisma, adminUserId, ip: null });
    const fixSeconds = (performance.now() - fixStarted) / 1000;
    await waitForEmptyOutbox(pool, 600_000);

    // delete all: from the call until the public total reads 0.
    const home = createMeili(config).index<HomeDocument>(indexUid(config.meiliIndexPrefix, 'home'));
    const deleteStarted = performance.now();
    let answeredAt = 0;
    const call = deleteAllBusinesses({ pool, prisma, indexPrefix: config.meiliIndexPrefix, adminUserId, ip: null }).then((answer) => {
      answeredAt = performance.now();
      return answer;
    });
    let zeroAt = 0;
    while (!zeroAt) {
      const document = await home.getDocument(HOME_DOCUMENT_ID, { fields: ['totals'] }).catch(() => null);
      if (document && document.totals.businesses === 0) zeroAt = performance.now();
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await call;
    return {
      count,
      fixSlugs: { broken, seconds: fixSeconds, rewritten: fixed.successCount, examinedPerSecond: Math.round(fixed.totalProcessed / fixSeconds), rewrittenPerSecond: Math.round(fixed.successCount / fixSeconds) },
      deleteAll: { deleted: answer.deletedCount, secondsUntilPublicTotalZero: (zeroAt - deleteStarted) / 1000, secondsUntilAnswer: (answeredAt - deleteStarted) / 1000, published: answer.published },
    };
  } finally {
    await indexer?.stop();
    await Promise.allSettled([pool.end(), prisma.$disconnect()]);
    await servers.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const argv = process.argv.slice(2);
  const at = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const count = Number(at('--count') ?? 1_000_000);
  const brokenShare = Number(at('--broken-share') ?? 0.1);
  if (!Number.isInteger(count) || count < 1 || !(brokenShare > 0 && brokenShare <= 1)) {
    console.error('Usage: tsx bench/admin-destructive.ts --count N [--broken-share 0.1]');
    process.exit(1);
  }
  const figures = await benchAdminDestructive({ count, brokenShare });
  console.log(`fix-slugs   ${figures.fixSlugs.rewritten.toLocaleString('en')} of ${figures.fixSlugs.broken.toLocaleString('en')} broken slugs rewritten in ${figures.fixSlugs.seconds.toFixed(2)} s: ${figures.fixSlugs.examinedPerSecond.toLocaleString('en')} businesses examined/s, ${figures.fixSlugs.rewrittenPerSecond.toLocaleString('en')} rewritten/s`);
  console.log(`delete all  ${figures.deleteAll.deleted.toLocaleString('en')} businesses: public total 0 after ${figures.deleteAll.secondsUntilPublicTotalZero.toFixed(2)} s, answered after ${figures.deleteAll.secondsUntilAnswer.toFixed(2)} s (published: ${figures.deleteAll.published})`);
  process.exit(0);
}
