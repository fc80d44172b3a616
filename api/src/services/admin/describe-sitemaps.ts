import type { SitemapFileStatus, SitemapsStatus } from '../../../../common/api/admin.ts';
import { pageOfCitySlug } from '../../../../common/city-names.ts';
import {
  aggregateSitemapPath,
  MAIN_SITEMAP_DATA_PATHS,
  MAIN_SITEMAP_LEGAL_PATHS,
  MAIN_SITEMAP_UNDATED_PATHS,
  MAX_URLS_PER_SITEMAP_FILE,
  URLS_PER_BUSINESS_SITEMAP,
} from '../../../../common/sitemaps.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import {
  findSitemapTimes,
  listBusinessSitemapPages,
  listCategorySitemapEntries,
  listCitySitemapEntries,
  listCountrySitemapEntries,
} from '../../repositories/sitemap-entries.ts';

/** The files of a categories or cities sitemap holding `count` URLs: at least one, 50,000 URLs each. */
function aggregateFiles(kind: 'categories' | 'cities', count: number): Array<Omit<SitemapFileStatus, 'url'>> {
  const files = Math.max(1, Math.ceil(count / MAX_URLS_PER_SITEMAP_FILE));
  return Array.from({ length: files }, (_, index) => ({
    kind,
    path: aggregateSitemapPath(kind, index + 1),
    urls: Math.min(MAX_URLS_PER_SITEMAP_FILE, count - index * MAX_URLS_PER_SITEMAP_FILE),
  }));
}

/**
 * GET /api/admin/sitemaps: every file /sitemap.xml lists, with the number of URLs in it, counted by the
 * same queries the files are written from (repositories/sitemap-entries.ts), so the panel shows what a
 * crawler gets. The city count merges a city's names in one country into one page, as the files do.
 */
export async function describeSitemaps(options: { pool: Pool; publicUrl: string }): Promise<SitemapsStatus> {
  const { pool, publicUrl } = options;
  const [businessPages, categories, cities, countries, times] = await Promise.all([
    listBusinessSitemapPages(pool, URLS_PER_BUSINESS_SITEMAP),
    listCategorySitemapEntries(pool),
    listCitySitemapEntries(pool),
    listCountrySitemapEntries(pool),
    findSitemapTimes(pool),
  ]);
  const cityPages = new Set(cities.map((row) => `${row.countryCode}|${pageOfCitySlug(row.citySlug, row.countryCode)}`)).size;
  const listed: Array<Omit<SitemapFileStatus, 'url'>> = [
    { kind: 'main', path: '/sitemaps/main.xml', urls: MAIN_SITEMAP_DATA_PATHS.length + MAIN_SITEMAP_UNDATED_PATHS.length + MAIN_SITEMAP_LEGAL_PATHS.length },
    ...aggregateFiles('categories', categories.length),
    { kind: 'countries', path: '/sitemaps/countries.xml', urls: countries.length },
    ...aggregateFiles('cities', cityPages),
    ...businessPages.map((page, index) => ({ kind: 'businesses' as const, path: `/sitemaps/businesses/page-${index + 1}.xml`, urls: page.urls })),
  ];
  const files = [{ kind: 'index' as const, path: '/sitemap.xml', urls: listed.length }, ...listed].map((file) => ({ ...file, url: publicUrl + file.path }));
  return {
    files,
    totalUrls: listed.reduce((sum, file) => sum + file.urls, 0),
    businessesPerFile: URLS_PER_BUSINESS_SITEMAP,
    generatedAt: times.dueSince?.toISOString() ?? null,
    lastRegeneratedAt: times.lastRegeneratedAt?.toISOString() ?? null,
  };
}
