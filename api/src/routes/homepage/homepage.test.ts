import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Router } from 'express';
import { setTimeout as sleep } from 'node:timers/promises';
import { CategoryList, CityList, CountryList, FeaturedBusinesses, HomepageData } from '../../../../common/api/public.ts';
import { withTransaction } from '../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../platform/db/business-writer.ts';
import { buildBusiness, reindexDirectory, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';
import { routers } from '../index.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('home page reads', () => {
  let api: Api;
  // Requests that reached the Express app (a router in front of all the others counts them).
  const reachedApp: string[] = [];
  const countRequests = () => Router().use((req, _res, next) => (reachedApp.push(req.originalUrl), next()));

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false, routers: [countRequests, ...routers] });
    const rows = [
      ...Array.from({ length: 6 }, (_, n) =>
        // The best rated pub, with a photo, closed for good: never featured.
        buildBusiness({ city: 'London', countryCode: 'GB', country: 'United Kingdom', category: 'Pub', rating: n === 5 ? 5 : 3 + n / 10, ...(n === 5 ? { photo: 'https://img.example/closed.jpg', businessStatus: 'CLOSED_PERMANENTLY' as const } : {}) }),
      ),
      ...Array.from({ length: 4 }, () => buildBusiness({ city: 'Toronto', countryCode: 'CA', country: 'Canada', category: 'Cafe' })),
      ...Array.from({ length: 10 }, (_, n) => buildBusiness({ city: 'Nairobi', countryCode: 'KE', country: 'Kenya', category: 'Bakery', rating: 4, photo: n === 0 ? 'https://img.example/1.jpg' : null })),
    ];
    await seedDirectory({ config: api.config, pool: api.pool, rows });
  });
  afterAll(async () => api?.close());

  test('GET /api/homepage-data: popular categories, top cities with their REAL country code, top countries', async () => {
    const response = await api.request('/api/homepage-data');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('cache-control') ?? '', /max-age=7200/);
    const home = HomepageData.parse(await response.json());
    assert.deepEqual(home.popularSearches.map(({ category, count }) => [category, count]), [['Bakery', 10], ['Pub', 6], ['Cafe', 4]]);
    assert.deepEqual(home.topCities.map(({ city, count, countryCode, slug }) => [city, count, countryCode, slug]), [
      ['Nairobi', 10, 'KE', 'nairobi'],
      ['London', 6, 'GB', 'london'],
      ['Toronto', 4, 'CA', 'toronto'],
    ]);
    assert.deepEqual(home.topCountries.map(({ country, businessCount }) => [country, businessCount]), [['Kenya', 10], ['United Kingdom', 6], ['Canada', 4]]);
    assert.deepEqual(home.totals, { businesses: 20, countries: 3, cities: 3, categories: 3 });
  });

  test('GET /api/featured-businesses: 12 cards in the spec field names, photo first', async () => {
    const response = await api.request('/api/featured-businesses');
    assert.match(response.headers.get('cache-control') ?? '', /max-age=1800/);
    const featured = FeaturedBusinesses.parse(await response.json());
    assert.equal(featured.length, 12);
    assert.equal(featured[0].image_url, 'https://img.example/1.jpg');
    assert.ok(!featured.some((card) => card.image_url === 'https://img.example/closed.jpg'), 'a permanently closed place is not featured');
    assert.equal(typeof featured[0].review_count, 'number');
  });

  test('answers are gzip-compressed for clients that accept it and revalidate to 304', async () => {
    const response = await api.request('/api/featured-businesses', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(response.headers.get('content-encoding'), 'gzip');
    FeaturedBusinesses.parse(await response.json());
    const etag = response.headers.get('etag')!;
    const lastModified = response.headers.get('last-modified')!;
    const byEtag = await api.request('/api/featured-businesses', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    assert.equal(byEtag.status, 304);
    const byDate = await api.request('/api/featured-businesses', { headers: { 'if-modified-since': lastModified, 'cache-control': 'max-age=0' } });
    assert.equal(byDate.status, 304);
  });

  test('a cached answer goes out without reaching the app, with the same status, headers and body', async () => {
    const url = '/api/featured-businesses?hit=1'; // over 1 KB, so it has a gzip form
    const HEADERS = ['content-type', 'content-length', 'content-encoding', 'cache-control', 'etag', 'last-modified', 'vary', 'x-content-type-options'];
    const headersOf = (response: Response) => Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)]));
    const plain = { 'accept-encoding': 'identity' };
    const built = await api.request(url, { headers: plain });
    const builtBody = await built.text();
    const builtZipped = await api.request(url, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(builtZipped.headers.get('content-encoding'), 'gzip');
    assert.equal(reachedApp.filter((seen) => seen === url).length, 1);

    const hit = await api.request(url, { headers: plain });
    assert.equal(hit.status, 200);
    assert.deepEqual(headersOf(hit), headersOf(built));
    assert.equal(hit.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(await hit.text(), builtBody);
    const head = await api.request(url, { method: 'HEAD', headers: plain });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(builtBody)));
    assert.equal(await head.text(), '');
    const zipped = await api.request(url, { headers: { 'accept-encoding': 'gzip' } });
    assert.deepEqual(headersOf(zipped), headersOf(builtZipped));
    assert.equal(await zipped.text(), builtBody);
    // Brotli where it is accepted (preferred at equal weight), made once; each encoding has its own ETag.
    const brotli = await api.request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    assert.equal(await brotli.text(), builtBody);
    const tags = [built, builtZipped, brotli].map((response) => response.headers.get('etag'));
    assert.equal(new Set(tags).size, 3, `one validator per encoding: ${tags.join(' ')}`);
    for (const tag of tags) {
      const conditional = await api.request(url, { headers: { 'if-none-match': tag!, 'accept-encoding': 'br', 'cache-control': 'max-age=0' } });
      assert.equal(conditional.status, 304, `${tag} names the same content in any encoding`);
      assert.equal(conditional.headers.get('etag'), tags[2], 'the 304 carries the tag of the encoding it would have sent');
    }
    const refused = await api.request(url, { headers: { 'accept-encoding': 'gzip;q=0' } });
    assert.equal(refused.headers.get('content-encoding'), null);
    // fetch adds Cache-Control: no-cache to a conditional request unless it carries one of its own.
    const revalidated = await api.request(url, { headers: { 'if-none-match': built.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    assert.equal(revalidated.status, 304);
    const reloaded = await api.request(url, { headers: { 'if-none-match': built.headers.get('etag')!, 'cache-control': 'no-cache' } });
    assert.equal(reloaded.status, 200);
    assert.equal(reachedApp.filter((seen) => seen === url).length, 1, 'every later request was answered from the cache');
  });

  test('the cached answer is replaced once the indexer publishes new data', async () => {
    const before = HomepageData.parse(await (await api.request('/api/homepage-data')).json());
    await withTransaction(api.pool, (client) =>
      writeBusinessBatch(client, Array.from({ length: 12 }, () => buildBusiness({ city: 'Lagos', countryCode: 'NG', country: 'Nigeria', category: 'Tailor' })), {
        mode: 'upsert',
        source: 'test',
      }),
    );
    await reindexDirectory({ config: api.config, pool: api.pool });
    await sleep(1600); // the data version is re-read in the background every second
    const after = HomepageData.parse(await (await api.request('/api/homepage-data')).json());
    assert.equal(before.totals.businesses, 20);
    assert.equal(after.totals.businesses, 32);
    assert.deepEqual(after.popularSearches[0], { category: 'Tailor', count: 12, slug: 'tailor' });
    assert.deepEqual(after.topCities[0].countryCode, 'NG');
  });
});

describe('home page tops and the lists', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    // Four cities, countries and categories of two businesses each: every top is one tie, and code or slug
    // order (CH, DE, IT, UA; arzte, bar, ...) differs from name order (Germany, Italy, ...; Bar, ..., Ärzte).
    const place = (city: string, countryCode: string, country: string, category: string) =>
      Array.from({ length: 2 }, () => buildBusiness({ city, countryCode, country, category, type: category }));
    const rows = [...place('Milano', 'IT', 'Italy', 'Ärzte'), ...place('Kyiv', 'UA', 'Ukraine', 'Bar'), ...place('Bern', 'CH', 'Switzerland', 'Café'), ...place('Berlin', 'DE', 'Germany', 'Deli')];
    await seedDirectory({ config: api.config, pool: api.pool, rows });
  });
  afterAll(async () => api?.close());

  test('the home page tops are the heads of the category, city and country lists, ties included', async () => {
    const home = HomepageData.parse(await (await api.request('/api/homepage-data')).json());
    const categories = CategoryList.parse(await (await api.request('/api/categories')).json());
    const cities = CityList.parse(await (await api.request('/api/cities')).json());
    const countries = CountryList.parse(await (await api.request('/api/countries')).json());
    assert.deepEqual(home.popularSearches.map((item) => item.slug), categories.slice(0, home.popularSearches.length).map((item) => item.slug));
    assert.deepEqual(home.topCities.map((item) => `${item.countryCode}/${item.slug}`), cities.slice(0, home.topCities.length).map((item) => `${item.countryCode}/${item.slug}`));
    assert.deepEqual(home.topCountries.map((item) => item.countryCode), countries.slice(0, home.topCountries.length).map((item) => item.countryCode));
    assert.deepEqual(home.topCities.map((item) => item.city), ['Berlin', 'Bern', 'Kyiv', 'Milano'], 'by name');
  });
});
