import { AD_SLOT_KEYS, type AdvertisementCodes } from '../../../../common/api/admin.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { listAdvertisementCodes } from '../../repositories/advertisement-codes.ts';

/** GET /api/admin/advertisement-codes: ad1 to ad7 as stored, '' for a slot without code. */
export async function getAdvertisementCodes(options: { prisma: Prisma }): Promise<AdvertisementCodes> {
  const stored = new Map((await listAdvertisementCodes(options.prisma, AD_SLOT_KEYS)).map((row) => [row.slot, row.html]));
  return Object.fromEntries(AD_SLOT_KEYS.map((slot) => [slot, stored.get(slot) ?? ''])) as AdvertisementCodes;
}
