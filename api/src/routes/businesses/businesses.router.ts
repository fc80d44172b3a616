/** Business reads: the paged list, a city's businesses (nearby), and the detail page. */
import { Router } from 'express';
import { z } from 'zod';
import { BusinessDetail, BusinessPage, BusinessPageQuery, CityBusinesses, CityBusinessesQuery } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { findBusinessBySlug, listBusinessesPage, listCityBusinesses } from '../../services/public/businesses.ts';
import { parseInput } from '../../middleware/validate.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';

const CityBusinessesParams = CityBusinessesQuery.extend({
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter ISO code').optional(),
  exclude: z.string().max(200).optional(),
});

export function createBusinessesRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();

  router.get(
    '/api/businesses',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.lists,
      schema: BusinessPage,
      produce: (req) => listBusinessesPage({ reader, page: parseInput(BusinessPageQuery, req.query).page }),
    }),
  );

  router.get(
    '/api/businesses/city/:city',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.lists,
      schema: CityBusinesses,
      produce: (req) => {
        const query = parseInput(CityBusinessesParams, req.query);
        return listCityBusinesses({ reader, city: String(req.params.city), ...query });
      },
    }),
  );

  // Without a city the path would read as the business slug "city".
  router.get('/api/businesses/city', () => {
    throw new AppError('bad_request', 'Name a city: /api/businesses/city/{city}?limit=6.');
  });

  router.get(
    '/api/businesses/:slug',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.detail,
      schema: BusinessDetail,
      produce: (req) => findBusinessBySlug({ reader, prisma: deps.prisma, logger: deps.logger, slug: String(req.params.slug) }),
    }),
  );

  return router;
}
