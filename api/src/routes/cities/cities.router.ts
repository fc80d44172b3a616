/** GET /api/cities[?letter=X] and GET /api/cities/{countryCode}/{citySlug}?page&limit. */
import { Router } from 'express';
import { z } from 'zod';
import { CityDetail, CityList, LetterQuery, PagedQuery } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { getCityDetail, listCities } from '../../services/public/aggregates.ts';
import { parseInput } from '../../middleware/validate.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';
import { AppError } from '../../errors.ts';

const CityListQuery = LetterQuery.extend({
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter ISO code').optional(),
});

export function createCitiesRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();
  router.get(
    '/api/cities',
    cache.json({ maxAgeSeconds: CACHE_SECONDS.aggregates, schema: CityList, produce: (req) => listCities({ reader, ...parseInput(CityListQuery, req.query) }) }),
  );
  router.get(
    '/api/cities/:countryCode/:citySlug',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.aggregates,
      schema: CityDetail,
      produce: (req) => {
        const countryCode = String(req.params.countryCode);
        if (!/^[A-Za-z]{2}$/.test(countryCode)) throw new AppError('not_found', 'City not found');
        return getCityDetail({ reader, countryCode, citySlug: String(req.params.citySlug), ...parseInput(PagedQuery, req.query) });
      },
    }),
  );
  return router;
}
