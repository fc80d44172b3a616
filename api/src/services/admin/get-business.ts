/** GET /api/admin/businesses/{id}: one business as stored, approved or not (the edit form's data). */
import type { AdminBusiness } from '../../../../common/api/admin.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { AppError } from '../../errors.ts';
import { presentAdminBusiness } from '../../presenters/admin.ts';
import { findBusinessById } from '../../repositories/businesses.ts';

export async function getBusiness(options: { prisma: Prisma; id: number }): Promise<AdminBusiness> {
  const business = await findBusinessById(options.prisma, options.id);
  if (!business) throw new AppError('not_found', `No business has id ${options.id}.`);
  return presentAdminBusiness(business);
}
