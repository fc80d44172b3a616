/** GET /api/homepage-data: one precomputed document, cached 2 hours (spec §9). */
import { Router } from 'express';
import { HomepageData } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { getHomepageData } from '../../services/public/home.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';

export function createHomepageRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();
  router.get('/api/homepage-data', cache.json({ maxAgeSeconds: CACHE_SECONDS.homepage, schema: HomepageData, produce: () => getHomepageData({ reader }) }));
  return router;
}
