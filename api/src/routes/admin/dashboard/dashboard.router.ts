/**
 * The admin dashboard's reads (admin only, like every /api/admin path; never cached):
 * - GET /api/admin/stats: every business counted exactly, approved and held, and by category;
 * - GET /api/admin/dashboard: the live figures (counts, imports, search lag, sizes, this process's
 *   request rate, p95 and memory, recent audit rows).
 */
import { Router } from 'express';
import { AdminDashboard, AdminStats } from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { getAdminDashboard } from '../../../services/admin/get-admin-dashboard.ts';
import { getAdminStats } from '../../../services/admin/get-admin-stats.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createDashboardRouter(deps: RouteDeps): Router {
  const router = Router();
  addAdminRoute(router, ADMIN_ROUTES.stats, async (_req, res) => {
    res.json(AdminStats.parse(await getAdminStats({ pool: deps.pool })));
  });
  addAdminRoute(router, ADMIN_ROUTES.dashboard, async (_req, res) => {
    const dashboard = await getAdminDashboard({
      pool: deps.pool,
      prisma: deps.prisma,
      reader: deps.reader,
      meiliIndexPrefix: deps.config.meiliIndexPrefix,
      requestMetrics: deps.requestMetrics,
      startedAt: deps.startedAt,
    });
    res.json(AdminDashboard.parse(dashboard));
  });
  return router;
}
