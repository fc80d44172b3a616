import type { PublicSiteSettings } from '../../../../common/api/public.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { listSiteSettings } from '../../repositories/site-settings.ts';

/**
 * Only these keys are public: the four snippets every public page injects (analytics_code at the end of
 * the head), and nothing else a settings row may hold (DESIGN §6).
 */
export const PUBLIC_SETTING_KEYS = ['head_tags', 'facebook_pixel', 'footer_tags', 'analytics_code'] as const;

/**
 * GET /api/site-settings: the four injectable snippets, '' when unset. Read through the response
 * cache: the table's updated_at is part of the data version, so an admin save shows within a second.
 */
export async function getPublicSiteSettings(options: { prisma: Prisma }): Promise<PublicSiteSettings> {
  const values = new Map((await listSiteSettings(options.prisma, PUBLIC_SETTING_KEYS)).map((row) => [row.key, row.value]));
  return {
    head_tags: values.get('head_tags') ?? '',
    facebook_pixel: values.get('facebook_pixel') ?? '',
    footer_tags: values.get('footer_tags') ?? '',
    analytics_code: values.get('analytics_code') ?? '',
  };
}
