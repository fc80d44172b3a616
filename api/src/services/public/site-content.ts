/**
 * The two public reads that are not in the search index: advertisement slots and the three site
 * settings snippets. Both are tiny tables, read through the response cache (their updated_at is part
 * of the data version, so an admin save shows within a second).
 */
import type { Advertisements, PublicSiteSettings } from '../../../../common/api/public.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';

export const AD_SLOTS = ['ad1', 'ad2', 'ad3', 'ad4', 'ad5', 'ad6', 'ad7'] as const;

/** Only these keys are public; analytics_code and anything else stay admin-only (DESIGN §6). */
export const PUBLIC_SETTING_KEYS = ['head_tags', 'facebook_pixel', 'footer_tags'] as const;

/** GET /api/advertisements: slot -> HTML for each slot that has code (a missing slot shows a placeholder). */
export async function listAdvertisements(options: { prisma: Prisma }): Promise<Advertisements> {
  const rows = await options.prisma.advertisementCode.findMany({ where: { slot: { in: [...AD_SLOTS] } }, orderBy: { slot: 'asc' } });
  return Object.fromEntries(rows.filter((row) => row.html.trim() !== '').map((row) => [row.slot, row.html]));
}

/** GET /api/site-settings: the three injectable snippets, '' when unset. */
export async function getPublicSiteSettings(options: { prisma: Prisma }): Promise<PublicSiteSettings> {
  const rows = await options.prisma.siteSetting.findMany({ where: { key: { in: [...PUBLIC_SETTING_KEYS] } } });
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return {
    head_tags: values.get('head_tags') ?? '',
    facebook_pixel: values.get('facebook_pixel') ?? '',
    footer_tags: values.get('footer_tags') ?? '',
  };
}
