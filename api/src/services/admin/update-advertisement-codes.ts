import { AD_SLOT_KEYS, AD_SLOT_MAX_BYTES, type AdvertisementCodesBody, type AdvertisementCodesSaved } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { saveAdvertisementCodes } from '../../repositories/advertisement-codes.ts';
import { requestPublicCachePurge } from '../public/data-version.ts';
import type { ResponseCache } from '../public/response-cache.ts';
import { describeChanges } from './describe-changes.ts';
import { getAdvertisementCodes } from './get-advertisement-codes.ts';
import { assertSnippetSizes } from './measure-snippets.ts';

/**
 * POST /api/admin/advertisement-codes: saves the slots given (a slot left out keeps its code), each at
 * most AD_SLOT_MAX_BYTES in UTF-8 (the spec's 50 KB; 413 naming the slot and its size beyond), with an
 * audit row holding the field diff. The public caches of every API process are purged, so the next
 * public read shows the new code.
 */
export async function updateAdvertisementCodes(options: {
  prisma: Prisma;
  pool: Pool;
  cache: Pick<ResponseCache, 'purge'>;
  codes: AdvertisementCodesBody;
  adminUserId: number | null;
  ip: string | null;
}): Promise<AdvertisementCodesSaved> {
  assertSnippetSizes(options.codes, { maxBytes: AD_SLOT_MAX_BYTES, what: 'an ad slot' });
  const codes = Object.fromEntries(AD_SLOT_KEYS.flatMap((slot) => (options.codes[slot] === undefined ? [] : [[slot, options.codes[slot]]])));
  let changedFields: string[] = [];
  await saveAdvertisementCodes(options.prisma, codes, (before) => {
    const changes = describeChanges(
      Object.fromEntries(Object.keys(codes).map((slot) => [slot, before[slot] ?? ''])),
      codes,
    );
    changedFields = Object.keys(changes);
    return { action: 'advertisement_codes.update', adminUserId: options.adminUserId, entity: 'advertisement_codes', details: { changes }, ip: options.ip };
  });
  if (changedFields.length > 0) {
    // This process drops its answers at once; the others see the purge row within about a second.
    options.cache.purge();
    await requestPublicCachePurge(options.pool);
  }
  return {
    success: true,
    message: changedFields.length > 0 ? 'Advertisement codes saved' : 'Advertisement codes unchanged',
    changedFields,
    codes: await getAdvertisementCodes({ prisma: options.prisma }),
  };
}
