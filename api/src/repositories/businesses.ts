/** Data access for businesses read through Prisma (the bulk writes are platform/db/business-writer.ts). */
import type { Business } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

export type { Business };

/** By the unique slug: an index lookup, never a scan. Approved or not: the caller decides. */
export function findBusinessRowBySlug(prisma: Prisma, slug: string): Promise<Business | null> {
  return prisma.business.findUnique({ where: { slug } });
}
