/**
 * Data access for the site settings (site_settings: key -> value): the snippets the pages inject and
 * the admin-only ones. The public pages read here; the admin settings screen will write beside it.
 */
import type { SiteSetting } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

export type { SiteSetting };

/** The stored settings among `keys` (a key never saved is absent). */
export function listSiteSettings(prisma: Prisma, keys: readonly string[]): Promise<SiteSetting[]> {
  return prisma.siteSetting.findMany({ where: { key: { in: [...keys] } } });
}
