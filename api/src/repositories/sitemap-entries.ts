/**
 * Data access for the sitemaps (frontend/server/sitemaps.ts writes the XML): what each file lists, for
 * approved businesses only. Dedicated SQL, because the files cover the whole table: GROUP BYs for the
 * aggregate pages and an id keyset for businesses (the page boundaries are computed once, then each
 * file is one index range scan), never a full scan per file.
 */
import { pageOfCitySlug } from '../../../common/city-names.ts';
import type { Pool } from '../../../platform/db/pool.ts';

/** What the sitemaps built so far were built from; a sitemap file is stale once either part moves. */
export interface SitemapVersion {
  /** Moves whenever the indexer publishes (its indexer_state rows change after every import or rebuild). */
  published: string;
  /** Moves when an admin regenerates the sitemaps (sitemap_generations) or clears the caches (cache_cleared_at). */
  requested: string;
}

/** Both parts of the sitemap version in one tiny query (two index lookups and a max over a few rows). */
export async function findSitemapVersion(pool: Pool): Promise<SitemapVersion> {
  const { rows } = await pool.query<{ published: string | null; requested: string }>(
    `SELECT (SELECT max(updated_at)::text FROM indexer_state) AS published,
            concat_ws('|', (SELECT max(id)::text FROM sitemap_generations),
                           (SELECT updated_at::text FROM indexer_state WHERE key = 'cache_cleared_at')) AS requested`,
  );
  return { published: rows[0]?.published ?? '', requested: rows[0]?.requested ?? '' };
}

/** One string for a SitemapVersion: stored with the sitemap counts, compared at every GET /api/admin/sitemaps. */
export function sitemapVersionKey(version: SitemapVersion): string {
  return `${version.published}#${version.requested}`;
}

/** The sitemaps' category, country and city page counts as counted at `countedAt`, from the data of `version`. */
export interface SitemapAggregateCounts {
  /** sitemapVersionKey of the version read before counting. */
  version: string;
  countedAt: Date;
  categories: number;
  countries: number;
  /** City pages: a city's names in one country share a page (common/city-names.ts), as in the files. */
  cityPages: number;
}

/** The counts last stored (null before the first count), with their age by the database's clock. */
export async function findSitemapAggregateCounts(pool: Pool): Promise<(SitemapAggregateCounts & { ageMs: number }) | null> {
  const { rows } = await pool.query<{ version: string; counted_at: Date; categories: number; countries: number; city_pages: number; age_ms: number }>(
    `SELECT version, counted_at, categories, countries, city_pages, (extract(epoch FROM now() - counted_at) * 1000)::float8 AS age_ms
       FROM sitemap_counts WHERE id = 1`,
  );
  const row = rows[0];
  return row ? { version: row.version, countedAt: row.counted_at, categories: row.categories, countries: row.countries, cityPages: row.city_pages, ageMs: row.age_ms } : null;
}

/**
 * Counts the categories, countries and city pages the files list, in one pass over the approved
 * businesses (grouping sets: one scan, three small hash tables), with the same filters as
 * listCategorySitemapEntries, listCountrySitemapEntries and listCitySitemapEntries; stores and answers
 * them. The version and the time are read before the count, so a publish during it leaves the stored
 * version behind and the next read recounts. A count that began earlier never replaces a later one.
 */
export async function countSitemapAggregates(pool: Pool): Promise<SitemapAggregateCounts> {
  const version = await findSitemapVersion(pool);
  const { rows: clock } = await pool.query<{ now: Date }>('SELECT now() AS now');
  const { rows } = await pool.query<{ g: number; category_slug: string | null; country_code: string | null; city_slug: string | null }>(
    `SELECT GROUPING(category_slug, country_code, city_slug) AS g, category_slug, country_code, city_slug
       FROM businesses WHERE is_approved
      GROUP BY GROUPING SETS ((category_slug), (country_code), (country_code, city_slug))`,
  );
  let categories = 0;
  let countries = 0;
  const cityPages = new Set<string>();
  for (const row of rows) {
    // GROUPING's bits, from the left: 1 for a column not grouped in the row's set.
    if (row.g === 0b011 && row.category_slug) categories++;
    else if (row.g === 0b101 && row.country_code !== null) countries++;
    else if (row.g === 0b100 && row.country_code !== null && row.city_slug) cityPages.add(`${row.country_code}|${pageOfCitySlug(row.city_slug, row.country_code)}`);
  }
  const counts: SitemapAggregateCounts = { version: sitemapVersionKey(version), countedAt: clock[0].now, categories, countries, cityPages: cityPages.size };
  await pool.query(
    `INSERT INTO sitemap_counts (id, version, counted_at, categories, countries, city_pages) VALUES (1, $1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, counted_at = EXCLUDED.counted_at, categories = EXCLUDED.categories,
       countries = EXCLUDED.countries, city_pages = EXCLUDED.city_pages
     WHERE sitemap_counts.counted_at <= EXCLUDED.counted_at`,
    [counts.version, counts.countedAt, counts.categories, counts.countries, counts.cityPages],
  );
  return counts;
}

/** Records an admin's regenerate: every API process's sitemap cache sees the new row at its next request. */
export async function recordSitemapGeneration(pool: Pool): Promise<Date> {
  const { rows } = await pool.query<{ generated_at: Date }>(`INSERT INTO sitemap_generations DEFAULT VALUES RETURNING generated_at`);
  return rows[0].generated_at;
}

/**
 * When the sitemaps were last due for a rebuild (the latest of a regenerate, a cache clear and a search
 * publish), and when an admin last regenerated them; null when it never happened.
 */
export async function findSitemapTimes(pool: Pool): Promise<{ dueSince: Date | null; lastRegeneratedAt: Date | null }> {
  const { rows } = await pool.query<{ due_since: Date | null; last_regenerated_at: Date | null }>(
    `SELECT greatest((SELECT max(updated_at) FROM indexer_state), (SELECT max(generated_at) FROM sitemap_generations)) AS due_since,
            (SELECT max(generated_at) FROM sitemap_generations) AS last_regenerated_at`,
  );
  return { dueSince: rows[0]?.due_since ?? null, lastRegeneratedAt: rows[0]?.last_regenerated_at ?? null };
}

export interface BusinessSitemapPage {
  /** The smallest business id on the page: the keyset the page's file starts from. */
  firstId: number;
  /** The newest change among the page's businesses. */
  lastmod: Date | null;
  /** How many businesses the page lists. */
  urls: number;
}

/** Every page of `businessesPerPage` businesses in id order: one pass over the id index. */
export async function listBusinessSitemapPages(pool: Pool, businessesPerPage: number): Promise<BusinessSitemapPage[]> {
  const { rows } = await pool.query<{ first_id: number; lastmod: Date | null; urls: number }>(
    `SELECT min(id) AS first_id, max(updated_at) AS lastmod, count(*)::int AS urls
       FROM (SELECT id, updated_at, (row_number() OVER (ORDER BY id) - 1) / $1 AS page
               FROM businesses WHERE is_approved) numbered
      GROUP BY page ORDER BY page`,
    [businessesPerPage],
  );
  return rows.map((row) => ({ firstId: Number(row.first_id), lastmod: row.lastmod, urls: row.urls }));
}

/** The businesses of one sitemap page: `limit` of them in id order from `firstId`. */
export async function listBusinessSitemapEntries(pool: Pool, page: { firstId: number; limit: number }): Promise<Array<{ slug: string; updatedAt: Date }>> {
  const { rows } = await pool.query<{ slug: string; updated_at: Date }>(
    `SELECT slug, updated_at FROM businesses WHERE is_approved AND id >= $1 ORDER BY id LIMIT $2`,
    [page.firstId, page.limit],
  );
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
}

/** Every category with its newest change, most businesses first (then by slug, so the files are stable). */
export async function listCategorySitemapEntries(pool: Pool): Promise<Array<{ slug: string; lastmod: Date }>> {
  const { rows } = await pool.query<{ slug: string; lastmod: Date }>(
    `SELECT category_slug AS slug, max(updated_at) AS lastmod FROM businesses
      WHERE is_approved AND category_slug IS NOT NULL AND category_slug <> ''
      GROUP BY category_slug ORDER BY count(*) DESC, category_slug`,
  );
  return rows;
}

/** Every (country, city slug) with its business count and newest change, in no particular order. */
export async function listCitySitemapEntries(pool: Pool): Promise<Array<{ countryCode: string; citySlug: string; lastmod: Date; businesses: number }>> {
  const { rows } = await pool.query<{ code: string; slug: string; lastmod: Date; n: number }>(
    `SELECT country_code AS code, city_slug AS slug, max(updated_at) AS lastmod, count(*)::int AS n FROM businesses
      WHERE is_approved AND country_code IS NOT NULL AND city_slug IS NOT NULL AND city_slug <> ''
      GROUP BY country_code, city_slug`,
  );
  return rows.map((row) => ({ countryCode: row.code, citySlug: row.slug, lastmod: row.lastmod, businesses: row.n }));
}

/** Every country code with its newest change, by code. */
export async function listCountrySitemapEntries(pool: Pool): Promise<Array<{ countryCode: string; lastmod: Date }>> {
  const { rows } = await pool.query<{ code: string; lastmod: Date }>(
    `SELECT country_code AS code, max(updated_at) AS lastmod FROM businesses
      WHERE is_approved AND country_code IS NOT NULL GROUP BY country_code ORDER BY country_code`,
  );
  return rows.map((row) => ({ countryCode: row.code, lastmod: row.lastmod }));
}
