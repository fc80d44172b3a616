/** Data access for the API's side of indexer_state (the indexer keeps its own, indexer/src/db/state.ts). */
import type { Pool } from '../../../platform/db/pool.ts';

/** Bumps `cache_cleared_at`, a row every API replica's data-version tracker fingerprints. */
export async function recordCacheClearedAt(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO indexer_state (key, value, updated_at) VALUES ('cache_cleared_at', to_jsonb(now()::text), now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
}
