import type { SitemapsRegenerated } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { recordSitemapGeneration } from '../../repositories/sitemap-entries.ts';
import { describeSitemaps } from './describe-sitemaps.ts';

/**
 * POST /api/admin/sitemaps/regenerate: records a new sitemap generation in PostgreSQL, which every API
 * process's sitemap cache compares at each request (frontend/server/sitemaps.ts): from the next request
 * on, every process writes its files from the current data, whichever process took the regenerate.
 * Recounts the category, country and city figures before answering (one grouped scan: seconds at a
 * million businesses), so the answer is current; answers the files as they now are, and audits who asked.
 */
export async function regenerateSitemaps(options: {
  prisma: Prisma;
  pool: Pool;
  publicUrl: string;
  adminUserId: number | null;
  ip: string | null;
}): Promise<SitemapsRegenerated> {
  await recordSitemapGeneration(options.pool);
  const status = await describeSitemaps({ pool: options.pool, publicUrl: options.publicUrl, recount: true });
  await insertAuditLog(options.prisma, {
    action: 'sitemaps.regenerate',
    adminUserId: options.adminUserId,
    entity: 'sitemaps',
    details: { files: status.files.length, totalUrls: status.totalUrls },
    ip: options.ip,
  });
  return { success: true, message: `Sitemaps regenerated: ${status.files.length} files, ${status.totalUrls.toLocaleString('en-US')} URLs`, ...status };
}
