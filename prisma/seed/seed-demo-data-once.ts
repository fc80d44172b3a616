/**
 * Loads the demo data on a database that has never had any. A marker in indexer_state records that
 * it ran (or was skipped because real data exists), so deleting every business later is not undone
 * by the next `npm start`. seedDemoData is deterministic and upserts by place_id, so a start that was
 * interrupted half-way simply completes the same rows on the next run.
 */
import type { Pool } from '../../platform/db/pool.ts';
import { seedDemoData } from './seed-demo-data.ts';

const MARKER = 'demo_data';

export async function seedDemoDataOnce(options: {
  pool: Pool;
  count: number;
  onProgress?: (written: number) => void;
}): Promise<{ inserted: number; seconds: number } | null> {
  const { pool, count } = options;
  const marker = await pool.query('SELECT 1 FROM indexer_state WHERE key = $1', [MARKER]);
  if (marker.rowCount) return null;
  const { rows } = await pool.query<{ has_other: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM businesses WHERE source IS DISTINCT FROM 'demo') AS has_other`,
  );
  const result = rows[0].has_other || count === 0 ? null : await seedDemoData({ pool, count, onProgress: options.onProgress });
  await pool.query(
    `INSERT INTO indexer_state (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [MARKER, JSON.stringify({ count: result ? count : 0, skipped: !result, at: new Date().toISOString() })],
  );
  return result && { inserted: result.inserted, seconds: result.seconds };
}
