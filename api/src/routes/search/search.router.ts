/** GET /api/search?q&location&page&lat&lng: keyword + place search with facet counts. */
import { Router } from 'express';
import { SearchQuery, SearchResult } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { parseInput } from '../../middleware/validate.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';
import { searchBusinesses } from '../../services/public/search-businesses.ts';

export function createSearchRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();
  router.get(
    '/api/search',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.search,
      schema: SearchResult,
      produce: (req) => searchBusinesses({ reader, query: parseInput(SearchQuery, req.query), shared: cache.shared }),
    }),
  );
  return router;
}
