import type { DeleteTestDataResponse } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { deleteDemoBusinesses } from '../../repositories/businesses.ts';
import { readDatabaseNow } from '../../repositories/indexer-state.ts';
import { awaitSearchAndCountsPublish } from './await-aggregates-publish.ts';

/**
 * DELETE /api/admin/test-data: the generated demo businesses (source 'demo', prisma/seed) that no import
 * has changed since; an import that updates a demo business makes it the import's (business-writer.ts),
 * so real data is never deleted as test data. The demo seed does not come back: it runs once per database.
 * Audited as `businesses.delete_test_data`; waits (bounded) until search and the public counts follow.
 */
export async function deleteTestData(options: {
  pool: Pool;
  prisma: Prisma;
  indexPrefix: string;
  adminUserId: number;
  ip: string | null;
  onPublished?: () => void;
}): Promise<DeleteTestDataResponse> {
  const { pool, prisma } = options;
  const { deletedCount, truncated } = await deleteDemoBusinesses(pool);
  const since = await readDatabaseNow(pool);
  await insertAuditLog(prisma, { action: 'businesses.delete_test_data', adminUserId: options.adminUserId, ip: options.ip, entity: 'business', details: { deletedCount, truncated } });
  const { published } = deletedCount === 0 ? { published: true } : await awaitSearchAndCountsPublish({ pool, indexPrefix: options.indexPrefix, since, onPublished: options.onPublished });
  const count = deletedCount.toLocaleString('en-US');
  const done = deletedCount === 0 ? 'There was no test data to delete.' : `Deleted ${count} demo business${deletedCount === 1 ? '' : 'es'}; imported businesses were kept.`;
  const message = published ? done : `${done} The public site is still catching up and will show it within moments.`;
  return { success: true, deletedCount, message, published };
}
