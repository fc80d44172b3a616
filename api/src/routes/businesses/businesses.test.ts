import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { stripSlugSuffix } from '../../../../common/slug.ts';
import { BusinessDetail, BusinessPage, CityBusinesses, ErrorBody } from '../../../../common/api/public.ts';
import { createLogger } from '../../../../platform/log.ts';
import { indexUid } from '../../../../platform/search/client.ts';
import { buildBusiness, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { startTestApi } from '../../test/api-harness.ts';
import { ensureSiteBuilt } from '../../test/site-build.ts';
import { writeBusinessBatch } from '../../../../platform/db/business-writer.ts';
import { withTransaction } from '../../../../platform/db/pool.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('business reads', () => {
  let api: Api;
  let deadSearch: RunningServer;

  beforeAll(async () => {
    // The held business's page is looked at too.
    await ensureSiteBuilt();
    api = await startTestApi({ withAdmin: false });
    const rows = Array.from({ length: 25 }, (_, n) =>
      // Two of them share a name and a city, so their slugs differ only in the suffix.
      buildBusiness({ placeId: `biz-${n}`, name: n === 7 || n === 8 ? 'Twin Bakery' : `Bakery Number ${n}`, rating: n === 3 ? 4.9 : 4.0, reviewCount: n === 8 ? 500 : 10, city: n < 5 ? 'Hamburg' : 'Berlin' }),
    );
    rows.push(buildBusiness({ placeId: 'paris', name: 'Le Petit Four', city: 'Paris', countryCode: 'FR', country: 'France', latitude: 48.85, longitude: 2.35 }));
    // Imported from a file with street, zip and city columns but no full address.
    rows.push(buildBusiness({ placeId: 'parts', name: 'Zip Column Cafe', fullAddress: null, street: '12 Main St', postalCode: '84770', city: 'St. George', state: 'UT', countryCode: 'US', country: 'United States', website: 'https://zip-column.example/', businessStatus: 'CLOSED_TEMPORARILY' }));
    // A third Twin Bakery in Berlin, held for review: its slug differs from theirs only in the suffix too.
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, [buildBusiness({ placeId: 'held-twin', name: 'Twin Bakery', city: 'Berlin', reviewCount: 1 })], { mode: 'upsert', source: 'test', isApproved: false }));
    await seedDirectory({ config: api.config, pool: api.pool, rows });
    // A second app whose Meilisearch is a closed port: lists must fail fast with 503 JSON.
    deadSearch = await startServer(
      { config: { ...api.config, meiliUrl: 'http://127.0.0.1:9' }, prisma: api.prisma, pool: api.pool, meili: api.meili, logger: createLogger('dead-search') },
      { host: '127.0.0.1', port: 0, shutdownTimeoutMs: 500 },
    );
  });
  afterAll(async () => {
    await deadSearch?.close();
    await api?.close();
  });

  test('GET /api/businesses pages 20 at a time with the spec paging fields', async () => {
    const first = BusinessPage.parse(await (await api.request('/api/businesses')).json());
    assert.equal(first.businesses.length, 20);
    assert.deepEqual(
      { currentPage: first.currentPage, totalPages: first.totalPages, totalCount: first.totalCount, hasNextPage: first.hasNextPage, hasPrevPage: first.hasPrevPage },
      { currentPage: 1, totalPages: 2, totalCount: 27, hasNextPage: true, hasPrevPage: false },
    );
    const second = BusinessPage.parse(await (await api.request('/api/businesses?page=2')).json());
    assert.equal(second.businesses.length, 7, "'Showing 21 to 27 of 27'");
    assert.equal(second.hasNextPage, false);
    assert.equal(second.hasPrevPage, true);
    const ids = new Set([...first.businesses, ...second.businesses].map((business) => business.id));
    assert.equal(ids.size, 27, 'no business on two pages');
    const paris = second.businesses.concat(first.businesses).find((business) => business.city === 'Paris');
    assert.equal(paris?.country, 'France');
    assert.equal(typeof first.businesses[0].rating, 'number');
  });

  test('GET /api/businesses rejects a page outside 1..100 with a clear 400', async () => {
    // Only digits: '0x10', '1e1' and '+2' are numbers to JavaScript, not page numbers to a visitor.
    for (const page of ['0', '101', 'abc', '1.5', '-3', '0x10', '1e1', '%2B2', '']) {
      const response = await api.request(`/api/businesses?page=${page}`);
      assert.equal(response.status, 400, `page=${page}`);
      const body = ErrorBody.parse(await response.json());
      assert.equal(body.error, 'bad_request');
      assert.equal(body.message, 'page must be an integer from 1 to 100');
    }
  });

  test('GET /api/businesses/{slug} answers the spec detail shape', async () => {
    const { rows } = await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'paris'`);
    const response = await api.request(`/api/businesses/${rows[0].slug}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('cache-control') ?? '', /max-age=600/);
    const business = BusinessDetail.parse(await response.json());
    assert.equal(business.name, 'Le Petit Four');
    assert.equal(business.country, 'France');
    assert.equal(business.latitude, '48.85');
    assert.equal(business.longitude, '2.35');
    assert.deepEqual(JSON.parse(business.workingHours!), { Monday: '9AM-5PM', Sunday: 'Closed' });
    assert.deepEqual(JSON.parse(business.about!), { 'Service options': { Takeout: true, Delivery: false } });
  });

  test("the spec's retry (slug minus its 6-character suffix) finds the business", async () => {
    const { rows } = await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'paris'`);
    const stripped = stripSlugSuffix(rows[0].slug);
    const response = await api.request(`/api/businesses/${stripped}`);
    assert.equal(response.status, 200);
    const found = BusinessDetail.parse(await response.json());
    assert.equal(found.slug, rows[0].slug);
    assert.equal(found.slugMatches, 1, 'only one business has this bare slug');
    assert.equal(BusinessDetail.parse(await (await api.request(`/api/businesses/${rows[0].slug}`)).json()).slugMatches, 1);
  });

  test('a bare slug two businesses share answers the most reviewed one and says it is shared', async () => {
    const { rows } = await api.pool.query<{ slug: string; place_id: string }>(`SELECT slug, place_id FROM businesses WHERE place_id IN ('biz-7', 'biz-8') ORDER BY place_id`);
    const bare = stripSlugSuffix(rows[0].slug);
    assert.equal(stripSlugSuffix(rows[1].slug), bare, 'same name and city: same slug but for the suffix');
    const shared = BusinessDetail.parse(await (await api.request(`/api/businesses/${bare}`)).json());
    assert.equal(shared.slug, rows[1].slug, 'biz-8 has the most reviews');
    assert.equal(shared.slugMatches, 2);
    const exact = BusinessDetail.parse(await (await api.request(`/api/businesses/${rows[0].slug}`)).json());
    assert.deepEqual([exact.slug, exact.slugMatches], [rows[0].slug, 1], 'a full slug is always exact');
  });

  test("a business held for review is not found under its own address: never a redirect to a namesake's page", async () => {
    const { rows } = await api.pool.query<{ slug: string; is_approved: boolean }>(`SELECT slug, is_approved FROM businesses WHERE place_id IN ('held-twin', 'biz-8') ORDER BY place_id`);
    const [approvedTwin, heldTwin] = rows;
    assert.deepEqual([approvedTwin.is_approved, heldTwin.is_approved], [true, false]);
    assert.equal(stripSlugSuffix(heldTwin.slug), stripSlugSuffix(approvedTwin.slug), 'the same name and city');
    const held = await api.request(`/api/businesses/${heldTwin.slug}`);
    assert.equal(held.status, 404, 'hidden from visitors, and not answered with the approved namesake');
    // Its own code, so the page does not retry with the bare slug (spec §4) and land on the namesake.
    assert.equal(ErrorBody.parse(await held.json()).error, 'not_published');
    // The page: a 404, not a 301 to the namesake.
    const page = await api.request(`/business/${heldTwin.slug}`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 404, `page status ${page.status} ${page.headers.get('location') ?? ''}`);
    // The bare slug (the spec's retry) still finds the approved ones.
    assert.equal(BusinessDetail.parse(await (await api.request(`/api/businesses/${stripSlugSuffix(heldTwin.slug)}`)).json()).slug, approvedTwin.slug);
  });

  test('without a full address the detail, the list and the database fallback show one made of street, city, state and zip; website and status', async () => {
    const { rows } = await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'parts'`);
    const expected = '12 Main St, St. George, UT 84770';
    const detail = BusinessDetail.parse(await (await api.request(`/api/businesses/${rows[0].slug}`)).json());
    assert.equal(detail.fullAddress, expected);
    // Its website and its status (the import said: temporarily closed) are part of the detail.
    assert.deepEqual([detail.website, detail.businessStatus], ['https://zip-column.example/', 'CLOSED_TEMPORARILY']);
    const inCity = CityBusinesses.parse(await (await api.request('/api/businesses/city/St.%20George?limit=6')).json());
    assert.deepEqual(inCity.businesses.map((business) => business.fullAddress), [expected]);
    // The stored row keeps the file's values: no full address was made up in PostgreSQL.
    const { rows: stored } = await api.pool.query(`SELECT full_address FROM businesses WHERE place_id = 'parts'`);
    assert.equal(stored[0].full_address, null);
    const fallback = BusinessDetail.parse(await (await fetch(`${deadSearch.url}/api/businesses/${rows[0].slug}`)).json());
    assert.deepEqual([fallback.fullAddress, fallback.website, fallback.businessStatus], [expected, 'https://zip-column.example/', 'CLOSED_TEMPORARILY']);
  });

  test('an unknown slug is a 404 JSON', async () => {
    const response = await api.request('/api/businesses/no-such-business-abc123');
    assert.equal(response.status, 404);
    const body = ErrorBody.parse(await response.json());
    assert.equal(body.error, 'not_found');
    assert.ok(!('stack' in body));
  });

  test('a business saved but not indexed yet is served from PostgreSQL', async () => {
    await api.pool.query(
      `INSERT INTO businesses (name, slug, city, country_code, rating, review_count) VALUES ('Fresh Shop', 'fresh-shop-berlin-aaaaaa', 'Berlin', 'DE', 4.2, 3)`,
    );
    const business = BusinessDetail.parse(await (await api.request('/api/businesses/fresh-shop-berlin-aaaaaa')).json());
    assert.equal(business.name, 'Fresh Shop');
    assert.equal(business.country, 'Germany');
  });

  test('a detail answer revalidates to 304 with its ETag', async () => {
    const first = await api.request('/api/businesses?page=1');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    // fetch() adds 'Cache-Control: no-cache' to conditional requests unless one is given; a browser
    // revalidating a stale entry sends max-age=0.
    const second = await api.request('/api/businesses?page=1', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    assert.equal(second.status, 304);
  });

  test('GET /api/businesses/city/{city}?limit=6 lists that city, best rated first', async () => {
    const body = CityBusinesses.parse(await (await api.request('/api/businesses/city/Hamburg?limit=6')).json());
    assert.equal(body.businesses.length, 5);
    assert.ok(body.businesses.every((business) => business.city === 'Hamburg'));
    assert.equal(body.businesses[0].name, 'Bakery Number 3');
    const limited = CityBusinesses.parse(await (await api.request('/api/businesses/city/berlin?limit=6')).json());
    assert.equal(limited.businesses.length, 6);
    for (const path of ['/api/businesses/city', '/api/businesses/city/']) {
      const missing = await api.request(path);
      assert.equal(missing.status, 400, path);
      assert.deepEqual(await missing.json(), { error: 'bad_request', message: 'Name a city: /api/businesses/city/{city}?limit=6.' });
    }
  });

  test('a document the indexer rewrites shows on a cached call within seconds, with no other publish', async () => {
    const { rows } = await api.pool.query<{ id: number; slug: string }>(`SELECT id, slug FROM businesses WHERE place_id = 'paris'`);
    const detail = async () => BusinessDetail.parse(await (await api.request(`/api/businesses/${rows[0].slug}`)).json());
    assert.equal((await detail()).name, 'Le Petit Four'); // now cached (10 minutes)
    // What the indexer sends for a rename: the document alone (no aggregate recount, nothing else written).
    const businesses = api.meili.index(indexUid(api.indexPrefix, 'businesses'));
    await api.meili.tasks.waitForTask((await businesses.updateDocuments([{ id: rows[0].id, name: 'Le Grand Four' }])).taskUid);
    try {
      const deadline = Date.now() + 10_000;
      let name = (await detail()).name;
      while (name !== 'Le Grand Four' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        name = (await detail()).name;
      }
      assert.equal(name, 'Le Grand Four', 'the cached answer was dropped when the index changed');
    } finally {
      await api.meili.tasks.waitForTask((await businesses.updateDocuments([{ id: rows[0].id, name: 'Le Petit Four' }])).taskUid);
    }
  });

  test('with Meilisearch unreachable lists answer 503 JSON fast, detail falls back to PostgreSQL', async () => {
    const started = Date.now();
    const list = await fetch(`${deadSearch.url}/api/businesses?page=1`);
    assert.equal(list.status, 503);
    assert.equal(ErrorBody.parse(await list.json()).error, 'service_unavailable');
    assert.ok(Date.now() - started < 3000, 'no hang');
    const { rows } = await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'paris'`);
    const detail = await fetch(`${deadSearch.url}/api/businesses/${rows[0].slug}`);
    assert.equal(detail.status, 200);
    assert.equal(BusinessDetail.parse(await detail.json()).name, 'Le Petit Four');
  });
});
