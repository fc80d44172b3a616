import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { CategoryDetail, CategoryList, ErrorBody } from '../../../../common/api/public.ts';
import { buildBusiness, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('category reads', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    const rows = [
      ...Array.from({ length: 15 }, (_, n) => buildBusiness({ category: 'Bakery', type: 'Bakery', countryCode: n < 10 ? 'DE' : 'FR', rating: n === 7 ? 5 : 4 })),
      ...Array.from({ length: 3 }, () => buildBusiness({ category: 'Barber Shop', type: 'Barber Shop' })),
      ...Array.from({ length: 2 }, () => buildBusiness({ category: 'Café', type: 'Café' })),
    ];
    await seedDirectory({ config: api.config, pool: api.pool, rows });
  });
  afterAll(async () => api?.close());

  test('GET /api/categories lists every category by count, numbers as numbers', async () => {
    const response = await api.request('/api/categories');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('cache-control') ?? '', /max-age=7200/);
    const list = CategoryList.parse(await response.json());
    assert.deepEqual(
      list.map(({ category, count, slug }) => ({ category, count, slug })),
      [
        { category: 'Bakery', count: 15, slug: 'bakery' },
        { category: 'Barber Shop', count: 3, slug: 'barber-shop' },
        { category: 'Café', count: 2, slug: 'cafe' },
      ],
    );
  });

  test('?letter=X keeps the categories beginning with that letter (any case)', async () => {
    const b = CategoryList.parse(await (await api.request('/api/categories?letter=b')).json());
    assert.deepEqual(b.map((item) => item.category), ['Bakery', 'Barber Shop']);
    const c = CategoryList.parse(await (await api.request('/api/categories?letter=C')).json());
    assert.deepEqual(c.map((item) => item.category), ['Café']);
    const z = CategoryList.parse(await (await api.request('/api/categories?letter=Z')).json());
    assert.deepEqual(z, []);
    const bad = await api.request('/api/categories?letter=ab');
    assert.equal(bad.status, 400);
    assert.equal(ErrorBody.parse(await bad.json()).error, 'bad_request');
    // A letter with an accent, or one that does not decompose, is the letter its names are filed under.
    for (const letter of ['Ç', 'ç', 'Ĉ']) assert.deepEqual(CategoryList.parse(await (await api.request(`/api/categories?letter=${encodeURIComponent(letter)}`)).json()), c, letter);
    const twice = await api.request('/api/categories?letter=C&letter=D');
    assert.equal(twice.status, 400);
    assert.equal(ErrorBody.parse(await twice.json()).message, 'letter must be given once');
  });

  test('GET /api/categories/{slug} gives counts, top countries and pages of 12', async () => {
    const first = CategoryDetail.parse(await (await api.request('/api/categories/bakery?page=1&limit=12')).json());
    assert.equal(first.category, 'Bakery');
    assert.equal(first.businessCount, 15);
    assert.equal(first.countryCount, 2);
    assert.deepEqual(first.topCountries.map(({ country, count }) => ({ country, count })), [
      { country: 'Germany', count: 10 },
      { country: 'France', count: 5 },
    ]);
    assert.equal(first.businesses.length, 12);
    assert.equal(first.businesses[0].rating, 5, 'best rated first');
    assert.deepEqual([first.totalPages, first.totalCount, first.hasNextPage, first.hasPrevPage], [2, 15, true, false]);
    const second = CategoryDetail.parse(await (await api.request('/api/categories/bakery?page=2&limit=12')).json());
    assert.equal(second.businesses.length, 3, "'Showing 13 to 15 of 15'");
    assert.deepEqual([second.currentPage, second.hasNextPage, second.hasPrevPage], [2, false, true]);
  });

  test('an unknown category is a 404 JSON "Category not found"', async () => {
    const response = await api.request('/api/categories/no-such-category');
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'not_found', message: 'Category not found' });
  });

  test('a bad page or limit is a 400 that states the rule (never a validator\'s "received NaN")', async () => {
    for (const [query, message] of [
      ['page=zero', 'page must be an integer from 1 to 1000'],
      ['page=0', 'page must be an integer from 1 to 1000'],
      ['page=99999', 'page must be an integer from 1 to 1000'],
      ['page=1.5', 'page must be an integer from 1 to 1000'],
      ['limit=abc', 'limit must be an integer from 1 to 100'],
    ]) {
      const response = await api.request(`/api/categories/bakery?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(await response.json(), { error: 'bad_request', message, details: [{ field: query.split('=')[0], message }] }, query);
    }
  });
});
