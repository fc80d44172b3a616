import type { ClearCacheResponse } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { requestPublicCachePurge } from '../public/data-version.ts';
import type { ResponseCache } from '../public/response-cache.ts';

/**
 * POST /api/admin/clear-cache: every cache of every API process is dropped, so the next public read is
 * built from the database and the index. This process empties its public response cache at once; the
 * purge row (indexer_state.cache_cleared_at) makes every other process's response cache stale within
 * about a second and every sitemap cache at its next request (frontend/server/sitemaps.ts).
 */
export async function clearCaches(options: {
  prisma: Prisma;
  pool: Pool;
  cache: Pick<ResponseCache, 'purge'>;
  adminUserId: number | null;
  ip: string | null;
}): Promise<ClearCacheResponse> {
  await requestPublicCachePurge(options.pool);
  options.cache.purge();
  await insertAuditLog(options.prisma, { action: 'cache.clear', adminUserId: options.adminUserId, entity: 'cache', ip: options.ip });
  return { success: true, message: 'Caches cleared on every API process' };
}
