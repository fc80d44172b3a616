/**
 * DELETE /api/businesses/{id}: removes one business. The audit row keeps what identified it (name, slug,
 * place_id, city, country) since the row itself is gone; the answer comes once the search index dropped
 * it (bounded; `published` says whether it did), so the public site no longer shows it.
 */
import type { DeleteBusinessResponse } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { AppError } from '../../errors.ts';
import { deleteBusinessById } from '../../repositories/businesses.ts';
import { awaitSearchPublish } from './await-search-publish.ts';

export async function deleteBusiness(options: {
  pool: Pool;
  id: number;
  adminUserId: number | null;
  ip: string | null;
  onPublished?: () => void;
}): Promise<DeleteBusinessResponse> {
  const { pool, id } = options;
  const deleted = await deleteBusinessById(pool, id, (business) => ({
    action: 'business.delete',
    adminUserId: options.adminUserId,
    entity: 'business',
    entityId: String(id),
    ip: options.ip,
    details: {
      name: business.name,
      slug: business.slug,
      placeId: business.placeId,
      city: business.city,
      countryCode: business.countryCode,
      wasApproved: business.isApproved,
    },
  }));
  if (!deleted) throw new AppError('not_found', `No business has id ${id}.`);
  const { published } = await awaitSearchPublish({ pool, onPublished: options.onPublished });
  return { success: true, message: `"${deleted.name}" was deleted.`, id, published };
}
