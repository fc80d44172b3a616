import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { SitemapsRegenerated, SitemapsStatus } from '../../../../../common/api/admin.ts';
import { withTransaction } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { buildBusiness } from '../../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../../test/api-harness.ts';
import { startOtherSitemapProcess } from '../../../test/site-helpers.ts';

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
});
