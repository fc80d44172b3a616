import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { CityDetail, CityList } from '../../../../common/api/public.ts';
import { buildBusiness, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('city reads', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    const rows = [
      ...Array.from({ length: 14 }, (_, n) => buildBusiness({ city: 'Paris', countryCode: 'FR', country: 'France', category: n % 2 ? 'Bakery' : 'Cafe' })),
      ...Array.from({ length: 2 }, () => buildBusiness({ city: 'Paris', countryCode: 'US', country: 'United States', state: 'Texas' })),
      ...Array.from({ length: 3 }, () => buildBusiness({ city: 'New York', countryCode: 'US', country: 'United States' })),
      // Another name of New York in another export: the same city (common/city-names.ts).
      ...Array.from({ length: 2 }, () => buildBusiness({ city: 'New York City', countryCode: 'US', country: 'United States' })),
      buildBusiness({ city: 'Berlin', countryCode: 'DE' }),
    ];
    await seedDirectory({ config: api.config, pool: api.pool, rows });
  });
  afterAll(async () => api?.close());

  test('GET /api/cities lists (city, country) pairs by business count', async () => {
    const list = CityList.parse(await (await api.request('/api/cities')).json());
    assert.deepEqual(
      list.map(({ city, countryCode, businessCount }) => `${city}/${countryCode}/${businessCount}`),
      ['Paris/FR/14', 'New York/US/5', 'Paris/US/2', 'Berlin/DE/1'],
    );
    assert.equal(list[0].categoryCount, 2);
    assert.equal(list[0].country, 'France');
    assert.equal(list[1].slug, 'new-york');
  });

  test('?letter=X filters by the first letter', async () => {
    const p = CityList.parse(await (await api.request('/api/cities?letter=p')).json());
    assert.deepEqual(p.map((city) => `${city.city}/${city.countryCode}`), ['Paris/FR', 'Paris/US']);
    const q = CityList.parse(await (await api.request('/api/cities?letter=Q')).json());
    assert.deepEqual(q, []);
  });

  test('GET /api/cities/{cc}/{slug} is that city of that country, paged by 12', async () => {
    const paris = CityDetail.parse(await (await api.request('/api/cities/fr/paris?page=1&limit=12')).json());
    assert.equal(paris.city, 'Paris');
    assert.equal(paris.country, 'France');
    assert.equal(paris.businessCount, 14);
    assert.equal(paris.categoryCount, 2);
    assert.equal(paris.businesses.length, 12);
    assert.deepEqual([paris.totalPages, paris.hasNextPage], [2, true]);
    const page2 = CityDetail.parse(await (await api.request('/api/cities/fr/paris?page=2&limit=12')).json());
    assert.equal(page2.businesses.length, 2);
    const texas = CityDetail.parse(await (await api.request('/api/cities/US/paris')).json());
    assert.equal(texas.businessCount, 2);
    assert.ok(texas.businesses.every((business) => business.countryCode === 'US'));
  });

  test("a city's other name is its one page: the city's slug, its businesses under every name", async () => {
    for (const path of ['/api/cities/us/new-york-city', '/api/cities/us/nyc', '/api/cities/US/New%20York%20City']) {
      const detail = CityDetail.parse(await (await api.request(path)).json());
      assert.deepEqual([detail.city, detail.slug, detail.businessCount, detail.businesses.length], ['New York', 'new-york', 5, 5], path);
    }
    for (const path of ['/api/businesses/city/New%20York%20City?limit=6', '/api/businesses/city/New%20York%20City?limit=6&countryCode=US', '/api/businesses/city/new-york?limit=6']) {
      const { businesses } = (await (await api.request(path)).json()) as { businesses: Array<{ city: string }> };
      assert.deepEqual(businesses.map((business) => business.city).sort(), ['New York', 'New York', 'New York', 'New York City', 'New York City'], path);
    }
  });

  test('an unknown city is a 404 JSON "City not found"', async () => {
    for (const path of ['/api/cities/de/paris', '/api/cities/xx1/paris', '/api/cities/fr/atlantis']) {
      const response = await api.request(path);
      assert.equal(response.status, 404, path);
      assert.deepEqual(await response.json(), { error: 'not_found', message: 'City not found' });
    }
  });
});
