/**
 * Data access for businesses: reads through Prisma, and the admin's whole-table actions (delete all,
 * delete demo data, slug repairs) in raw SQL. The bulk writes of imports are platform/db/business-writer.ts.
 */
import type { Business } from '../../../generated/prisma/client.ts';
import { withTransaction, type Pool, type PoolClient } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { advanceMaintenanceCheckpoint } from './maintenance-checkpoints.ts';
import { recordSlugRedirects } from './slug-redirects.ts';

export type { Business };

/** By the unique slug: an index lookup, never a scan. Approved or not: the caller decides. */
export function findBusinessRowBySlug(prisma: Prisma, slug: string): Promise<Business | null> {
  return prisma.business.findUnique({ where: { slug } });
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
  });
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
  });
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
  });
}
