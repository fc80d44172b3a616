import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { SitemapsRegenerated, SitemapsStatus } from '../../../../../common/api/admin.ts';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { buildBusiness } from '../../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../../test/api-harness.ts';
import { startOtherSitemapProcess } from '../../../test/site-helpers.ts';
import { pageOfCitySlug } from '../../../../../common/city-names.ts';
import { SITEMAP_RECOUNT_INTERVAL_MS } from '../../../services/admin/describe-sitemaps.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

// http: a Secure session cookie would not be set over the test's plain HTTP.
const PUBLIC_URL = 'http://directory.example';
/** One more than a business sitemap file holds: two business files. */
const APPROVED = 9_001;

/** The <loc> entries of a sitemap file or index. */
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('admin sitemaps', () => {
  let api: Api;
  let cookie: string;

  const status = async () => {
    const response = await api.request('/api/admin/sitemaps', { headers: { cookie } });
    assert.equal(response.status, 200);
    return SitemapsStatus.parse(await response.json());
  };
  const fetchXml = async (base: string, path: string) => {
    const response = await fetch(base + path);
    assert.equal(response.status, 200, path);
    return response.text();
  };

  /** What the files hold, counted from scratch: the approved businesses in id order, 9,000 a file, and the groups. */
  const realCounts = async () => {
    const { rows } = await api.pool.query<{ approved: number; categories: number; countries: number }>(`
      SELECT count(*)::int AS approved,
             (count(DISTINCT category_slug) FILTER (WHERE category_slug <> ''))::int AS categories,
             count(DISTINCT country_code)::int AS countries
        FROM businesses WHERE is_approved`);
    const cities = await api.pool.query<{ code: string; slug: string }>(`
      SELECT DISTINCT country_code AS code, city_slug AS slug FROM businesses
       WHERE is_approved AND country_code IS NOT NULL AND city_slug <> ''`);
    const { approved, categories, countries } = rows[0];
    return {
      businessFiles: Array.from({ length: Math.ceil(approved / 9_000) }, (_, index) => Math.min(9_000, approved - index * 9_000)),
      categories,
      countries,
      cityPages: new Set(cities.rows.map((row) => `${row.code}|${pageOfCitySlug(row.slug, row.code)}`)).size,
    };
  };
  /** The same figures as GET /api/admin/sitemaps reports them. */
  const reported = (sitemaps: SitemapsStatus) => {
    const urlsOf = (kind: string) => sitemaps.files.filter((file) => file.kind === kind).map((file) => file.urls);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return { businessFiles: urlsOf('businesses'), categories: sum(urlsOf('categories')), countries: sum(urlsOf('countries')), cityPages: sum(urlsOf('cities')) };
  };
  /** What an indexer publish does to the sitemap version (no indexer runs in this test). */
  const publish = () =>
    api.pool.query(`INSERT INTO indexer_state (key, value, updated_at) VALUES ('test-publish', '{}', now())
                    ON CONFLICT (key) DO UPDATE SET updated_at = now()`);
  const write = (rows: Parameters<typeof writeBusinessBatch>[1]) => withTransaction(api.pool, (client) => writeBusinessBatch(client, rows, { mode: 'upsert', source: 'test' }));

  beforeAll(async () => {
    api = await startTestApi({ env: { PUBLIC_URL } });
    cookie = await api.signIn();
    const cities = [
      { city: 'Berlin', countryCode: 'DE', country: 'Germany' },
      { city: 'Munich', countryCode: 'DE', country: 'Germany' },
      { city: 'Vienna', countryCode: 'AT', country: 'Austria' },
    ];
    const categories = ['Bakery', 'Dentist', 'Florist'];
    const rows = Array.from({ length: APPROVED + 1 }, (_, index) => {
      const place = cities[index % cities.length];
      return buildBusiness({ placeId: `sitemap-${index}`, name: `Sitemap Business ${index}`, category: categories[index % categories.length], ...place });
    });
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, rows, { mode: 'upsert', source: 'test' }));
    // One business held for review: in no sitemap.
    await api.pool.query(`UPDATE businesses SET is_approved = false WHERE place_id = 'sitemap-${APPROVED}'`);
  });
  afterAll(async () => api?.close());

  test('without a session the calls are refused; a foreign Origin cannot regenerate', async () => {
    assert.equal((await api.request('/api/admin/sitemaps')).status, 401);
    assert.equal((await api.postJson('/api/admin/sitemaps/regenerate', {})).status, 401);
    assert.equal((await api.postJson('/api/admin/sitemaps/regenerate', {}, { cookie, origin: 'https://evil.example' })).status, 403);
    assert.equal((await api.pool.query('SELECT count(*)::int AS n FROM sitemap_generations')).rows[0].n, 0);
  });

  test('GET lists every file with its URL count, as the files served hold them', async () => {
    const sitemaps = await status();
    assert.equal(sitemaps.businessesPerFile, 9_000);
    assert.equal(sitemaps.lastRegeneratedAt, null);
    assert.deepEqual(
      sitemaps.files.map((file) => [file.kind, file.path, file.urls]),
      [
        ['index', '/sitemap.xml', 6],
        ['main', '/sitemaps/main.xml', 10],
        ['categories', '/sitemaps/categories.xml', 3],
        ['countries', '/sitemaps/countries.xml', 2],
        ['cities', '/sitemaps/cities.xml', 3],
        ['businesses', '/sitemaps/businesses/page-1.xml', 9_000],
        ['businesses', '/sitemaps/businesses/page-2.xml', 1],
      ],
    );
    assert.equal(sitemaps.totalUrls, 10 + 3 + 2 + 3 + APPROVED);
    // The first call counts before answering: the figures are current.
    assert.equal(sitemaps.countsCurrent, true);
    assert.ok(sitemaps.countedAt && Date.now() - Date.parse(sitemaps.countedAt) < 60_000);
    // What a crawler reads: the index lists exactly these files, and each file holds the URLs counted.
    const index = locsOf(await fetchXml(api.url, '/sitemap.xml'));
    assert.deepEqual(index, sitemaps.files.slice(1).map((file) => file.url));
    assert.ok(sitemaps.files.every((file) => file.url === PUBLIC_URL + file.path));
    for (const file of sitemaps.files.slice(1)) {
      assert.equal(locsOf(await fetchXml(api.url, file.path)).length, file.urls, file.path);
    }
  });

  test('regenerate makes every API process serve fresh files from its next request, and is audited', async () => {
    // A second API process's sitemap cache over the same database.
    const other = await startOtherSitemapProcess({ pool: api.pool, publicUrl: PUBLIC_URL });
    const otherUrl = other.url;
    try {
      const staleHere = locsOf(await fetchXml(api.url, '/sitemaps/categories.xml'));
      const staleThere = locsOf(await fetchXml(otherUrl, '/sitemaps/categories.xml'));
      assert.equal(staleHere.length, 3);
      assert.equal(staleThere.length, 3);

      // A change the sitemap caches do not notice by themselves (no indexer publish in this test).
      await withTransaction(api.pool, (client) => writeBusinessBatch(client, [buildBusiness({ placeId: 'sitemap-new', name: 'Orchid House', category: 'Orchid Nursery' })], { mode: 'upsert', source: 'test' }));
      assert.equal(locsOf(await fetchXml(api.url, '/sitemaps/categories.xml')).length, 3, 'still the cached file');
      assert.equal(locsOf(await fetchXml(otherUrl, '/sitemaps/categories.xml')).length, 3, 'still the cached file');

      const response = await api.postJson('/api/admin/sitemaps/regenerate', {}, { cookie });
      assert.equal(response.status, 200);
      const regenerated = SitemapsRegenerated.parse(await response.json());
      assert.equal(regenerated.success, true);
      assert.equal(regenerated.files.find((file) => file.kind === 'categories')?.urls, 4);
      assert.equal(regenerated.totalUrls, 10 + 4 + 2 + 3 + APPROVED + 1);
      assert.ok(regenerated.lastRegeneratedAt, 'the time is recorded');
      assert.ok(Date.now() - Date.parse(regenerated.lastRegeneratedAt) < 60_000);
      assert.equal(regenerated.generatedAt, regenerated.lastRegeneratedAt);
      assert.equal(regenerated.countsCurrent, true, 'a regenerate recounts before answering');
      assert.ok(Date.parse(regenerated.countedAt!) >= Date.parse(regenerated.lastRegeneratedAt));

      for (const base of [api.url, otherUrl]) {
        const categories = locsOf(await fetchXml(base, '/sitemaps/categories.xml'));
        assert.equal(categories.length, 4, base);
        assert.ok(categories.includes(`${PUBLIC_URL}/categories/orchid-nursery`), base);
      }

      const later = await status();
      assert.equal(later.lastRegeneratedAt, regenerated.lastRegeneratedAt, 'GET shows the same generation time');
      const audit = (await api.pool.query(`SELECT admin_user_id, ip, details FROM audit_logs WHERE action = 'sitemaps.regenerate'`)).rows;
      assert.equal(audit.length, 1);
      assert.ok(audit[0].admin_user_id);
      assert.deepEqual(audit[0].details, { files: 7, totalUrls: regenerated.totalUrls });
    } finally {
      other.close();
    }
  });

  test('an admin cache clear also makes the sitemaps fresh', async () => {
    await api.pool.query(`UPDATE businesses SET is_approved = false WHERE place_id = 'sitemap-new'`);
    assert.equal(locsOf(await fetchXml(api.url, '/sitemaps/categories.xml')).length, 4, 'still the cached file');
    assert.equal((await api.postJson('/api/admin/clear-cache', {}, { cookie })).status, 200);
    assert.equal(locsOf(await fetchXml(api.url, '/sitemaps/categories.xml')).length, 3);
  });
  test('the business files follow inserts, approval changes and deletes at once, as a real count', async () => {
    const before = reported(await status());
    assert.deepEqual(before.businessFiles, (await realCounts()).businessFiles);

    await write(Array.from({ length: 9_000 }, (_, index) => buildBusiness({ placeId: `sitemap-more-${index}`, name: `More ${index}`, category: 'Bakery', city: 'Berlin', countryCode: 'DE', country: 'Germany' })));
    const grown = reported(await status());
    assert.deepEqual(grown.businessFiles, (await realCounts()).businessFiles);
    assert.equal(grown.businessFiles.length, before.businessFiles.length + 1);

    await api.pool.query(`UPDATE businesses SET is_approved = false WHERE place_id LIKE 'sitemap-more-%' AND place_id < 'sitemap-more-3'`);
    assert.deepEqual(reported(await status()).businessFiles, (await realCounts()).businessFiles);
    await api.pool.query(`UPDATE businesses SET is_approved = true WHERE place_id LIKE 'sitemap-more-1%'`);
    assert.deepEqual(reported(await status()).businessFiles, (await realCounts()).businessFiles);

    await api.pool.query(`DELETE FROM businesses WHERE place_id LIKE 'sitemap-more-%'`);
    const shrunk = reported(await status());
    assert.deepEqual(shrunk.businessFiles, (await realCounts()).businessFiles);
    assert.deepEqual(shrunk.businessFiles, before.businessFiles);
  });

  test('category, country and city figures: as of countedAt, recounted in the background at most every 30 s once the data is published', async () => {
    // A regenerate counts before answering: a fresh count to start from.
    const counted = SitemapsRegenerated.parse(await (await api.postJson('/api/admin/sitemaps/regenerate', {}, { cookie })).json());
    assert.equal(counted.countsCurrent, true);
    await write([
      buildBusiness({ placeId: 'sitemap-rs-1', name: 'Kafana One', category: 'Kafana', city: 'Belgrade', countryCode: 'RS', country: 'Serbia' }),
      // Another name of the same city: the same city page.
      buildBusiness({ placeId: 'sitemap-rs-2', name: 'Kafana Two', category: 'Kafana', city: 'Beograd', countryCode: 'RS', country: 'Serbia' }),
    ]);
    await publish();

    // Published since the count: the old figures, said to be behind, with the time they were counted.
    const behind = await status();
    assert.equal(behind.countsCurrent, false);
    assert.equal(behind.countedAt, counted.countedAt);
    assert.deepEqual({ ...reported(behind), businessFiles: [] }, { ...reported(counted), businessFiles: [] });
    assert.deepEqual(reported(behind).businessFiles, (await realCounts()).businessFiles, 'the business files are counted at once');

    // The last count is younger than 30 s: no recount yet, however often the screen asks.
    assert.equal(SITEMAP_RECOUNT_INTERVAL_MS, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stillBehind = await status();
    assert.equal(stillBehind.countsCurrent, false);
    assert.equal(stillBehind.countedAt, counted.countedAt);

    // 30 s later a call starts the recount and still answers at once; a later call answers the new figures.
    await api.pool.query(`UPDATE sitemap_counts SET counted_at = counted_at - interval '31 seconds'`);
    const aged = await status();
    assert.equal(aged.countsCurrent, false);
    let current = aged;
    const deadline = Date.now() + 15_000;
    while (!current.countsCurrent && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = await status();
    }
    assert.equal(current.countsCurrent, true);
    assert.ok(Date.parse(current.countedAt!) > Date.parse(aged.countedAt!));
    const real = await realCounts();
    assert.deepEqual(reported(current), real);
    assert.equal(real.countries, reported(counted).countries + 1);
    assert.equal(real.cityPages, reported(counted).cityPages + 1, 'Belgrade and Beograd are one page');
    assert.equal(real.categories, reported(counted).categories + 1);

    // What a crawler gets from a process building its files now holds exactly these figures.
    const other = await startOtherSitemapProcess({ pool: api.pool, publicUrl: PUBLIC_URL });
    try {
      assert.deepEqual(locsOf(await fetchXml(other.url, '/sitemap.xml')), current.files.slice(1).map((file) => file.url));
      for (const file of current.files.slice(1)) assert.equal(locsOf(await fetchXml(other.url, file.path)).length, file.urls, file.path);
    } finally {
      other.close();
    }
  });

  test('a regenerate after deletes and approval changes answers current figures equal to a real count', async () => {
    await api.pool.query(`UPDATE businesses SET is_approved = false WHERE place_id = 'sitemap-rs-1'`);
    await api.pool.query(`DELETE FROM businesses WHERE place_id IN ('sitemap-rs-2', 'sitemap-0', 'sitemap-1')`);
    const response = await api.postJson('/api/admin/sitemaps/regenerate', {}, { cookie });
    assert.equal(response.status, 200);
    const regenerated = SitemapsRegenerated.parse(await response.json());
    assert.equal(regenerated.countsCurrent, true);
    assert.deepEqual(reported(regenerated), await realCounts());
    const later = await status();
    assert.equal(later.countsCurrent, true);
    assert.equal(later.countedAt, regenerated.countedAt);
    assert.deepEqual(reported(later), await realCounts());
  });
});
