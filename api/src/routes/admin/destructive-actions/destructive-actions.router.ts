/**
 * The destructive global actions of the business screen: delete all, delete test data, fix slugs. Behind
 * the admin guard (session + Origin) like every admin route, and each also needs the password entered in
 * the last 10 minutes (requireRecentSignIn: 403 reauth_required, then POST /api/admin/reauth).
 */
import { Router } from 'express';
import type { RouteDeps } from '../../../deps.ts';
import { requireRecentSignIn } from '../../../middleware/require-recent-sign-in.ts';
import { deleteAllBusinesses } from '../../../services/admin/delete-all-businesses.ts';
import { deleteTestData } from '../../../services/admin/delete-test-data.ts';
import { fixSlugs } from '../../../services/admin/fix-slugs.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createDestructiveActionsRouter(deps: RouteDeps): Router {
  const router = Router();
  const recentSignIn = requireRecentSignIn();
  const common = (req: Parameters<Parameters<typeof addAdminRoute>[2]>[0]) => ({
    pool: deps.pool,
    prisma: deps.prisma,
    adminUserId: req.admin!.id,
    ip: req.ip ?? null,
    onPublished: () => deps.cache.purge(),
  });

  addAdminRoute(router, ADMIN_ROUTES.deleteAllBusinesses, recentSignIn, async (req, res) => {
    res.json(await deleteAllBusinesses({ ...common(req), indexPrefix: deps.config.meiliIndexPrefix }));
  });

  addAdminRoute(router, ADMIN_ROUTES.deleteTestData, recentSignIn, async (req, res) => {
    res.json(await deleteTestData({ ...common(req), indexPrefix: deps.config.meiliIndexPrefix }));
  });

  addAdminRoute(router, ADMIN_ROUTES.fixSlugs, recentSignIn, async (req, res) => {
    res.json(await fixSlugs(common(req)));
  });

  return router;
}
