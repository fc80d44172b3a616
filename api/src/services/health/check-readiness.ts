import type { Meilisearch } from 'meilisearch';
import type { Pool } from '../../../../platform/db/pool.ts';
import { INDEX_KINDS, indexUid } from '../../../../platform/search/client.ts';
import type { Logger } from '../../../../platform/log.ts';
import { probeDatabase } from '../../repositories/database-health.ts';

export interface CheckResult {
  ok: boolean;
  detail?: string;
}

export interface Readiness {
  isReady: boolean;
  checks: { postgres: CheckResult; migrations: CheckResult; meilisearch: CheckResult; indexes: CheckResult };
}

const CHECK_TIMEOUT_MS = 2000;

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A failure as a check result; the raw error goes to the log, not to the (public) response. */
function failed(name: string, error: unknown, logger: Logger): CheckResult {
  // A frozen server (no answer within the check's time) is logged too: the probes' own request lines
  // are at debug, so this warning is the readiness failure's trace at info level.
  logger.warn({ error: error instanceof Error ? error.message : String(error) }, `readiness check ${name} failed`);
  if (error instanceof CheckTimeout) return { ok: false, detail: error.message };
  return { ok: false, detail: 'unreachable' };
}

async function checkDatabase(pool: Pool, logger: Logger): Promise<Pick<Readiness['checks'], 'postgres' | 'migrations'>> {
  const probe = await probeDatabase(pool, (work) => withTimeout(work, CHECK_TIMEOUT_MS));
  if (!probe.isReachable) return { postgres: failed('postgres', probe.error, logger), migrations: { ok: false, detail: 'PostgreSQL unreachable' } };
  if ('migrationsError' in probe) return { postgres: { ok: true }, migrations: failed('migrations', probe.migrationsError, logger) };
  const pending = probe.pendingMigrations;
  return { postgres: { ok: true }, migrations: pending.length ? { ok: false, detail: `pending: ${pending.join(', ')}` } : { ok: true } };
}

async function checkSearch(meili: Meilisearch, prefix: string, logger: Logger): Promise<Pick<Readiness['checks'], 'meilisearch' | 'indexes'>> {
  try {
    await withTimeout(meili.health(), CHECK_TIMEOUT_MS);
  } catch (error) {
    return { meilisearch: failed('meilisearch', error, logger), indexes: { ok: false, detail: 'Meilisearch unreachable' } };
  }
  try {
    const { results } = await withTimeout(meili.getIndexes({ limit: 1000 }), CHECK_TIMEOUT_MS);
    const present = new Set(results.map((index) => index.uid));
    const missing = INDEX_KINDS.map((kind) => indexUid(prefix, kind)).filter((uid) => !present.has(uid));
    return { meilisearch: { ok: true }, indexes: missing.length ? { ok: false, detail: `missing: ${missing.join(', ')}` } : { ok: true } };
  } catch (error) {
    return { meilisearch: { ok: true }, indexes: failed('indexes', error, logger) };
  }
}

/**
 * Whether this API instance can serve traffic: PostgreSQL answers, no migration is pending,
 * Meilisearch answers and every index the indexer creates exists. Each probe is bounded by a
 * short timeout so a load balancer's probe never hangs.
 */
export async function checkReadiness(options: { pool: Pool; meili: Meilisearch; indexPrefix: string; logger: Logger }): Promise<Readiness> {
  const [database, search] = await Promise.all([
    checkDatabase(options.pool, options.logger),
    checkSearch(options.meili, options.indexPrefix, options.logger),
  ]);
  const checks = { ...database, ...search };
  return { isReady: Object.values(checks).every((check) => check.ok), checks };
}
