import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { AdminDashboard, AdminStats } from '../../../../../common/api/admin.ts';
import { insertBusinesses } from '../../../../../indexer/src/test/factories.ts';
import { foldBusinessCountDeltas } from '../../../repositories/business-counts.ts';
import { csvText } from '../../../services/import/testing/spreadsheet-writers.ts';
import { buildBusiness, seedDirectory } from '../../../services/public/testing/public-fixtures.ts';
import { startTestApi, TEST_ADMIN } from '../../../test/api-harness.ts';

describe('the admin dashboard: GET /api/admin/stats and /api/admin/dashboard', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let cookie: string;

  const stats = async () => {
    const response = await api.request('/api/admin/stats', { headers: { cookie } });
    assert.equal(response.status, 200);
    return AdminStats.parse(await response.json());
  };
  const dashboard = async () => {
    const response = await api.request('/api/admin/dashboard', { headers: { cookie } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    return AdminDashboard.parse(await response.json());
  };
  /** What a full count of the table says, to hold the kept counters to. */
  const countedByScan = async () => {
    const { rows } = await api.pool.query<{ total: number; approved: number }>(
      'SELECT count(*)::int AS total, (count(*) FILTER (WHERE is_approved))::int AS approved FROM businesses',
    );
    const categories = await api.pool.query<{ category: string; count: number }>(
      'SELECT category, count(*)::int AS count FROM businesses WHERE category IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1',
    );
    return { total: rows[0].total, approved: rows[0].approved, categories: categories.rows };
  };

  beforeAll(async () => {
    api = await startTestApi();
    await insertBusinesses(api.pool, [{ category: 'Florist', isApproved: false, rating: 3 }]);
    await seedDirectory({
      config: api.config,
      pool: api.pool,
      rows: [
        buildBusiness({ category: 'Bakery', rating: 4.5 }),
        buildBusiness({ category: 'Bakery', rating: 4 }),
        // 0 is an export's "no rating": not in the mean.
        buildBusiness({ category: 'Cafe', type: 'Cafe', rating: 0, city: 'Paris', countryCode: 'FR', country: 'France', postalCode: '75001' }),
        buildBusiness({ category: null, type: null, rating: null }),
      ],
    });
    cookie = await api.signIn();
  });
  afterAll(async () => api?.close());

  test('is for admins only', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/dashboard', '/api/admin/openapi.json']) {
      const response = await api.request(path);
      assert.equal(response.status, 401, path);
      assert.equal((await response.json()).error, 'unauthorized');
    }
  });

  test('stats count every business, approved and held, and each category, as a scan of the table does', async () => {
    const figures = await stats();
    assert.deepEqual(figures, {
      totalBusinesses: 5,
      approvedBusinesses: 4,
      pendingBusinesses: 1,
      totalCategories: 3,
      categories: [
        { category: 'Bakery', count: 2 },
        { category: 'Cafe', count: 1 },
        { category: 'Florist', count: 1 },
      ],
    });
    const scan = await countedByScan();
    assert.equal(figures.totalBusinesses, scan.total);
    assert.deepEqual(figures.categories, scan.categories);
  });

  test('the figures move with every write: a held business, its approval, a category change, a deletion', async () => {
    const [held] = await insertBusinesses(api.pool, [{ category: 'Bakery', isApproved: false }]);
    let figures = await stats();
    assert.deepEqual([figures.totalBusinesses, figures.approvedBusinesses, figures.pendingBusinesses], [6, 4, 2], 'a held business is pending');
    assert.deepEqual(figures.categories[0], { category: 'Bakery', count: 3 });

    await api.pool.query('UPDATE businesses SET is_approved = true WHERE id = $1', [held]);
    figures = await stats();
    assert.deepEqual([figures.totalBusinesses, figures.approvedBusinesses, figures.pendingBusinesses], [6, 5, 1], 'approved');

    await api.pool.query("UPDATE businesses SET category = 'Pastry' WHERE id = $1", [held]);
    figures = await stats();
    assert.deepEqual(figures.categories, [
      { category: 'Bakery', count: 2 },
      { category: 'Cafe', count: 1 },
      { category: 'Florist', count: 1 },
      { category: 'Pastry', count: 1 },
    ]);
    // An update of no counted column changes nothing (and writes no counter row).
    const before = await api.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM business_count_deltas');
    await api.pool.query("UPDATE businesses SET phone = '+49 30 7654321' WHERE id = $1", [held]);
    const afterUpdate = await api.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM business_count_deltas');
    assert.equal(afterUpdate.rows[0].n, before.rows[0].n);

    await api.pool.query('DELETE FROM businesses WHERE id = $1', [held]);
    figures = await stats();
    assert.deepEqual([figures.totalBusinesses, figures.approvedBusinesses, figures.totalCategories], [5, 4, 3]);
    const scan = await countedByScan();
    assert.deepEqual([figures.totalBusinesses, figures.approvedBusinesses], [scan.total, scan.approved]);
    assert.deepEqual(figures.categories, scan.categories);
  });

  test('folding the counter rows keeps every figure', async () => {
    const [id] = await insertBusinesses(api.pool, [{ category: 'Bakery', isApproved: false, rating: 2 }]);
    for (let round = 0; round < 10; round += 1) {
      await api.pool.query('UPDATE businesses SET is_approved = NOT is_approved, rating = $2 WHERE id = $1', [id, 1 + round / 10]);
    }
    const unfolded = await dashboard();
    await foldBusinessCountDeltas(api.pool);
    const { rows } = await api.pool.query<{ rows: number; groups: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT (category, is_approved))::int AS groups FROM business_count_deltas',
    );
    assert.equal(rows[0].rows, rows[0].groups, 'one row per group');
    const folded = await dashboard();
    assert.deepEqual(folded.businesses, unfolded.businesses);
    await api.pool.query('DELETE FROM businesses WHERE id = $1', [id]);
  });

  test('concurrent writers neither wait for each other nor lose a count, even across a fold', async () => {
    const before = await stats();
    const [first, second] = [await api.pool.connect(), await api.pool.connect()];
    const added: number[] = [];
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      // Same category and approval in both open transactions: with one counter row per group the second
      // would wait here for the first to commit (the test would hang); deltas are only INSERTs.
      added.push(...(await insertBusinesses(first, [{ category: 'Bakery' }])));
      added.push(...(await insertBusinesses(second, [{ category: 'Bakery' }])));
      // A fold while both are open must keep their rows for when they commit.
      await foldBusinessCountDeltas(api.pool);
      await first.query('COMMIT');
      await foldBusinessCountDeltas(api.pool);
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    const figures = await stats();
    assert.equal(figures.totalBusinesses, before.totalBusinesses + 2);
    assert.equal(figures.categories.find((row) => row.category === 'Bakery')?.count, 4);
    const scan = await countedByScan();
    assert.deepEqual([figures.totalBusinesses, figures.approvedBusinesses], [scan.total, scan.approved]);
    await api.pool.query('DELETE FROM businesses WHERE id = ANY($1)', [added]);
    assert.deepEqual(await stats(), before);
  });

  test('the dashboard shows live counts, rating, directory totals, sizes and this process', async () => {
    const figures = await dashboard();
    assert.deepEqual(figures.businesses, { total: 5, approved: 4, pending: 1, categories: 3, averageRating: 3.8, ratedBusinesses: 3 });
    // Approved businesses in Berlin and Paris, as the indexer's aggregates count them for visitors.
    assert.deepEqual([figures.directory.countries, figures.directory.cities], [2, 2]);
    assert.ok(figures.directory.computedAt);
    assert.equal(figures.search.reachable, true);
    // The businesses index holds held businesses too (the admin lists read it).
    assert.equal(figures.search.indexedBusinesses, 5);
    assert.ok(figures.storage.databaseBytes > 1_000_000, `database ${figures.storage.databaseBytes} bytes`);
    assert.ok(figures.storage.searchBytes !== null && figures.storage.searchBytes > 0);
    // The API runs inside this test process.
    assert.equal(figures.process.pid, process.pid);
    assert.ok(figures.process.memory.rssBytes >= figures.process.memory.heapUsedBytes);
    assert.equal(figures.requests.scope, 'process');
    assert.equal(figures.imports.last, null);
    assert.equal(figures.imports.running, 0);
    assert.deepEqual([figures.imports.lastDay, figures.imports.recentFailures], [{ reports: 0, failed: 0 }, []]);
  });

  test('request counters move with requests', async () => {
    const first = await dashboard();
    for (let i = 0; i < 7; i += 1) assert.equal((await api.request('/api/health')).status < 500, true);
    const second = await dashboard();
    // The 7 requests and the first dashboard read, which is counted when its answer is sent.
    assert.ok(second.requests.lastMinute.requests >= first.requests.lastMinute.requests + 8, `${first.requests.lastMinute.requests} -> ${second.requests.lastMinute.requests}`);
    assert.ok(second.requests.last5Minutes.requests >= second.requests.lastMinute.requests);
    assert.ok(second.requests.lastMinute.p95Ms !== null && second.requests.lastMinute.p95Ms > 0);
    assert.equal(second.requests.lastMinute.seconds, 60);
  });

  test('an audited action shows first in recent activity, with the admin and the IP', async () => {
    const refused = await api.postJson('/api/admin/login', { username: TEST_ADMIN.username, password: 'not the password' });
    assert.equal(refused.status, 401);
    const figures = await dashboard();
    const [newest] = figures.recentActivity;
    assert.equal(newest.action, 'admin.login_failed');
    assert.equal(newest.admin, TEST_ADMIN.username);
    assert.match(newest.ip ?? '', /127\.0\.0\.1/);
    assert.ok(Date.now() - Date.parse(newest.at) < 60_000);
    assert.ok(figures.recentActivity.some((row) => row.action === 'admin.login'), 'the sign-in before it');
    assert.ok(figures.recentActivity.length <= 20);
  });

  test('an import shows as the last import, moves the counts and the outbox until an indexer drains it', async () => {
    const body = new FormData();
    body.append('file', new Blob([csvText([['name', 'place_id', 'city', 'country_code', 'category'], ['Dash One', 'dash-1', 'Oslo', 'NO', 'Bakery'], ['Dash Two', 'dash-2', 'Oslo', 'NO', 'Cafe']])]), 'dashboard.csv');
    const response = await api.request('/api/upload-excel-batch', { method: 'POST', headers: { origin: api.origin, cookie }, body });
    assert.equal(response.status, 200, await response.clone().text());
    const figures = await dashboard();
    assert.equal(figures.imports.last?.fileName, 'dashboard.csv');
    assert.equal(figures.imports.last?.success, true);
    assert.equal(figures.imports.last?.successCount, 2);
    assert.equal(figures.businesses.total, 7);
    assert.ok(figures.search.outboxDepth >= 2, `outbox ${figures.search.outboxDepth}`);
    assert.equal((await stats()).totalBusinesses, (await countedByScan()).total);
  });

  test("the last day's imports: every stored report of the last 24 hours counted, the failed ones named newest first", async () => {
    const report = (fileName: string, success: boolean, createdAt: Date) => ({
      kind: 'batch', success, fileName, fileSizeBytes: 10n, totalRows: 1, successCount: success ? 1 : 0, errorCount: success ? 0 : 1, skippedCount: 0, processingSeconds: 0.1, report: { success }, createdAt,
    });
    const hour = 3_600_000;
    await api.prisma.uploadReport.createMany({
      data: [
        report('two-days-ago.csv', false, new Date(Date.now() - 48 * hour)),
        report('failed-earlier.csv', false, new Date(Date.now() - 5 * hour)),
        report('failed-now.csv', false, new Date(Date.now() - 1000)),
        report('fine.csv', true, new Date(Date.now() - 2 * hour)),
      ],
    });
    const figures = await dashboard();
    // dashboard.csv of the test before, and three of these four.
    assert.deepEqual(figures.imports.lastDay, { reports: 4, failed: 2 });
    assert.deepEqual(figures.imports.recentFailures.map((row) => row.fileName), ['failed-now.csv', 'failed-earlier.csv']);
    const { rows } = await api.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM upload_reports WHERE created_at > now() - interval '1 day'");
    assert.equal(figures.imports.lastDay.reports, rows[0].n);
  });

  test('emptying the table (TRUNCATE) empties the figures', async () => {
    await api.pool.query('TRUNCATE businesses CASCADE');
    assert.deepEqual(await stats(), { totalBusinesses: 0, approvedBusinesses: 0, pendingBusinesses: 0, totalCategories: 0, categories: [] });
  });
});
