import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { CountryDetail, CountryList } from '../../../../common/api/public.ts';
import { buildBusiness, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('country reads', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    const rows = [
      ...Array.from({ length: 4 }, () => buildBusiness({ countryCode: 'DE', country: 'Germany', city: 'Berlin', category: 'Bakery' })),
      buildBusiness({ countryCode: 'DE', country: 'Germany', city: 'Munich', category: 'Cafe' }),
      // Codes the seed had no name for (it knew 12): every ISO code gets its English name.
      ...Array.from({ length: 2 }, () => buildBusiness({ countryCode: 'KE', country: 'Kenya', city: 'Nairobi', category: 'Bakery' })),
      buildBusiness({ countryCode: 'CI', country: "Côte d'Ivoire", city: 'Abidjan', category: 'Bakery' }),
    ];
    await seedDirectory({ config: api.config, pool: api.pool, rows });
  });
  afterAll(async () => api?.close());

  test('GET /api/countries lists countries by business count with city and category counts', async () => {
    const response = await api.request('/api/countries');
    assert.match(response.headers.get('cache-control') ?? '', /max-age=7200/);
    const list = CountryList.parse(await response.json());
    assert.deepEqual(
      list.map(({ country, countryCode, businessCount, cityCount, categoryCount }) => ({ country, countryCode, businessCount, cityCount, categoryCount })),
      [
        { country: 'Germany', countryCode: 'DE', businessCount: 5, cityCount: 2, categoryCount: 2 },
        { country: 'Kenya', countryCode: 'KE', businessCount: 2, cityCount: 1, categoryCount: 1 },
        { country: 'Côte d’Ivoire', countryCode: 'CI', businessCount: 1, cityCount: 1, categoryCount: 1 },
      ],
    );
  });

  test('GET /api/countries/{slug} gives totals, top cities (with slugs) and top categories', async () => {
    const germany = CountryDetail.parse(await (await api.request('/api/countries/germany')).json());
    assert.equal(germany.country, 'Germany');
    assert.equal(germany.businessCount, 5);
    assert.deepEqual(germany.topCities.map(({ city, count, countryCode, slug }) => ({ city, count, countryCode, slug })), [
      { city: 'Berlin', count: 4, countryCode: 'DE', slug: 'berlin' },
      { city: 'Munich', count: 1, countryCode: 'DE', slug: 'munich' },
    ]);
    assert.deepEqual(germany.topCategories.map(({ category, count }) => ({ category, count })), [
      { category: 'Bakery', count: 4 },
      { category: 'Cafe', count: 1 },
    ]);
    const byCode = CountryDetail.parse(await (await api.request('/api/countries/ke')).json());
    assert.equal(byCode.country, 'Kenya');
  });

  test('an unknown country is a 404 JSON "Country not found"', async () => {
    const response = await api.request('/api/countries/atlantis');
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'not_found', message: 'Country not found' });
  });
});
