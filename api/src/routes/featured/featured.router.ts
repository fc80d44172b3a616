/** GET /api/featured-businesses: the home page's 12 cards, cached 30 minutes (spec §9). */
import { Router } from 'express';
import { FeaturedBusinesses } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { listFeaturedBusinesses } from '../../services/public/home.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';

export function createFeaturedRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();
  router.get(
    '/api/featured-businesses',
    cache.json({ maxAgeSeconds: CACHE_SECONDS.featured, schema: FeaturedBusinesses, produce: () => listFeaturedBusinesses({ reader }) }),
  );
  return router;
}
