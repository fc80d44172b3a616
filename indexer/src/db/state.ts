/** indexer_state: small JSON values the indexer keeps across restarts and the admin API reads. */
import type { Pool } from '../../../platform/db/pool.ts';

export async function readState<T>(pool: Pool, key: string): Promise<T | null> {
  const { rows } = await pool.query<{ value: T }>('SELECT value FROM indexer_state WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

export async function writeState(pool: Pool, key: string, value: unknown): Promise<void> {
  await pool.query(
    `INSERT INTO indexer_state (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
