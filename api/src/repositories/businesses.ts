/**
 * Data access for businesses: reads through Prisma, and the admin's whole-table actions (delete all,
 * delete demo data, slug repairs) in raw SQL. The bulk writes of imports are platform/db/business-writer.ts.
 */
import type { Business } from '../../../generated/prisma/client.ts';
import { LONG_STATEMENT_BOUNDS, withTransaction, type Pool, type PoolClient } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { insertAuditLogWith, type AuditEntry } from './audit-logs.ts';
import { countBusinessesFromCounters } from './business-counts.ts';
import { advanceMaintenanceCheckpoint } from './maintenance-checkpoints.ts';
import { recordSlugRedirects } from './slug-redirects.ts';

/**
 * The bound of the statements of maintenance over every business (delete all, delete test data, bulk
 * actions, slug repairs): the request path's 8 s (platform/db/pool.ts) would cut a healthy TRUNCATE
 * that waits for an import's batch, or a bulk UPDATE of a million rows.
 */
const MAINTENANCE = { statementTimeoutMs: LONG_STATEMENT_BOUNDS.maintenanceMs };

export type { Business };

/** By the unique slug: an index lookup, never a scan. Approved or not: the caller decides. */
export function findBusinessRowBySlug(prisma: Prisma, slug: string): Promise<Business | null> {
  return prisma.business.findUnique({ where: { slug } });
}

/** By id, approved or not (the admin's view). */
export function findBusinessById(prisma: Prisma, id: number): Promise<Business | null> {
  return prisma.business.findUnique({ where: { id } });
}

/** The columns an admin edit may write, by Prisma field name (id, approval, source and timestamps are not among them). */
const EDITABLE_COLUMNS = {
  placeId: 'place_id',
  name: 'name',
  slug: 'slug',
  type: 'type',
  category: 'category',
  categorySlug: 'category_slug',
  subtypes: 'subtypes',
  fullAddress: 'full_address',
  street: 'street',
  city: 'city',
  citySlug: 'city_slug',
  postalCode: 'postal_code',
  state: 'state',
  country: 'country',
  countryCode: 'country_code',
  phone: 'phone',
  latitude: 'latitude',
  longitude: 'longitude',
  rating: 'rating',
  reviewCount: 'review_count',
  reviewsLink: 'reviews_link',
  photo: 'photo',
  logo: 'logo',
  locatedIn: 'located_in',
  workingHours: 'working_hours',
  about: 'about',
  verified: 'verified',
  website: 'website',
  url: 'url',
  businessStatus: 'business_status',
} as const satisfies Partial<Record<keyof Business, string>>;

export type EditableBusinessField = keyof typeof EDITABLE_COLUMNS;
export const EDITABLE_BUSINESS_FIELDS = Object.keys(EDITABLE_COLUMNS) as EditableBusinessField[];
export type BusinessChanges = Partial<Pick<Business, EditableBusinessField>>;

const JSON_FIELDS: ReadonlySet<string> = new Set(['workingHours', 'about']);

const ALL_COLUMNS: Record<keyof Business, string> = {
  ...EDITABLE_COLUMNS,
  id: 'id',
  isApproved: 'is_approved',
  source: 'source',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
/** Every column under its Prisma name, so a pg row reads as Prisma's Business. */
const SELECT_AS_BUSINESS = Object.entries(ALL_COLUMNS)
  .map(([field, column]) => `"${column}" AS "${field}"`)
  .join(', ');

/** What a business edit decides once it holds the row: the columns to write and the audit row, or nothing to write. */
export interface BusinessEditPlan {
  changes: BusinessChanges;
  audit: AuditEntry;
}

/** Queries an edit's decision may need while it holds the row. */
export interface BusinessEditLookups {
  /** The id of the business that has `slug` now, or null. */
  findIdBySlug(slug: string): Promise<number | null>;
}

/**
 * Edits one business in one transaction: locks the row, lets `decide` turn it into changes (it may throw
 * to refuse: nothing is written), writes them, records the old slug's redirect when the slug changed, and
 * writes the audit row. Null when no business has `id`; otherwise the row as stored after the edit.
 */
export async function editBusiness(
  pool: Pool,
  id: number,
  decide: (current: Business, lookups: BusinessEditLookups) => Promise<BusinessEditPlan | null> | BusinessEditPlan | null,
): Promise<{ before: Business; after: Business } | null> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<Business>(`SELECT ${SELECT_AS_BUSINESS} FROM businesses WHERE id = $1 FOR UPDATE`, [id]);
    const before = found.rows[0];
    if (!before) return null;
    const plan = await decide(before, {
      async findIdBySlug(slug) {
        const { rows } = await client.query<{ id: number }>('SELECT id FROM businesses WHERE slug = $1', [slug]);
        return rows[0]?.id ?? null;
      },
    });
    const fields = Object.keys(plan?.changes ?? {}) as EditableBusinessField[];
    if (!plan || fields.length === 0) return { before, after: before };
    const values = fields.map((field) => {
      const value = plan.changes[field];
      return JSON_FIELDS.has(field) && value !== null ? JSON.stringify(value) : value;
    });
    const assignments = fields.map((field, index) => `"${EDITABLE_COLUMNS[field]}" = $${index + 2}${JSON_FIELDS.has(field) ? '::json' : ''}`);
    const updated = await client.query<Business>(
      `UPDATE businesses SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${SELECT_AS_BUSINESS}`,
      [id, ...values],
    );
    const after = updated.rows[0];
    if (after.slug !== before.slug) await recordSlugRedirects(client, [{ oldSlug: before.slug, businessId: id }]);
    await insertAuditLogWith(client, plan.audit);
    return { before, after };
  });
}

/** Flips is_approved and writes the audit row in the same transaction; null when no business has `id`. */
export async function flipBusinessApproval(pool: Pool, id: number, audit: (after: Business) => AuditEntry): Promise<Business | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Business>(`UPDATE businesses SET is_approved = NOT is_approved WHERE id = $1 RETURNING ${SELECT_AS_BUSINESS}`, [id]);
    if (!rows[0]) return null;
    await insertAuditLogWith(client, audit(rows[0]));
    return rows[0];
  });
}

/**
 * Deletes one business, its slug redirects (no foreign key holds them: see the slug_redirects migration)
 * and writes the audit row, in one transaction; null when no business has `id`.
 */
export async function deleteBusinessById(pool: Pool, id: number, audit: (deleted: Business) => AuditEntry): Promise<Business | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Business>(`DELETE FROM businesses WHERE id = $1 RETURNING ${SELECT_AS_BUSINESS}`, [id]);
    if (!rows[0]) return null;
    await client.query('DELETE FROM slug_redirects WHERE business_id = $1', [id]);
    await insertAuditLogWith(client, audit(rows[0]));
    return rows[0];
  });
}

/**
 * Deletes every business in one TRUNCATE (with slug_redirects, the one table whose rows point at
 * businesses), not row by row: at a million businesses a DELETE writes a million outbox rows that the
 * indexer turns into a million document deletions, while TRUNCATE's trigger queues one 'truncate' event
 * and the indexer clears the index in one task. Named tables, not CASCADE: a table added later with a
 * foreign key to businesses makes this fail loudly instead of being emptied unnoticed. Ids keep counting
 * (no RESTART IDENTITY), so an old id never names a new business. Returns how many were deleted.
 */
export async function truncateBusinesses(pool: Pool): Promise<number> {
  return withTransaction(pool, async (client) => {
    // Taken first, so the count is exactly what the TRUNCATE removes (a running import waits).
    await client.query('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
    await client.query('TRUNCATE businesses, slug_redirects');
    return rows[0].n;
  }, MAINTENANCE);
}

/**
 * Deletes the generated demo businesses (source 'demo': an import that changes one makes it the
 * import's, platform/db/business-writer.ts). When every business is demo data, one TRUNCATE (see
 * truncateBusinesses); otherwise one DELETE, whose statement-level trigger queues the deletions.
 * Writers are held off meanwhile, so "every business is demo" cannot change under the TRUNCATE.
 */
export async function deleteDemoBusinesses(pool: Pool): Promise<{ deletedCount: number; truncated: boolean }> {
  return withTransaction(pool, async (client) => {
    await client.query('LOCK TABLE businesses IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await client.query<{ has_other: boolean }>(`SELECT EXISTS (SELECT 1 FROM businesses WHERE source IS DISTINCT FROM 'demo') AS has_other`);
    if (!rows[0].has_other) {
      const { rows: counted } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
      if (counted[0].n === 0) return { deletedCount: 0, truncated: false };
      await client.query('TRUNCATE businesses, slug_redirects');
      return { deletedCount: counted[0].n, truncated: true };
    }
    const { rowCount } = await client.query(`DELETE FROM businesses WHERE source = 'demo'`);
    return { deletedCount: rowCount ?? 0, truncated: false };
  }, MAINTENANCE);
}

export interface BusinessSlugRow {
  id: number;
  slug: string;
  name: string;
  city: string | null;
  placeId: string | null;
}

/** Up to `limit` businesses after id `afterId`, in id order (a primary-key range scan). */
export async function listBusinessSlugsAfter(db: Pool | PoolClient, afterId: number, limit: number): Promise<BusinessSlugRow[]> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; city: string | null; place_id: string | null }>(
    'SELECT id, slug, name, city, place_id FROM businesses WHERE id > $1 ORDER BY id LIMIT $2',
    [afterId, limit],
  );
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, city: row.city, placeId: row.place_id }));
}

/** Which of `slugs` a business already has. */
export async function findTakenSlugs(db: Pool | PoolClient, slugs: readonly string[]): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  const { rows } = await db.query<{ slug: string }>('SELECT slug FROM businesses WHERE slug = ANY($1::text[])', [slugs]);
  return new Set(rows.map((row) => row.slug));
}

/**
 * Gives businesses new slugs in one statement, each only if its slug is still `from` (an admin may have
 * changed it meanwhile); returns the changes made, for the redirects the caller records in the same
 * transaction. updated_at stays: the address moved, the business did not change ("Last Updated").
 */
export async function updateBusinessSlugs(client: PoolClient, changes: ReadonlyArray<{ id: number; from: string; to: string }>): Promise<Array<{ id: number; from: string; to: string }>> {
  if (!changes.length) return [];
  const { rows } = await client.query<{ id: number; from: string; to: string }>(
    `UPDATE businesses b SET slug = v.new_slug
       FROM unnest($1::int[], $2::text[], $3::text[]) AS v(id, old_slug, new_slug)
      WHERE b.id = v.id AND b.slug = v.old_slug
      RETURNING b.id, v.old_slug AS "from", v.new_slug AS "to"`,
    [changes.map((change) => change.id), changes.map((change) => change.from), changes.map((change) => change.to)],
  );
  return rows;
}

/**
 * One batch of a slug repair run, in one transaction: the new slugs (updateBusinessSlugs), a redirect from
 * each old slug, and the run's checkpoint moved past the batch, so a run cut off later resumes after it
 * and never leaves a changed slug without its redirect. Returns the changes made.
 */
export async function applySlugRepairs(
  pool: Pool,
  batch: {
    changes: ReadonlyArray<{ id: number; from: string; to: string }>;
    checkpoint: { name: string; afterId: number; processed: number; changedBefore: number };
    /** Test hook: runs inside the transaction just before it commits. */
    beforeCommit?: (client: PoolClient) => Promise<void>;
  },
): Promise<Array<{ id: number; from: string; to: string }>> {
  return withTransaction(pool, async (client) => {
    const done = await updateBusinessSlugs(client, batch.changes);
    await recordSlugRedirects(client, done.map((change) => ({ oldSlug: change.from, businessId: change.id })));
    const { name, afterId, processed, changedBefore } = batch.checkpoint;
    await advanceMaintenanceCheckpoint(client, name, { afterId, processed, changed: changedBefore + done.length });
    await batch.beforeCommit?.(client);
    return done;
  }, MAINTENANCE);
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
 * migrations; an unrated business comes last in both directions (review_count is never null).
 */
const ORDER_BY: Record<BusinessSortKey, Record<'asc' | 'desc', string>> = {
  name: { asc: 'name ASC, id ASC', desc: 'name DESC, id DESC' },
  rating: { asc: 'rating ASC NULLS LAST, id ASC', desc: 'rating DESC NULLS LAST, id DESC' },
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
  const [page, total] = await Promise.all([
    pool.query<AdminBusinessListRow>(
      `SELECT id, name, category, full_address, street, postal_code, city, state, country_code, rating, review_count, slug, is_approved, created_at
         FROM businesses
        WHERE id IN (SELECT id FROM businesses ${where} ORDER BY ${orderBy} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length})
        ORDER BY ${orderBy}`,
      pageParams,
    ),
    countSelection(pool, options.selection, where, countParams),
  ]);
  return { rows: page.rows, total };
}

/**
 * The exact number of businesses in `selection`. A selection of category and/or approval only (or none) is
 * summed from the trigger-kept counters (repositories/business-counts.ts): count(*) of every business took
 * ~300 ms at 1,000,000 and grows with the table, the counters take a millisecond or two. Both see every write
 * committed before the statement starts. A name search, a country or ids are counted from the rows.
 */
function countSelection(pool: Pool, selection: BusinessSelection, where: string, params: unknown[]): Promise<number> {
  if (!selection.nameSearch && !selection.countryCode && !selection.ids) return countBusinessesFromCounters(pool, { category: selection.category, approval: selection.approval });
  return pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM businesses ${where}`, params).then((result) => result.rows[0].total);
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
    await insertAuditLogWith(client, options.audit({ matched, changed }));
    return { matched, changed };
  }, MAINTENANCE);
}
