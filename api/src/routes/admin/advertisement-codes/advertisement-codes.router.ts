/**
 * The ads screen's calls (spec §7), behind the admin guard (session; allowed Origin for the POST).
 * - GET /api/admin/advertisement-codes -> ad1 to ad7
 * - POST /api/admin/advertisement-codes (any of ad1 to ad7, 50 KB each) -> saved, diff in the audit log
 */
import { Router } from 'express';
import { AdvertisementCodesBody } from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { getAdvertisementCodes } from '../../../services/admin/get-advertisement-codes.ts';
import { updateAdvertisementCodes } from '../../../services/admin/update-advertisement-codes.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createAdminAdvertisementCodesRouter(deps: RouteDeps): Router {
  const router = Router();

  addAdminRoute(router, ADMIN_ROUTES.advertisementCodes, async (_req, res) => {
    res.json(await getAdvertisementCodes({ prisma: deps.prisma }));
  });

  addAdminRoute(router, ADMIN_ROUTES.saveAdvertisementCodes, async (req, res) => {
    const codes = parseInput(AdvertisementCodesBody, req.body, { style: 'labelled' });
    res.json(await updateAdvertisementCodes({ prisma: deps.prisma, pool: deps.pool, cache: deps.cache, codes, adminUserId: req.admin?.id ?? null, ip: req.ip ?? null }));
  });

  return router;
}
