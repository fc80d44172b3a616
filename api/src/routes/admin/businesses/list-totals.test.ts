/**
 * The admin list's total for a selection of category and/or approval only (or none) is summed from the
 * trigger-kept counters (business_count_deltas), not counted from the rows: after every kind of write
 * (import batch, single and bulk approval changes, an edit that moves a business to another category,
 * deletes, a truncate, a fold racing writers) each such total must still equal a real count(*).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { AdminBusinessList } from '../../../../../common/api/admin.ts';
import type { BusinessRow } from '../../../../../common/business.ts';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { foldBusinessCountDeltas } from '../../../repositories/business-counts.ts';
import { buildBusiness } from '../../../services/public/testing/public-fixtures.ts';
import { startAdminTestApi } from '../../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startAdminTestApi>>;

const CATEGORIES = ['Bakery', 'Cafe', 'Florist'];

function batch(prefix: string, count: number): BusinessRow[] {
  return Array.from({ length: count }, (_, n) =>
    // Every fifth without a category: counted in the whole total, in no category's.
    buildBusiness({ name: `${prefix} ${n}`, category: n % 5 === 4 ? null : CATEGORIES[n % CATEGORIES.length], rating: n % 3 ? 4 : null }),
  );
}

describe('admin list totals from the counters', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startAdminTestApi({
      seed: async ({ pool }) => {
        await withTransaction(pool, (client) => writeBusinessBatch(client, batch('Seeded', 40), { mode: 'upsert', source: 'test' }));
        await pool.query(`UPDATE businesses SET is_approved = false WHERE id % 4 = 0`);
      },
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  const asAdmin = (path: string, method = 'GET', body?: unknown) =>
    api.request(path, { method, headers: { cookie: api.cookie, origin: api.origin, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });

  async function listTotal(query: string): Promise<number> {
    const response = await asAdmin(`/api/admin/businesses?${query}`);
    assert.equal(response.status, 200, await response.clone().text());
    const { pagination } = AdminBusinessList.parse(await response.json());
    return pagination.total;
  }

  /** Every selection the counters answer, each beside count(*) of the same rows. */
  async function assertTotalsExact(after: string): Promise<void> {
    const selections: Array<[string, string]> = [['', 'true'], ['approval=approved', 'is_approved'], ['approval=pending', 'NOT is_approved']];
    for (const category of [...CATEGORIES, 'Nothing']) {
      selections.push([`category=${category}`, `category = '${category}'`]);
      selections.push([`category=${category}&approval=approved`, `category = '${category}' AND is_approved`]);
      selections.push([`category=${category}&approval=pending`, `category = '${category}' AND NOT is_approved`]);
    }
    for (const [query, where] of selections) {
      const { rows } = await api.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM businesses WHERE ${where}`);
      assert.equal(await listTotal(query), rows[0].total, `${after}: total of "${query}"`);
    }
  }

  const idsOf = async (where: string) => (await api.pool.query<{ id: number }>(`SELECT id FROM businesses WHERE ${where} ORDER BY id`)).rows.map((row) => row.id);

  test('the totals read the counters (a stray delta moves them), and equal count(*) after seeding', async () => {
    // Proof that these selections take the counters path, so the checks below test it: a delta row that no
    // business backs moves the no-filter and Bakery totals, and the count(*) path (a country) stays put.
    const before = { all: await listTotal(''), bakery: await listTotal('category=Bakery'), country: await listTotal('countryCode=DE') };
    await api.pool.query(`INSERT INTO business_count_deltas (category, is_approved, businesses, rated, rating_sum) VALUES ('Bakery', true, 1000, 0, 0)`);
    assert.deepEqual(
      { all: await listTotal(''), bakery: await listTotal('category=Bakery'), country: await listTotal('countryCode=DE') },
      { all: before.all + 1000, bakery: before.bakery + 1000, country: before.country },
    );
    await api.pool.query(`INSERT INTO business_count_deltas (category, is_approved, businesses, rated, rating_sum) VALUES ('Bakery', true, -1000, 0, 0)`);
    await assertTotalsExact('seeded');
  });

  test('after an import batch (new rows and updates of existing ones)', async () => {
    // Half new, half the same place ids as the seed with other categories: an upsert moves them between groups.
    const { rows: existing } = await api.pool.query<{ place_id: string }>(`SELECT place_id FROM businesses ORDER BY id LIMIT 10`);
    const updates = existing.map((row, n) => buildBusiness({ name: `Moved ${n}`, placeId: row.place_id, category: 'Florist' }));
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, [...batch('Imported', 25), ...updates], { mode: 'upsert', source: 'test' }));
    await assertTotalsExact('import batch');
  });

  test('after single approval toggles, an edit of the category, and single deletes through the API', async () => {
    const [first, second] = await idsOf(`category = 'Cafe'`);
    for (const id of [first, second]) assert.equal((await asAdmin(`/api/admin/businesses/${id}/toggle-approval`, 'POST')).status, 200);
    await assertTotalsExact('toggle-approval');

    const edited = await asAdmin(`/api/admin/businesses/${first}`, 'PATCH', { category: 'Bakery' });
    assert.equal(edited.status, 200, await edited.clone().text());
    await assertTotalsExact('category edit');

    for (const id of (await idsOf(`category = 'Florist'`)).slice(0, 3)) assert.equal((await asAdmin(`/api/businesses/${id}`, 'DELETE')).status, 200);
    await assertTotalsExact('single deletes');
  });

  test('after bulk approve, unapprove and delete by ids and by filter', async () => {
    const bakeries = await listTotal('category=Bakery');
    const unapprove = await api.postJson('/api/admin/businesses/bulk', { action: 'unapprove', filter: { category: 'Bakery' }, expectedCount: bakeries }, { cookie: api.cookie });
    assert.equal(unapprove.status, 200, await unapprove.clone().text());
    await assertTotalsExact('bulk unapprove by filter');

    const pending = await listTotal('approval=pending');
    const approve = await api.postJson('/api/admin/businesses/bulk', { action: 'approve', filter: { approval: 'pending' }, expectedCount: pending }, { cookie: api.cookie });
    assert.equal(approve.status, 200, await approve.clone().text());
    assert.equal(await listTotal('approval=pending'), 0);
    await assertTotalsExact('bulk approve by filter');

    const removed = await api.postJson('/api/admin/businesses/bulk', { action: 'delete', ids: (await idsOf(`category = 'Cafe'`)).slice(0, 4) }, { cookie: api.cookie });
    assert.equal(removed.status, 200, await removed.clone().text());
    await assertTotalsExact('bulk delete by ids');
  });

  test('with a fold racing writers and readers, and after a fold the list read itself started', async () => {
    // Writes, folds and list reads at once: a fold must neither lose nor double a concurrent writer's rows.
    const writes = Array.from({ length: 6 }, (_, n) =>
      withTransaction(api.pool, (client) => writeBusinessBatch(client, batch(`Racing ${n}`, 15), { mode: 'upsert', source: 'test' })).then(() =>
        api.pool.query(`UPDATE businesses SET is_approved = NOT is_approved WHERE name LIKE $1 AND id % 2 = 0`, [`Racing ${n} %`]),
      ),
    );
    await Promise.all([...writes, foldBusinessCountDeltas(api.pool), listTotal(''), foldBusinessCountDeltas(api.pool), listTotal('category=Cafe')]);
    await assertTotalsExact('racing folds');

    // Enough zero-sum delta rows that the list's own read folds them (more than 2,000, several per group).
    await api.pool.query(
      `INSERT INTO business_count_deltas (category, is_approved, businesses, rated, rating_sum)
       SELECT 'Cafe', n % 2 = 0, CASE WHEN n % 4 < 2 THEN 1 ELSE -1 END, 0, 0 FROM generate_series(0, 2399) AS n`,
    );
    await listTotal('category=Cafe');
    const { rows } = await api.pool.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM business_count_deltas`);
    assert.ok(rows[0].rows < 100, `the list read folded the deltas (${rows[0].rows} rows left)`);
    await assertTotalsExact('after a fold');
  });

  test('after delete all (a truncate) and a new import', async () => {
    await api.pool.query('TRUNCATE businesses CASCADE');
    await assertTotalsExact('truncate');
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, batch('Fresh', 12), { mode: 'upsert', source: 'test' }));
    await assertTotalsExact('import after truncate');
  });
});
