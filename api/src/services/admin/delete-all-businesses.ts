import type { DeleteAllBusinessesResponse } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { truncateBusinesses } from '../../repositories/businesses.ts';
import { readDatabaseNow } from '../../repositories/indexer-state.ts';
import { awaitSearchAndCountsPublish } from './await-aggregates-publish.ts';

/**
 * DELETE /api/admin/businesses: every business, in one TRUNCATE (repositories/businesses.ts says why),
 * then waits (bounded) until search and the public counts show an empty directory. Audited as
 * `businesses.delete_all` with the count. Slug redirects go with their businesses.
 */
export async function deleteAllBusinesses(options: {
  pool: Pool;
  prisma: Prisma;
  indexPrefix: string;
  adminUserId: number;
  ip: string | null;
  onPublished?: () => void;
}): Promise<DeleteAllBusinessesResponse> {
  const { pool, prisma } = options;
  const deletedCount = await truncateBusinesses(pool);
  const since = await readDatabaseNow(pool);
  // Recorded before the wait: the deletion happened whatever the search index does next.
  await insertAuditLog(prisma, { action: 'businesses.delete_all', adminUserId: options.adminUserId, ip: options.ip, entity: 'business', details: { deletedCount } });
  const { published } = await awaitSearchAndCountsPublish({ pool, indexPrefix: options.indexPrefix, since, onPublished: options.onPublished });
  const count = deletedCount.toLocaleString('en-US');
  const done = deletedCount === 0 ? 'There were no businesses to delete.' : `Deleted all ${count} business${deletedCount === 1 ? '' : 'es'}.`;
  const message = published || deletedCount === 0 ? done : `${done} The public site is still catching up and will show it within moments.`;
  return { success: true, message, deletedCount, published };
}
