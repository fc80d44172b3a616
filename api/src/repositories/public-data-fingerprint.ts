/** A fingerprint of the small tables the public API serves outside the search indexes. */
import type { Pool } from '../../../platform/db/pool.ts';

/**
 * Changes whenever advertisement_codes, site_settings or indexer_state change (rows added, removed or
 * updated). One tiny query: counts, the latest updated_at, and a digest of indexer_state's few rows.
 */
export async function readPublicDataFingerprint(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ v: string }>(
    `SELECT concat_ws('|',
       (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM advertisement_codes),
       (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM site_settings),
       (SELECT md5(coalesce(string_agg(key || '=' || value::text || updated_at::text, ',' ORDER BY key), '')) FROM indexer_state)
     ) AS v`,
  );
  return rows[0]?.v ?? '';
}
