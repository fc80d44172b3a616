/** The API's read of search_outbox (the indexer drains it: indexer/src/db/outbox.ts). */
import type { Pool } from '../../../platform/db/pool.ts';

/** The newest outbox row's id (0 when the outbox is empty): every change committed so far is at or below it. */
export async function findNewestOutboxId(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ id: string | null }>('SELECT max(id)::text AS id FROM search_outbox');
  return Number(rows[0].id ?? 0);
}

/** Whether any change at or below `id` still waits for the indexer (it deletes a row once Meilisearch applied it). */
export async function hasPendingOutboxRowsUpTo(pool: Pool, id: number): Promise<boolean> {
  const { rows } = await pool.query<{ pending: boolean }>('SELECT EXISTS (SELECT 1 FROM search_outbox WHERE id <= $1) AS pending', [id]);
  return rows[0].pending;
}
