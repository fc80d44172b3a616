/** GET /api/categories[?letter=X] and GET /api/categories/{slug}?page&limit. */
import { Router } from 'express';
import { CategoryDetail, CategoryList, LetterQuery, PagedQuery } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { getCategoryDetail, listCategories } from '../../services/public/aggregates.ts';
import { parseInput } from '../../middleware/validate.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';

export function createCategoriesRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();
  router.get(
    '/api/categories',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.aggregates,
      schema: CategoryList,
      produce: (req) => listCategories({ reader, letter: parseInput(LetterQuery, req.query).letter }),
    }),
  );
  router.get(
    '/api/categories/:slug',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.aggregates,
      schema: CategoryDetail,
      produce: (req) => getCategoryDetail({ reader, slug: String(req.params.slug), ...parseInput(PagedQuery, req.query) }),
    }),
  );
  return router;
}
