/**
 * The settings screen's calls (spec §7): the four site-wide snippets, and the cache clear button beside
 * them. The admin guard (middleware/admin-guard.ts) requires an admin session here, and an allowed
 * Origin for the POSTs.
 * - GET /api/admin/site-settings -> head_tags, footer_tags, analytics_code, facebook_pixel
 * - POST /api/admin/site-settings (any of the four) -> saved, with the field diff in the audit log
 * - POST /api/admin/clear-cache -> { success, message }
 */
import { Router } from 'express';
import { SiteSettingsBody } from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { clearCaches } from '../../../services/admin/clear-caches.ts';
import { getSiteSettings } from '../../../services/admin/get-site-settings.ts';
import { updateSiteSettings } from '../../../services/admin/update-site-settings.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createAdminSiteSettingsRouter(deps: RouteDeps): Router {
  const router = Router();

  addAdminRoute(router, ADMIN_ROUTES.siteSettings, async (_req, res) => {
    res.json(await getSiteSettings({ prisma: deps.prisma }));
  });

  addAdminRoute(router, ADMIN_ROUTES.saveSiteSettings, async (req, res) => {
    const values = parseInput(SiteSettingsBody, req.body, { style: 'labelled' });
    res.json(await updateSiteSettings({ prisma: deps.prisma, pool: deps.pool, cache: deps.cache, values, adminUserId: req.admin?.id ?? null, ip: req.ip ?? null }));
  });

  addAdminRoute(router, ADMIN_ROUTES.clearCache, async (req, res) => {
    res.json(await clearCaches({ prisma: deps.prisma, pool: deps.pool, cache: deps.cache, adminUserId: req.admin?.id ?? null, ip: req.ip ?? null }));
  });

  return router;
}
