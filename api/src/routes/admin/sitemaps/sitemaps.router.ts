/**
 * The settings screen's sitemap management, behind the admin guard (session; allowed Origin for the POST).
 * - GET /api/admin/sitemaps -> every file with its URL count, and when the files were last due for a rebuild
 * - POST /api/admin/sitemaps/regenerate -> every API process rebuilds its files from the current data
 */
import { Router } from 'express';
import type { RouteDeps } from '../../../deps.ts';
import { describeSitemaps } from '../../../services/admin/describe-sitemaps.ts';
import { regenerateSitemaps } from '../../../services/admin/regenerate-sitemaps.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createAdminSitemapsRouter(deps: RouteDeps): Router {
  const router = Router();

  addAdminRoute(router, ADMIN_ROUTES.sitemaps, async (_req, res) => {
    res.json(await describeSitemaps({ pool: deps.pool, publicUrl: deps.config.publicUrl }));
  });

  addAdminRoute(router, ADMIN_ROUTES.regenerateSitemaps, async (req, res) => {
    res.json(await regenerateSitemaps({ prisma: deps.prisma, pool: deps.pool, publicUrl: deps.config.publicUrl, adminUserId: req.admin?.id ?? null, ip: req.ip ?? null }));
  });

  return router;
}
