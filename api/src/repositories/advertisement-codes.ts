/**
 * Data access for the ad slots (advertisement_codes: slot -> HTML). The public pages read here; the
 * admin ads screen will write beside it.
 */
import type { AdvertisementCode } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

export type { AdvertisementCode };

/** The stored code of the slots among `slots`, by slot (a slot never saved is absent). */
export function listAdvertisementCodes(prisma: Prisma, slots: readonly string[]): Promise<AdvertisementCode[]> {
  return prisma.advertisementCode.findMany({ where: { slot: { in: [...slots] } }, orderBy: { slot: 'asc' } });
}
