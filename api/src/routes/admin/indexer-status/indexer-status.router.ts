/**
 * GET /api/admin/indexer-status: how far search is behind PostgreSQL, for the admin panel and for
 * monitoring (platform/search/status.ts: outbox depth and lag, last full rebuild, document counts,
 * settings versions, the active indexer, the last error). Admin only, like every /api/admin path.
 */
import { Router } from 'express';
import { getIndexerStatus } from '../../../../../platform/search/status.ts';
import type { RouteDeps } from '../../../deps.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createIndexerStatusRouter(deps: RouteDeps): Router {
  // The read side's client: a Meilisearch that is down answers "unreachable" within its 2 s deadline.
  const { reader } = deps;
  const router = Router();
  addAdminRoute(router, ADMIN_ROUTES.indexerStatus, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await getIndexerStatus({ pool: deps.pool, meili: reader.meili, prefix: deps.config.meiliIndexPrefix }));
  });
  return router;
}
