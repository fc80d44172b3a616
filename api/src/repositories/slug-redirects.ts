/** Data access for slug_redirects: the old slugs of businesses whose slug was changed after publishing. */
import type { Pool, PoolClient } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

export interface SlugRedirect {
  oldSlug: string;
  businessId: number;
}

/**
 * Records that each `oldSlug` now leads to its business (inside the caller's transaction when given a
 * client, so a slug change and its redirect commit together). An old slug already recorded for another
 * business moves to this one: the newest owner of an address is where it should lead.
 */
export async function recordSlugRedirects(db: Pool | PoolClient, redirects: readonly SlugRedirect[]): Promise<void> {
  const wanted = redirects.filter((redirect) => redirect.oldSlug);
  if (!wanted.length) return;
  await db.query(
    `INSERT INTO slug_redirects (old_slug, business_id)
     SELECT * FROM unnest($1::text[], $2::int[])
     ON CONFLICT (old_slug) DO UPDATE SET business_id = excluded.business_id, created_at = now()`,
    [wanted.map((redirect) => redirect.oldSlug), wanted.map((redirect) => redirect.businessId)],
  );
}

/**
 * The current slug of the approved business once published as `oldSlug`, or null. A live slug always wins
 * over a redirect: callers ask only after no business answered to the slug itself.
 */
export async function findCurrentSlug(prisma: Prisma, oldSlug: string): Promise<string | null> {
  const rows = await prisma.$queryRaw<Array<{ slug: string }>>`
    SELECT b.slug FROM slug_redirects r JOIN businesses b ON b.id = r.business_id
     WHERE r.old_slug = ${oldSlug} AND b.is_approved`;
  return rows[0]?.slug ?? null;
}
