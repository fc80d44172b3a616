/** Data access for the API's side of indexer_state (the indexer keeps its own, indexer/src/db/state.ts). */
import type { Pool } from '../../../platform/db/pool.ts';

/** Bumps `cache_cleared_at`, a row every API replica's data-version tracker fingerprints. */
export async function recordCacheClearedAt(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO indexer_state (key, value, updated_at) VALUES ('cache_cleared_at', to_jsonb(now()::text), now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
}

/** The database's clock now: compared with the indexer's recompute times, which the database also stamps. */
export async function readDatabaseNow(pool: Pool): Promise<Date> {
  const { rows } = await pool.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  return rows[0].now;
}

/**
 * Whether the indexer has recounted the aggregates (the home page's totals, category, country and city
 * counts) from data read after `since`. Its state row is stamped by the database when a recompute ends
 * and holds how long it ran, so the recompute's start is the stamp minus its duration: both on the
 * database's side, whatever the indexer host's clock says.
 */
export async function hasAggregatesComputedSince(pool: Pool, key: string, since: Date): Promise<boolean> {
  const { rows } = await pool.query<{ fresh: boolean }>(
    `SELECT updated_at - make_interval(secs => coalesce((value->>'durationMs')::float8, 0) / 1000) > $2 AS fresh
       FROM indexer_state WHERE key = $1`,
    [key, since],
  );
  return rows[0]?.fresh ?? false;
}
