/**
 * Data access for the sitemaps (frontend/server/sitemaps.ts writes the XML): what each file lists, for
 * approved businesses only. Dedicated SQL, because the files cover the whole table: GROUP BYs for the
 * aggregate pages and an id keyset for businesses (the page boundaries are computed once, then each
 * file is one index range scan), never a full scan per file.
 */
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
