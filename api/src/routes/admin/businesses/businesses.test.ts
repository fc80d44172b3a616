import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { AdminBusinessList, AdminCategoryCounts, AdminCountryCodeCounts, BulkBusinessResult, type AdminBusinessRow } from '../../../../../common/api/admin.ts';
import type { BusinessRow } from '../../../../../common/business.ts';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { waitFor } from '../../../../../indexer/src/test/wait.ts';
import { buildBusiness } from '../../../services/public/testing/public-fixtures.ts';
import { startAdminTestApi } from '../../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startAdminTestApi>>;

const place = (countryCode: string, city: string, country: string) => ({ countryCode, city, country, state: null, postalCode: null, fullAddress: null, street: null });

/** 30 businesses: named ones for the search, 24 numbered bakeries in Germany and France; three held for review. */
function directory(): BusinessRow[] {
  const rows = [
    buildBusiness({ name: 'Starbucks Reserve', category: 'Cafe', ...place('US', 'Seattle', 'United States'), rating: 4.1, reviewCount: 900 }),
    buildBusiness({ name: 'Blue Bottle Coffee', category: 'Cafe', ...place('US', 'Oakland', 'United States'), rating: 4.6, reviewCount: 300 }),
    buildBusiness({ name: 'Coffeehaus Wien', category: 'Cafe', ...place('AT', 'Wien', 'Austria'), rating: 3.9, reviewCount: 50 }),
    buildBusiness({ name: 'Toffee Corner', category: 'Confectionery', ...place('GB', 'London', 'United Kingdom'), rating: null, reviewCount: 0 }),
    // "Coffee" in its category and address, not in its name: a name search must not find it.
    buildBusiness({ name: 'Morning Glory', category: 'Coffee shop', ...place('US', 'Portland', 'United States'), fullAddress: '1 Coffee Street, Portland', rating: 4.0, reviewCount: 20 }),
    buildBusiness({ name: 'Star Bakery', category: 'Bakery', rating: 2.5, reviewCount: 5 }),
  ];
  for (let n = 0; n < 24; n++) {
    rows.push(
      buildBusiness({
        name: `Bakery Number ${n}`,
        category: 'Bakery',
        ...(n < 12 ? place('DE', 'Berlin', 'Germany') : place('FR', 'Paris', 'France')),
        rating: n % 7 === 0 ? null : (n % 5) + 0.5,
        reviewCount: (n * 37) % 11,
      }),
    );
  }
  return rows;
}

const HELD = ['Bakery Number 3', 'Bakery Number 4', 'Toffee Corner'];

describe('admin business list and bulk actions', () => {
  let api: Api;
  let cookie: string;

  beforeAll(async () => {
    api = await startAdminTestApi({
      seed: async ({ pool }) => {
        await withTransaction(pool, (client) => writeBusinessBatch(client, directory(), { mode: 'upsert', source: 'test' }));
        // Distinct creation times in an order unlike the ids, and three businesses held for review.
        await pool.query(`UPDATE businesses SET created_at = timestamptz '2026-01-01' + ((id * 7) % 31) * interval '1 hour' + id * interval '1 second'`);
        await pool.query(`UPDATE businesses SET is_approved = false WHERE name = ANY($1)`, [HELD]);
      },
    });
    cookie = api.cookie;
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = (path: string) => api.request(path, { headers: { cookie } });
  const bulk = (body: unknown) => api.postJson('/api/admin/businesses/bulk', body, { cookie });

  async function list(query: string): Promise<AdminBusinessList> {
    const response = await get(`/api/admin/businesses${query ? `?${query}` : ''}`);
    assert.equal(response.status, 200, await response.clone().text());
    return AdminBusinessList.parse(await response.json());
  }

  /** Every page of a query, `limit` at a time, in order. */
  async function listAll(query: string, limit = 7): Promise<AdminBusinessRow[]> {
    const rows: AdminBusinessRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await list(`${query}&limit=${limit}&page=${page}`);
      rows.push(...answer.businesses);
      if (page >= answer.pagination.totalPages) return rows;
    }
  }

  const names = (rows: AdminBusinessRow[]) => rows.map((row) => row.name).sort();
  const idOf = async (name: string) => (await api.pool.query<{ id: number; slug: string }>('SELECT id, slug FROM businesses WHERE name = $1', [name])).rows[0];

  test('only a signed-in admin reads the list', async () => {
    const response = await api.request('/api/admin/businesses');
    assert.equal(response.status, 401);
  });

  test('lists every business, held ones included, 20 a page with exact totals', async () => {
    const first = await list('');
    assert.equal(first.businesses.length, 20);
    assert.deepEqual(first.pagination, { page: 1, limit: 20, totalPages: 2, total: 30 });
    const second = await list('page=2');
    assert.equal(second.businesses.length, 10);
    assert.equal(new Set([...first.businesses, ...second.businesses].map((row) => row.id)).size, 30, 'no business on two pages');
    const past = await list('page=3');
    assert.deepEqual(past, { businesses: [], pagination: { page: 3, limit: 20, totalPages: 2, total: 30 } });

    const pending = await list('approval=pending');
    assert.deepEqual(names(pending.businesses), [...HELD].sort());
    assert.equal(pending.pagination.total, 3);
    assert.equal((await list('approval=approved')).pagination.total, 27);
    assert.equal((await list('limit=100')).businesses.length, 30);

    const starbucks = first.businesses.concat(second.businesses).find((row) => row.name === 'Starbucks Reserve')!;
    assert.deepEqual(
      { category: starbucks.category, city: starbucks.city, countryCode: starbucks.countryCode, rating: starbucks.rating, reviewCount: starbucks.reviewCount, isApproved: starbucks.isApproved },
      { category: 'Cafe', city: 'Seattle', countryCode: 'US', rating: 4.1, reviewCount: 900, isApproved: true },
    );
    assert.match(starbucks.slug, /^starbucks-reserve-seattle/);
    assert.match(starbucks.createdAt, /^2026-01-01T/);
  });

  test('bad paging, sort or filter values are a 400 naming the parameter', async () => {
    for (const [query, message] of [
      ['limit=101', 'Invalid query: "limit" must be a whole number from 1 to 100.'],
      ['page=0', 'Invalid query: "page" must be a whole number from 1 to 1,000,000.'],
      ['sortBy=price', 'Invalid query: "sortBy" must be name, rating, reviewCount or createdAt.'],
      ['sortOrder=up', 'Invalid query: "sortOrder" must be asc or desc.'],
      ['approval=maybe', 'Invalid query: "approval" must be all, approved or pending.'],
      ['countryCode=Germany', 'Invalid query: "countryCode" must be a two-letter country code.'],
    ]) {
      const response = await get(`/api/admin/businesses?${query}`);
      assert.equal(response.status, 400, query);
      const body = (await response.json()) as { error: string; message: string; details: unknown[] };
      assert.equal(body.error, 'bad_request');
      assert.equal(body.message, message);
      assert.ok(body.details.length > 0);
    }
  });

  test('the name search finds a business by the start of any word of its name, and only by its name', async () => {
    const search = async (text: string) => names((await list(`filter=${encodeURIComponent(text)}&limit=100`)).businesses);
    assert.deepEqual(await search('Starb'), ['Starbucks Reserve']);
    assert.deepEqual(await search('starb'), ['Starbucks Reserve'], 'any case');
    assert.deepEqual(await search('Coffee'), ['Blue Bottle Coffee', 'Coffeehaus Wien'], 'not Morning Glory (category and address), not Toffee Corner');
    assert.deepEqual(await search('Star'), ['Star Bakery', 'Starbucks Reserve']);
    assert.deepEqual(await search('blue cof'), ['Blue Bottle Coffee'], 'every word is a prefix');
    assert.deepEqual(await search('bottle'), ['Blue Bottle Coffee'], 'a word in the middle of the name');
    assert.deepEqual(await search('offee'), [], 'the middle of a word is not its start');
    assert.deepEqual(await search('glory coffee'), [], 'every word must match the name');
    const nothing = await list('filter=%21%21%21');
    assert.deepEqual(nothing.pagination, { page: 1, limit: 20, totalPages: 0, total: 0 });
  });

  test('category, country and approval filters combine with the search, and the total counts every match', async () => {
    const frBakeries = await list('category=Bakery&countryCode=fr&limit=100');
    assert.equal(frBakeries.pagination.total, 12);
    assert.ok(frBakeries.businesses.every((row) => row.countryCode === 'FR' && row.category === 'Bakery'));
    const deBakeries = await list('category=Bakery&countryCode=DE&approval=pending');
    assert.deepEqual(names(deBakeries.businesses), ['Bakery Number 3', 'Bakery Number 4']);
    const searched = await list('filter=bakery&category=Bakery&countryCode=DE&limit=5');
    assert.equal(searched.pagination.total, 13, 'Star Bakery is one of Germany\'s 13 bakeries, and "Bakery" is a word of its name too');
    assert.deepEqual(await list('filter=bakery&category=Bakery&countryCode=DE&limit=5&page=3').then((page) => page.businesses.length), 3);
    assert.equal((await list('category=Cafe&countryCode=US')).pagination.total, 2);
    assert.equal((await list('category=Nothing')).pagination.total, 0);
  });

  test('every sort is a true sort of all matches, across pages, with id breaking ties', async () => {
    const everyone = await listAll('sortBy=createdAt', 100);
    assert.equal(everyone.length, 30);
    const compare = {
      name: (a: AdminBusinessRow, b: AdminBusinessRow) => a.name.localeCompare(b.name, 'en'),
      rating: (a: AdminBusinessRow, b: AdminBusinessRow) => (a.rating ?? -1) - (b.rating ?? -1),
      reviewCount: (a: AdminBusinessRow, b: AdminBusinessRow) => a.reviewCount - b.reviewCount,
      createdAt: (a: AdminBusinessRow, b: AdminBusinessRow) => a.createdAt.localeCompare(b.createdAt),
    };
    for (const [sortBy, byKey] of Object.entries(compare)) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        // An unrated business comes last in both directions (an admin sorting by rating wants the rated ones).
        const unratedLast = (a: AdminBusinessRow, b: AdminBusinessRow) => (sortBy === 'rating' ? Number(a.rating === null) - Number(b.rating === null) : 0);
        const expected = [...everyone].sort((a, b) => unratedLast(a, b) || sign * (byKey(a, b) || a.id - b.id)).map((row) => row.id);
        const pages = await listAll(`sortBy=${sortBy}&sortOrder=${order}`);
        assert.deepEqual(pages.map((row) => row.id), expected, `${sortBy} ${order}`);
      }
    }
    // No sortBy: newest first; a sortBy alone starts ascending.
    assert.deepEqual((await listAll('x=1')).map((row) => row.id), [...everyone].reverse().map((row) => row.id));
    assert.deepEqual((await listAll('sortBy=reviewCount')).map((row) => row.reviewCount), everyone.map((row) => row.reviewCount).sort((a, b) => a - b));
    // A sort of a filtered search is a sort of its matches only.
    const sorted = await listAll('filter=bakery&countryCode=FR&sortBy=rating&sortOrder=desc', 5);
    assert.equal(sorted.length, 12);
    assert.deepEqual(sorted.map((row) => row.rating), sorted.map((row) => row.rating).sort((a, b) => (b ?? -1) - (a ?? -1)));
    const ascending = await listAll('filter=bakery&countryCode=FR&sortBy=rating&sortOrder=asc', 5);
    assert.notEqual(ascending[0].rating, null, 'ascending: a rated business first');
    assert.equal(ascending.at(-1)?.rating, null, 'ascending: the unrated last');
  });

  test('categories and country codes come with their counts, held businesses included', async () => {
    const categories = AdminCategoryCounts.parse(await (await get('/api/admin/categories')).json());
    assert.deepEqual(categories.categories, [
      { category: 'Bakery', count: 25 },
      { category: 'Cafe', count: 3 },
      { category: 'Coffee shop', count: 1 },
      { category: 'Confectionery', count: 1 },
    ]);
    const codes = AdminCountryCodeCounts.parse(await (await get('/api/admin/country-codes')).json());
    assert.deepEqual(codes.countryCodes, [
      { countryCode: 'AT', count: 1 },
      { countryCode: 'DE', count: 13 },
      { countryCode: 'FR', count: 12 },
      { countryCode: 'GB', count: 1 },
      { countryCode: 'US', count: 3 },
    ]);
  });

  test('an empty or malformed bulk selection is refused, never read as everything', async () => {
    for (const [body, message] of [
      [{ action: 'delete' }, /must name the businesses/],
      [{ action: 'delete', ids: [] }, /"ids" must name at least one business/],
      [{ action: 'delete', filter: {}, expectedCount: 30 }, /"filter" must name at least one condition/],
      [{ action: 'delete', filter: { approval: 'all', filter: '  ' }, expectedCount: 30 }, /"filter" must name at least one condition/],
      [{ action: 'delete', filter: { category: 'Bakery' } }, /must name the businesses|"expectedCount"/],
      [{ action: 'explode', ids: [1] }, /approve, unapprove or delete|must name the businesses/],
    ] as const) {
      const response = await bulk(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      const answer = (await response.json()) as { error: string; message: string };
      assert.equal(answer.error, 'bad_request');
      assert.match(answer.message, message);
    }
    assert.equal((await list('')).pagination.total, 30, 'nothing was deleted');
    const unsigned = await api.postJson('/api/admin/businesses/bulk', { action: 'delete', ids: [1] });
    assert.equal(unsigned.status, 401);
  });

  test('unapprove and approve by ids: the list and the public site follow, and the audit trail says who did what', async () => {
    const starbucks = await idOf('Starbucks Reserve');
    assert.equal((await api.request(`/api/businesses/${starbucks.slug}`)).status, 200);

    const held = BulkBusinessResult.parse(await (await bulk({ action: 'unapprove', ids: [starbucks.id] })).json());
    assert.deepEqual(held, { success: true, affected: 1, matched: 1, published: true });
    assert.ok(names((await list('approval=pending')).businesses).includes('Starbucks Reserve'));
    assert.equal((await api.request(`/api/businesses/${starbucks.slug}`)).status, 404, 'an unapproved business disappears from the public API');

    // Approving two where one is already approved changes one.
    const blue = await idOf('Blue Bottle Coffee');
    const approved = BulkBusinessResult.parse(await (await bulk({ action: 'approve', ids: [starbucks.id, blue.id] })).json());
    assert.deepEqual(approved, { success: true, affected: 1, matched: 2, published: true });
    assert.equal((await api.request(`/api/businesses/${starbucks.slug}`)).status, 200);
    assert.equal((await list('approval=pending')).pagination.total, 3);

    const { rows } = await api.pool.query<{ action: string; entity: string; details: Record<string, unknown>; admin: string; ip: string | null }>(
      `SELECT a.action, a.entity, a.details, u.username AS admin, a.ip FROM audit_logs a JOIN admin_users u ON u.id = a.admin_user_id
        WHERE a.action LIKE 'business.bulk_%' ORDER BY a.id`,
    );
    assert.deepEqual(
      rows.map(({ action, entity, details, admin }) => ({ action, entity, details, admin })),
      [
        { action: 'business.bulk_unapprove', entity: 'business', details: { count: 1, matched: 1, ids: [starbucks.id] }, admin: 'admin' },
        { action: 'business.bulk_approve', entity: 'business', details: { count: 1, matched: 2, ids: [starbucks.id, blue.id] }, admin: 'admin' },
      ],
    );
    assert.ok(rows.every((row) => row.ip), 'the client IP is recorded');
  });

  test('by filter: a changed count is a 409 that changes nothing; the right count applies to every match', async () => {
    const filter = { category: 'Bakery', countryCode: 'FR' };
    const publicTotal = async () => ((await (await api.request('/api/businesses')).json()) as { totalCount: number }).totalCount;
    // What the public site counts: the approved businesses (its totals follow the indexer's recount).
    const visibleBefore = (await list('approval=approved')).pagination.total;

    const stale = await bulk({ action: 'unapprove', filter, expectedCount: 11 });
    assert.equal(stale.status, 409);
    const staleBody = (await stale.json()) as { error: string; message: string; details: unknown };
    assert.equal(staleBody.error, 'count_changed');
    assert.match(staleBody.message, /now matches 12 businesses, not 11: nothing was changed/);
    assert.deepEqual(staleBody.details, { expectedCount: 11, actualCount: 12 });
    assert.equal((await list('approval=pending')).pagination.total, 3, 'nothing was changed');

    const held = BulkBusinessResult.parse(await (await bulk({ action: 'unapprove', filter, expectedCount: 12 })).json());
    assert.deepEqual(held, { success: true, affected: 12, matched: 12, published: true });
    assert.equal((await list('approval=pending&countryCode=FR')).pagination.total, 12);
    const paris = await api.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE country_code = 'FR'`);
    for (const { slug } of paris.rows) assert.equal((await api.request(`/api/businesses/${slug}`)).status, 404, 'gone from the public site at once');
    // The public totals come from the indexer's aggregate recount, which follows the drain within a few seconds.
    await waitFor('the public total without them', async () => (await publicTotal()) === visibleBefore - 12, 15_000);

    // "Approve all 12 pending in France", then the list and the public site are back.
    const back = BulkBusinessResult.parse(await (await bulk({ action: 'approve', filter: { countryCode: 'fr', approval: 'pending' }, expectedCount: 12 })).json());
    assert.deepEqual(back, { success: true, affected: 12, matched: 12, published: true });
    assert.equal((await list('approval=pending')).pagination.total, 3);
    for (const { slug } of paris.rows) assert.equal((await api.request(`/api/businesses/${slug}`)).status, 200);
    await waitFor('the public total with them again', async () => (await publicTotal()) === visibleBefore, 15_000);

    const { rows } = await api.pool.query<{ details: Record<string, unknown> }>(`SELECT details FROM audit_logs WHERE action = 'business.bulk_approve' ORDER BY id DESC LIMIT 1`);
    assert.deepEqual(rows[0].details, { count: 12, matched: 12, expectedCount: 12, filter: { countryCode: 'FR', approval: 'pending' } });
  });

  test('delete by ids and by filter: gone from the list, the counts and the public site', async () => {
    const morning = await idOf('Morning Glory');
    const toffee = await idOf('Toffee Corner');
    const deleted = BulkBusinessResult.parse(await (await bulk({ action: 'delete', ids: [morning.id, toffee.id] })).json());
    assert.deepEqual(deleted, { success: true, affected: 2, matched: 2, published: true });
    assert.equal((await list('')).pagination.total, 28);
    assert.equal((await api.request(`/api/businesses/${morning.slug}`)).status, 404);
    const categories = AdminCategoryCounts.parse(await (await get('/api/admin/categories')).json());
    assert.deepEqual(categories.categories.map((row) => row.category), ['Bakery', 'Cafe']);

    const byFilter = BulkBusinessResult.parse(await (await bulk({ action: 'delete', filter: { filter: 'coffee' }, expectedCount: 2 })).json());
    assert.deepEqual(byFilter, { success: true, affected: 2, matched: 2, published: true });
    assert.deepEqual(names((await list('category=Cafe')).businesses), ['Starbucks Reserve']);
    const { rows } = await api.pool.query<{ details: Record<string, unknown> }>(`SELECT details FROM audit_logs WHERE action = 'business.bulk_delete' ORDER BY id`);
    assert.deepEqual(rows.map((row) => row.details), [
      { count: 2, matched: 2, ids: [morning.id, toffee.id] },
      { count: 2, matched: 2, expectedCount: 2, filter: { filter: 'coffee', approval: 'all' } },
    ]);
  });
});
