import type { SitemapFileStatus, SitemapsStatus } from '../../../../common/api/admin.ts';
import {
  aggregateSitemapPath,
  MAIN_SITEMAP_DATA_PATHS,
  MAIN_SITEMAP_LEGAL_PATHS,
  MAIN_SITEMAP_UNDATED_PATHS,
  MAX_URLS_PER_SITEMAP_FILE,
  URLS_PER_BUSINESS_SITEMAP,
} from '../../../../common/sitemaps.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { createLogger } from '../../../../platform/log.ts';
import { listBusinessCountGroups } from '../../repositories/business-counts.ts';
import {
  countSitemapAggregates,
  findSitemapAggregateCounts,
  findSitemapTimes,
  findSitemapVersion,
  sitemapVersionKey,
  type SitemapAggregateCounts,
} from '../../repositories/sitemap-entries.ts';

const logger = createLogger('sitemaps');

/**
 * A recount of the category, country and city figures starts at most this long after the previous one,
 * however often the data is published meanwhile (an import publishes every few seconds): the served files
 * themselves follow a publish within 30 s (frontend/server/sitemaps.ts).
 */
export const SITEMAP_RECOUNT_INTERVAL_MS = 30_000;

/** The recount running in this process, per pool: one at a time, whatever the number of callers. */
const recounts = new WeakMap<Pool, Promise<SitemapAggregateCounts>>();

/** The running recount, or a new one; `fresh`: a new one whatever runs (a regenerate wants data read after it). */
function recount(pool: Pool, fresh = false): Promise<SitemapAggregateCounts> {
  let running = recounts.get(pool);
  if (!running || fresh) {
    const started = countSitemapAggregates(pool).finally(() => {
      if (recounts.get(pool) === started) recounts.delete(pool);
    });
    recounts.set(pool, started);
    running = started;
  }
  return running;
}

/** The files of a categories or cities sitemap holding `count` URLs: at least one, 50,000 URLs each. */
function aggregateFiles(kind: 'categories' | 'cities', count: number): Array<Omit<SitemapFileStatus, 'url'>> {
  const files = Math.max(1, Math.ceil(count / MAX_URLS_PER_SITEMAP_FILE));
  return Array.from({ length: files }, (_, index) => ({
    kind,
    path: aggregateSitemapPath(kind, index + 1),
    urls: Math.min(MAX_URLS_PER_SITEMAP_FILE, count - index * MAX_URLS_PER_SITEMAP_FILE),
  }));
}

/** The business files holding `approved` businesses, `perFile` each (the files' id keyset cuts them so). */
function businessFiles(approved: number, perFile: number): Array<Omit<SitemapFileStatus, 'url'>> {
  return Array.from({ length: Math.ceil(approved / perFile) }, (_, index) => ({
    kind: 'businesses' as const,
    path: `/sitemaps/businesses/page-${index + 1}.xml`,
    urls: Math.min(perFile, approved - index * perFile),
  }));
}

/**
 * GET /api/admin/sitemaps: every file /sitemap.xml lists, with the number of URLs in it, in milliseconds
 * at a million businesses (no scan of `businesses`):
 * - the business files from the approved total that triggers keep exact in business_count_deltas
 *   (repositories/business-counts.ts): the files cut the approved businesses in id order into pages of
 *   9,000, so the count fixes every file's size;
 * - the categories, countries and cities files from sitemap_counts, counted by one grouped scan
 *   (countSitemapAggregates) with the files' own filters and city-name merging. Those figures are as of
 *   `countedAt`; once the sitemap version moved (a publish, a regenerate, a cache clear) they may be
 *   behind (`countsCurrent: false`), and a recount starts in the background, at most one per 30 s
 *   (SITEMAP_RECOUNT_INTERVAL_MS), so a later call answers them current. A regenerate (`recount: true`)
 *   and the very first call count before answering.
 */
export async function describeSitemaps(options: { pool: Pool; publicUrl: string; recount?: boolean }): Promise<SitemapsStatus> {
  const { pool, publicUrl } = options;
  const [groups, stored, version, times] = await Promise.all([
    listBusinessCountGroups(pool),
    options.recount ? null : findSitemapAggregateCounts(pool),
    findSitemapVersion(pool),
    findSitemapTimes(pool),
  ]);
  const counts = options.recount ? await recount(pool, true) : (stored ?? (await recount(pool)));
  const countsCurrent = counts.version === sitemapVersionKey(version);
  if (!countsCurrent && stored && stored.ageMs >= SITEMAP_RECOUNT_INTERVAL_MS) {
    recount(pool).catch((error: unknown) => logger.error({ error: String(error) }, 'sitemap recount failed'));
  }
  const approved = groups.reduce((sum, group) => sum + (group.isApproved ? group.businesses : 0), 0);
  const listed: Array<Omit<SitemapFileStatus, 'url'>> = [
    { kind: 'main', path: '/sitemaps/main.xml', urls: MAIN_SITEMAP_DATA_PATHS.length + MAIN_SITEMAP_UNDATED_PATHS.length + MAIN_SITEMAP_LEGAL_PATHS.length },
    ...aggregateFiles('categories', counts.categories),
    { kind: 'countries', path: '/sitemaps/countries.xml', urls: counts.countries },
    ...aggregateFiles('cities', counts.cityPages),
    ...businessFiles(approved, URLS_PER_BUSINESS_SITEMAP),
  ];
  const files = [{ kind: 'index' as const, path: '/sitemap.xml', urls: listed.length }, ...listed].map((file) => ({ ...file, url: publicUrl + file.path }));
  return {
    files,
    totalUrls: listed.reduce((sum, file) => sum + file.urls, 0),
    businessesPerFile: URLS_PER_BUSINESS_SITEMAP,
    generatedAt: times.dueSince?.toISOString() ?? null,
    lastRegeneratedAt: times.lastRegeneratedAt?.toISOString() ?? null,
    countedAt: counts.countedAt.toISOString(),
    countsCurrent,
  };
}
