import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { categorySlug, citySlug, SLUG_RULES_VERSION } from '../../common/slug.ts';
import { createTestContext, type TestContext } from '../testing/context.ts';
import { createPool, type Pool } from './pool.ts';
import { describeSlugUpgrade, upgradeStoredSlugs } from './upgrade-slugs.ts';

let context: TestContext;
let pool: Pool;

beforeAll(async () => {
  context = await createTestContext();
  pool = createPool(context.config.databaseUrl!, { max: 4 });
});

afterAll(async () => {
  await pool.end();
  await context.close();
});

// Rows as the first slug rules stored them: every mark dropped, Hangul left decomposed.
const STORED = [
  { slug: 'pan-ya-1', category: 'ベーカリー', categorySlug: 'ヘーカリー', city: '東京', citySlug: '東京' },
  { slug: 'pan-ya-2', category: 'ベーカリー', categorySlug: 'ヘーカリー', city: '서울', citySlug: '서울'.normalize('NFD') },
  { slug: 'chai-1', category: 'Tea house', categorySlug: 'tea-house', city: 'दिल्ली', citySlug: 'दलल' },
  { slug: 'cafe-1', category: 'Café', categorySlug: 'cafe', city: 'Zürich', citySlug: 'zurich' },
  { slug: 'kofe-1', category: 'Кофейня', categorySlug: 'кофеиня', city: 'Москва', citySlug: 'москва' },
  { slug: 'plain-1', category: 'Bakery', categorySlug: 'bakery', city: 'Oslo', citySlug: 'oslo' },
  { slug: 'emoji-1', category: '☕', categorySlug: 'uncategorized', city: 'Oslo', citySlug: 'oslo' },
];

test('stored category and city slugs follow the current rules once; business slugs never change', async () => {
  for (const row of STORED) {
    await pool.query('INSERT INTO businesses (name, slug, category, category_slug, city, city_slug) VALUES ($1, $1, $2, $3, $4, $5)', [row.slug, row.category, row.categorySlug, row.city, row.citySlug]);
  }
  await pool.query('DELETE FROM search_outbox');

  const upgrade = await upgradeStoredSlugs(pool);
  assert.deepEqual(upgrade, { from: 1, to: SLUG_RULES_VERSION, categories: 4, cities: 2 });
  assert.equal(describeSlugUpgrade(upgrade), `slug rules 1 -> ${SLUG_RULES_VERSION}: 4 category and 2 city slugs brought up to date`);
  const { rows } = await pool.query<{ slug: string; category_slug: string; city_slug: string }>('SELECT slug, category_slug, city_slug FROM businesses ORDER BY slug');
  assert.deepEqual(rows, STORED.map((row) => ({ slug: row.slug, category_slug: categorySlug(row.category), city_slug: citySlug(row.city) })).sort((a, b) => a.slug.localeCompare(b.slug)));
  assert.equal(rows.find((row) => row.slug === 'pan-ya-1')!.category_slug, 'ベーカリー');
  assert.equal(rows.find((row) => row.slug === 'chai-1')!.city_slug, 'दिल्ली');
  assert.equal(rows.find((row) => row.slug === 'kofe-1')!.category_slug, 'кофейня');

  // The changed businesses go to the search index, with their aggregates recounted.
  const outbox = await pool.query<{ slug: string; aggregates: boolean }>('SELECT DISTINCT b.slug, o.aggregates FROM search_outbox o JOIN businesses b ON b.id = o.business_id ORDER BY b.slug');
  assert.deepEqual(outbox.rows, [{ slug: 'chai-1', aggregates: true }, { slug: 'emoji-1', aggregates: true }, { slug: 'kofe-1', aggregates: true }, { slug: 'pan-ya-1', aggregates: true }, { slug: 'pan-ya-2', aggregates: true }]);

  // Done once: a second start finds nothing to do, even if an old slug came back.
  await pool.query("UPDATE businesses SET city_slug = 'zurich-old' WHERE slug = 'cafe-1'");
  assert.equal(await upgradeStoredSlugs(pool), null);
  assert.equal(describeSlugUpgrade(null), null, 'nothing to say when nothing was done');
  assert.equal((await pool.query("SELECT city_slug FROM businesses WHERE slug = 'cafe-1'")).rows[0].city_slug, 'zurich-old');
});
