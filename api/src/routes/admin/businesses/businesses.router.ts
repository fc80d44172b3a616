/**
 * The admin business list (issue 25). The admin guard (middleware/admin-guard.ts) already requires an
 * admin session for everything under /api/admin and an allowed Origin for the POST.
 * - GET /api/admin/businesses?page&limit&filter&category&countryCode&approval&sortBy&sortOrder
 * - GET /api/admin/categories, GET /api/admin/country-codes: names and codes with their counts
 * - POST /api/admin/businesses/bulk: approve, unapprove or delete by ids or by the list's filter
 */
import { Router } from 'express';
import { AdminBusinessListQuery, BulkBusinessAction } from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { applyBulkAction } from '../../../services/admin/apply-bulk-action.ts';
import { listBusinesses } from '../../../services/admin/list-businesses.ts';
import { listCategoryCounts } from '../../../services/admin/list-category-counts.ts';
import { listCountryCodeCounts } from '../../../services/admin/list-country-code-counts.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createAdminBusinessesRouter(deps: RouteDeps): Router {
  const router = Router();

  addAdminRoute(router, ADMIN_ROUTES.listBusinesses, async (req, res) => {
    const query = parseInput(AdminBusinessListQuery, req.query, { style: 'labelled', location: 'query' });
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listBusinesses({ pool: deps.pool, query }));
  });

  addAdminRoute(router, ADMIN_ROUTES.listCategories, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listCategoryCounts({ pool: deps.pool }));
  });

  addAdminRoute(router, ADMIN_ROUTES.listCountryCodes, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listCountryCodeCounts({ pool: deps.pool }));
  });

  addAdminRoute(router, ADMIN_ROUTES.bulkBusinesses, async (req, res) => {
    const input = parseInput(BulkBusinessAction, req.body, { style: 'labelled' });
    res.json(await applyBulkAction({ pool: deps.pool, input, adminUserId: req.admin?.id ?? null, ip: req.ip ?? null, onPublished: () => deps.cache.purge() }));
  });

  return router;
}
