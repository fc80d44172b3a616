/**
 * POST /api/admin/businesses/{id}/toggle-approval: flips a business between published and held back.
 * Public reads show approved businesses only, so the answer comes once the search index holds the new
 * state (bounded; `published` says whether it did): after it the public site shows or hides the business.
 */
import type { ToggleApprovalResponse } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { AppError } from '../../errors.ts';
import { flipBusinessApproval } from '../../repositories/businesses.ts';
import { awaitSearchPublish } from './await-search-publish.ts';

export async function toggleBusinessApproval(options: {
  pool: Pool;
  id: number;
  adminUserId: number | null;
  ip: string | null;
  onPublished?: () => void;
}): Promise<ToggleApprovalResponse> {
  const { pool, id } = options;
  const business = await flipBusinessApproval(pool, id, (after) => ({
    action: after.isApproved ? 'business.approve' : 'business.unapprove',
    adminUserId: options.adminUserId,
    entity: 'business',
    entityId: String(id),
    ip: options.ip,
    details: { name: after.name, slug: after.slug, changes: { isApproved: { from: !after.isApproved, to: after.isApproved } } },
  }));
  if (!business) throw new AppError('not_found', `No business has id ${id}.`);
  const { published } = await awaitSearchPublish({ pool, onPublished: options.onPublished });
  return {
    success: true,
    message: business.isApproved ? `"${business.name}" is approved: visitors see it.` : `"${business.name}" is no longer approved: visitors do not see it.`,
    id,
    isApproved: business.isApproved,
    published,
  };
}
