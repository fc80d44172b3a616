import { SITE_SETTING_KEYS, SITE_SETTING_MAX_BYTES, type SiteSettingsBody, type SiteSettingsSaved } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { saveSiteSettings } from '../../repositories/site-settings.ts';
import { requestPublicCachePurge } from '../public/data-version.ts';
import type { ResponseCache } from '../public/response-cache.ts';
import { describeChanges } from './describe-changes.ts';
import { getSiteSettings } from './get-site-settings.ts';
import { assertSnippetSizes } from './measure-snippets.ts';

/**
 * POST /api/admin/site-settings: saves the snippets given (a field left out keeps its value), each at most
 * SITE_SETTING_MAX_BYTES (413 beyond), with an audit row holding the field diff. The public caches of
 * every API process are purged, so the next public page carries the new markup.
 */
export async function updateSiteSettings(options: {
  prisma: Prisma;
  pool: Pool;
  cache: Pick<ResponseCache, 'purge'>;
  values: SiteSettingsBody;
  adminUserId: number | null;
  ip: string | null;
}): Promise<SiteSettingsSaved> {
  assertSnippetSizes(options.values, { maxBytes: SITE_SETTING_MAX_BYTES, what: 'a site setting' });
  const values = Object.fromEntries(SITE_SETTING_KEYS.flatMap((key) => (options.values[key] === undefined ? [] : [[key, options.values[key]]])));
  let changedFields: string[] = [];
  await saveSiteSettings(options.prisma, values, (before) => {
    const changes = describeChanges(
      Object.fromEntries(Object.keys(values).map((key) => [key, before[key] ?? ''])),
      values,
    );
    changedFields = Object.keys(changes);
    return { action: 'site_settings.update', adminUserId: options.adminUserId, entity: 'site_settings', details: { changes }, ip: options.ip };
  });
  if (changedFields.length > 0) {
    // This process drops its answers at once; the others see the purge row within about a second.
    options.cache.purge();
    await requestPublicCachePurge(options.pool);
  }
  return {
    success: true,
    message: changedFields.length > 0 ? 'Site settings saved' : 'Site settings unchanged',
    changedFields,
    settings: await getSiteSettings({ prisma: options.prisma }),
  };
}
