import { SITE_SETTING_KEYS, type SiteSettings } from '../../../../common/api/admin.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { listSiteSettings } from '../../repositories/site-settings.ts';

/** GET /api/admin/site-settings: the four snippets as stored, '' for one never saved. */
export async function getSiteSettings(options: { prisma: Prisma }): Promise<SiteSettings> {
  const stored = new Map((await listSiteSettings(options.prisma, SITE_SETTING_KEYS)).map((row) => [row.key, row.value]));
  return Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, stored.get(key) ?? ''])) as SiteSettings;
}
