/**
 * How the sitemaps are cut into files, shared by the site that writes them (frontend/server/sitemaps.ts)
 * and the admin API that lists them (api/src/services/admin/describe-sitemaps.ts), so the two agree.
 */

/** Businesses per /sitemaps/businesses/page-N.xml (spec §7). */
export const URLS_PER_BUSINESS_SITEMAP = 9_000;

/** The sitemap protocol's limit per file: categories and cities past it continue in {name}/page-N.xml. */
export const MAX_URLS_PER_SITEMAP_FILE = 50_000;

/** Pages of /sitemaps/main.xml whose content follows the data (lastmod: the newest business change). */
export const MAIN_SITEMAP_DATA_PATHS = ['/', '/businesses', '/categories', '/countries', '/cities'] as const;
/** Pages of /sitemaps/main.xml without a date. */
export const MAIN_SITEMAP_UNDATED_PATHS = ['/contact'] as const;
/** Legal pages of /sitemaps/main.xml (lastmod: the date their text took effect). */
export const MAIN_SITEMAP_LEGAL_PATHS = ['/privacy-policy', '/legal-notice', '/terms-of-service', '/cookie-policy'] as const;

/** The site path of file `page` (from 1) of the categories or cities sitemap: page 1 is {name}.xml. */
export function aggregateSitemapPath(name: 'categories' | 'cities', page: number): string {
  return page === 1 ? `/sitemaps/${name}.xml` : `/sitemaps/${name}/page-${page}.xml`;
}
