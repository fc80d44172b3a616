/** GET /api/countries and GET /api/countries/{slug}. */
import { Router } from 'express';
import { CountryDetail, CountryList } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { getCountryDetail, listCountries } from '../../services/public/aggregates.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';

export function createCountriesRouter(deps: RouteDeps): Router {
  const { reader, cache } = deps;
  const router = Router();
  router.get('/api/countries', cache.json({ maxAgeSeconds: CACHE_SECONDS.aggregates, schema: CountryList, produce: () => listCountries({ reader }) }));
  router.get(
    '/api/countries/:slug',
    cache.json({
      maxAgeSeconds: CACHE_SECONDS.aggregates,
      schema: CountryDetail,
      produce: (req) => getCountryDetail({ reader, slug: String(req.params.slug) }),
    }),
  );
  return router;
}
