/** Data access for businesses read through Prisma (the bulk writes are platform/db/business-writer.ts). */
import type { Business } from '../../../generated/prisma/client.ts';
import { withTransaction, type Pool } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { insertAuditLogWithin, type AuditEntry } from './audit-logs.ts';

export type { Business };

/** By the unique slug: an index lookup, never a scan. Approved or not: the caller decides. */
export function findBusinessRowBySlug(prisma: Prisma, slug: string): Promise<Business | null> {
  return prisma.business.findUnique({ where: { slug } });
}

// ------------------------------------------------------------------- admin list and bulk actions (issue 25)
// The admin list reads PostgreSQL (docs/decisions.md, "The admin business list reads PostgreSQL"), with the
// indexes of the 20261127182000 migration. One filter builder serves the list, its count and the bulk
// action, so "all N matching this filter" selects exactly the rows the admin was shown.

/** Which businesses: the list's filter fields, or explicit ids. */
export interface BusinessSelection {
  /** Name search: every word is the start of a word of the name (name_prefix_query in the migration). */
  nameSearch?: string;
  category?: string;
  countryCode?: string;
  approval?: 'all' | 'approved' | 'pending';
  ids?: readonly number[];
}

export type BusinessSortKey = 'name' | 'rating' | 'reviewCount' | 'createdAt';

/** The WHERE clause of `selection`, its values appended to `params` (never spliced into the text). */
function whereOf(selection: BusinessSelection, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  // The same expression as businesses_name_words_idx, so the GIN index answers it.
  if (selection.nameSearch) conditions.push(`to_tsvector('simple'::regconfig, name) @@ name_prefix_query(${add(selection.nameSearch)}::text)`);
  if (selection.category) conditions.push(`category = ${add(selection.category)}`);
  if (selection.countryCode) conditions.push(`country_code = ${add(selection.countryCode)}`);
  if (selection.approval === 'approved') conditions.push('is_approved');
  if (selection.approval === 'pending') conditions.push('NOT is_approved');
  if (selection.ids) conditions.push(`id = ANY(${add(selection.ids)}::int[])`);
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/**
 * ORDER BY for each sort, with id as the tie-break (pages never overlap) and each matching an index of the
 * migration; an unrated business ranks lowest both ways.
 */
const ORDER_BY: Record<BusinessSortKey, Record<'asc' | 'desc', string>> = {
  name: { asc: 'name ASC, id ASC', desc: 'name DESC, id DESC' },
  rating: { asc: 'rating ASC NULLS FIRST, id ASC', desc: 'rating DESC NULLS LAST, id DESC' },
  reviewCount: { asc: 'review_count ASC, id ASC', desc: 'review_count DESC, id DESC' },
  createdAt: { asc: 'created_at ASC, id ASC', desc: 'created_at DESC, id DESC' },
};

export interface AdminBusinessListRow {
  id: number;
  name: string;
  category: string | null;
  full_address: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country_code: string | null;
  rating: number | null;
  review_count: number;
  slug: string;
  is_approved: boolean;
  created_at: Date;
}

/** One page of the admin list and the number of every match (approved and held alike). */
export async function listBusinessesForAdmin(
  pool: Pool,
  options: { selection: BusinessSelection; sortBy: BusinessSortKey; sortOrder: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: AdminBusinessListRow[]; total: number }> {
  const pageParams: unknown[] = [];
  const where = whereOf(options.selection, pageParams);
  const countParams = [...pageParams];
  pageParams.push(options.limit, options.offset);
  const orderBy = ORDER_BY[options.sortBy][options.sortOrder];
  // Two statements on two connections at once: the page and the count do not wait for each other.
  // The page's ids first, then their rows (a deferred join): the skipped rows of a deep page are read from
  // the sort's index alone (an index-only scan), not fetched from the table one by one. Page 2,500 by name
  // at 100,000 businesses, 10 connections: PostgreSQL p50 1,556 ms as one query, 64 ms so (docs/performance.md).
  const [page, count] = await Promise.all([
    pool.query<AdminBusinessListRow>(
      `SELECT id, name, category, full_address, street, postal_code, city, state, country_code, rating, review_count, slug, is_approved, created_at
         FROM businesses
        WHERE id IN (SELECT id FROM businesses ${where} ORDER BY ${orderBy} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length})
        ORDER BY ${orderBy}`,
      pageParams,
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM businesses ${where}`, countParams),
  ]);
  return { rows: page.rows, total: count.rows[0].total };
}

/** Every category with its number of businesses (approved and held), most first. */
export async function countBusinessesByCategory(pool: Pool): Promise<Array<{ category: string; count: number }>> {
  const { rows } = await pool.query<{ category: string; count: number }>(
    `SELECT category, count(*)::int AS count FROM businesses WHERE category <> '' GROUP BY category ORDER BY count DESC, category`,
  );
  return rows;
}

/** Every country code present with its number of businesses (approved and held), by code. */
export async function countBusinessesByCountryCode(pool: Pool): Promise<Array<{ countryCode: string; count: number }>> {
  const { rows } = await pool.query<{ countryCode: string; count: number }>(
    `SELECT country_code AS "countryCode", count(*)::int AS count FROM businesses WHERE country_code IS NOT NULL GROUP BY country_code ORDER BY country_code`,
  );
  return rows;
}

export type BulkBusinessChange = 'approve' | 'unapprove' | 'delete';

/** Rows per statement of a bulk action: big enough to be fast, small enough to keep each statement short. */
const BULK_CHUNK_SIZE = 5_000;

/** What one chunk's statement does to the chunk's rows (`chunk` is the CTE of their ids). */
const CHANGE_SQL: Record<BulkBusinessChange, string> = {
  // Only rows whose state changes: an approve of approved businesses writes nothing and queues no re-index.
  approve: `UPDATE businesses b SET is_approved = true, updated_at = now() FROM chunk WHERE b.id = chunk.id AND NOT b.is_approved RETURNING b.id`,
  unapprove: `UPDATE businesses b SET is_approved = false, updated_at = now() FROM chunk WHERE b.id = chunk.id AND b.is_approved RETURNING b.id`,
  delete: `DELETE FROM businesses b USING chunk WHERE b.id = chunk.id RETURNING b.id`,
};

export class SelectionCountChanged extends Error {
  constructor(readonly expected: number, readonly actual: number) {
    super(`the selection matched ${actual} businesses, not ${expected}`);
  }
}

/**
 * Applies `change` to every business of `selection` in one transaction, one statement per chunk of
 * BULK_CHUNK_SIZE ids (walked in id order), with the audit row `audit(matched, changed)` written in the
 * same transaction. With `expectedCount`, a selection that matches a different number of businesses
 * (counted before and while applying) throws SelectionCountChanged and changes nothing.
 */
export async function applyBulkBusinessChange(
  pool: Pool,
  options: { change: BulkBusinessChange; selection: BusinessSelection; expectedCount?: number; audit: (result: { matched: number; changed: number }) => AuditEntry },
): Promise<{ matched: number; changed: number }> {
  return withTransaction(pool, async (client) => {
    if (options.expectedCount !== undefined) {
      // Fails fast, before any write, when the admin's count is already out of date.
      const countParams: unknown[] = [];
      const { rows } = await client.query<{ total: number }>(`SELECT count(*)::int AS total FROM businesses ${whereOf(options.selection, countParams)}`, countParams);
      if (rows[0].total !== options.expectedCount) throw new SelectionCountChanged(options.expectedCount, rows[0].total);
    }
    let matched = 0;
    let changed = 0;
    let afterId = 0;
    for (;;) {
      const params: unknown[] = [];
      const where = whereOf(options.selection, params);
      params.push(afterId, BULK_CHUNK_SIZE);
      const keyset = `${where ? `${where} AND` : 'WHERE'} id > $${params.length - 1}`;
      const { rows } = await client.query<{ matched: number; changed: number; last_id: number | null }>(
        `WITH chunk AS (SELECT id FROM businesses ${keyset} ORDER BY id LIMIT $${params.length}),
              changed AS (${CHANGE_SQL[options.change]})
         SELECT (SELECT count(*)::int FROM chunk) AS matched, (SELECT count(*)::int FROM changed) AS changed, (SELECT max(id) FROM chunk) AS last_id`,
        params,
      );
      const chunk = rows[0];
      matched += chunk.matched;
      changed += chunk.changed;
      if (chunk.last_id === null || chunk.matched < BULK_CHUNK_SIZE) break;
      afterId = chunk.last_id;
    }
    // Rows added to the selection by a writer between the count and the chunks: still not what the admin saw.
    if (options.expectedCount !== undefined && matched !== options.expectedCount) throw new SelectionCountChanged(options.expectedCount, matched);
    await insertAuditLogWithin(client, options.audit({ matched, changed }));
    return { matched, changed };
  });
}
