/**
 * One business, for the admin (issue 25): read it whole, edit it, approve or hold it back, delete it.
 * The guard (middleware/admin-guard.ts) requires an admin session for all four (DELETE /api/businesses/{id}
 * as a write under /api) and an allowed Origin for the writes. Each write answers once the search index
 * holds it (`published`), with this process's public cache dropped then.
 */
import { Router, type Request } from 'express';
import { BusinessIdParams, BusinessPatchBody } from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { deleteBusiness } from '../../../services/admin/delete-business.ts';
import { getBusiness } from '../../../services/admin/get-business.ts';
import { toggleBusinessApproval } from '../../../services/admin/toggle-business-approval.ts';
import { updateBusiness } from '../../../services/admin/update-business.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

const idOf = (req: Request) => parseInput(BusinessIdParams, req.params, { style: 'labelled', location: 'params' }).id;

export function createBusinessEditRouter(deps: RouteDeps): Router {
  const router = Router();
  const writer = (req: Request) => ({ pool: deps.pool, adminUserId: req.admin?.id ?? null, ip: req.ip ?? null, onPublished: () => deps.cache.purge() });

  addAdminRoute(router, ADMIN_ROUTES.getBusiness, async (req, res) => {
    res.json(await getBusiness({ prisma: deps.prisma, id: idOf(req) }));
  });

  addAdminRoute(router, ADMIN_ROUTES.updateBusiness, async (req, res) => {
    const id = idOf(req);
    const patch = parseInput(BusinessPatchBody, req.body, { style: 'labelled' });
    res.json(await updateBusiness({ ...writer(req), id, patch }));
  });

  addAdminRoute(router, ADMIN_ROUTES.toggleBusinessApproval, async (req, res) => {
    res.json(await toggleBusinessApproval({ ...writer(req), id: idOf(req) }));
  });

  addAdminRoute(router, ADMIN_ROUTES.deleteBusiness, async (req, res) => {
    res.json(await deleteBusiness({ ...writer(req), id: idOf(req) }));
  });

  return router;
}
