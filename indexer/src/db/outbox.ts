/**
 * The search_outbox the business triggers fill. The op is only a hint: the drain re-reads each
 * business's current row, so out-of-order commits and repeated rows converge (idempotent).
 */
import type { Pool } from '../../../platform/db/pool.ts';
import { BUSINESS_COLUMNS, type BusinessSqlRow } from '../documents/business-document.ts';

export interface OutboxRow {
  id: number;
  business_id: number | null;
  op: 'upsert' | 'delete' | 'truncate';
  /** The change can move an aggregate (the update trigger sets false when no counted column changed). */
  aggregates: boolean;
}

/** The oldest `limit` rows with an id above `after`. */
export async function fetchOutboxBatch(pool: Pool, limit: number, after = 0): Promise<OutboxRow[]> {
  const { rows } = await pool.query<OutboxRow>('SELECT id, business_id, op, aggregates FROM search_outbox WHERE id > $2 ORDER BY id LIMIT $1', [limit, after]);
  return rows;
}

/** Acknowledge only what was read (never "everything up to id N": a lower id may still be uncommitted). */
export async function ackOutbox(pool: Pool, ids: number[]): Promise<void> {
  if (ids.length) await pool.query('DELETE FROM search_outbox WHERE id = ANY($1::bigint[])', [ids]);
}

export async function fetchBusinessesByIds(pool: Pool, ids: number[]): Promise<BusinessSqlRow[]> {
  if (!ids.length) return [];
  const { rows } = await pool.query<BusinessSqlRow>(`SELECT ${BUSINESS_COLUMNS} FROM businesses WHERE id = ANY($1::int[])`, [ids]);
  return rows;
}

export async function outboxDepth(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM search_outbox');
  return rows[0].n;
}
