import { AD_SLOT_KEYS } from '../../../../common/api/admin.ts';
import type { Advertisements } from '../../../../common/api/public.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { listAdvertisementCodes } from '../../repositories/advertisement-codes.ts';

/**
 * GET /api/advertisements: slot -> HTML for each slot that has code (a missing slot shows a placeholder).
 * Read through the response cache: the table's updated_at is part of the data version, so an admin
 * save shows within a second.
 */
export async function listAdvertisements(options: { prisma: Prisma }): Promise<Advertisements> {
  const rows = await listAdvertisementCodes(options.prisma, AD_SLOT_KEYS);
  return Object.fromEntries(rows.filter((row) => row.html.trim() !== '').map((row) => [row.slot, row.html]));
}
