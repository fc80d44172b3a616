/**
 * /sitemap.xml (an index) and /sitemaps/{main,categories,countries,cities}.xml and
 * /sitemaps/businesses/page-N.xml (9,000 URLs each), with lastmod from the data. A sitemap file may
 * hold at most 50,000 URLs: categories and cities past that continue in
 * /sitemaps/{categories,cities}/page-N.xml (N >= 2), listed in the index, so no city page is left out.
 *
 * What each file lists comes from api/src/repositories/sitemap-entries.ts (GROUP BYs and an id keyset,
 * never a full scan per request); this file only writes the XML. Generated XML is cached in memory,
 * with its gzip form made once (a business file is ~1.2 MB of XML, ~10% of that gzipped) and an ETag,
 * and dropped
 * - when the indexer publishes (its indexer_state row moves after every import or rebuild), checked at
 *   most every 30 seconds so a long import does not rebuild the files every second, and
 * - at once when an admin regenerates the sitemaps or clears the caches (POST /api/admin/sitemaps/regenerate,
 *   /api/admin/clear-cache, on any API process): both are rows in PostgreSQL, read at every sitemap request
 *   (one tiny query), so every process serves fresh files from its next request on.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import express from 'express';
import { prefersGzip } from '../../platform/http/accept-encoding.ts';
import type { Pool } from '../../platform/db/pool.ts';
import { pageOfCitySlug } from '../../common/city-names.ts';
import { countrySlug } from '../../common/countries.ts';
import {
  findSitemapVersion,
  listBusinessSitemapEntries,
  listBusinessSitemapPages,
  listCategorySitemapEntries,
  listCitySitemapEntries,
  listCountrySitemapEntries,
  type BusinessSitemapPage,
  type SitemapVersion,
} from '../../api/src/repositories/sitemap-entries.ts';
import {
  aggregateSitemapPath,
  MAIN_SITEMAP_DATA_PATHS,
  MAIN_SITEMAP_LEGAL_PATHS,
  MAIN_SITEMAP_UNDATED_PATHS,
  MAX_URLS_PER_SITEMAP_FILE,
  URLS_PER_BUSINESS_SITEMAP,
} from '../../common/sitemaps.ts';
import { LEGAL_DATE_ISO } from '../src/lib/legal-date.ts';

const VERSION_CHECK_MS = 30_000;
const LEGAL_DATE = new Date(`${LEGAL_DATE_ISO}T00:00:00Z`);

const gzipAsync = promisify(gzip);

/** A generated sitemap file as served: its bytes, their gzip form and an ETag. */
interface SitemapFile {
  xml: Buffer;
  gzipped: Buffer;
  etag: string;
}

async function sitemapFile(xml: string): Promise<SitemapFile> {
  const bytes = Buffer.from(xml);
  return { xml: bytes, gzipped: await gzipAsync(bytes, { level: 9 }), etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

type AggregateName = 'categories' | 'cities';
type Entry = { loc: string; lastmod?: Date | null };

function urlset(entries: Entry[]): string {
  const body = entries
    .map((entry) => `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function newestOf(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);
}

function sitemapIndex(entries: Entry[]): string {
  const body = entries
    .map((entry) => `<sitemap><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export function createSitemapRouter(options: {
  pool: Pool;
  publicUrl: string;
  urlsPerFile?: number;
  /** URLs per categories/cities file (the protocol's 50,000; smaller in tests). */
  aggregateUrlsPerFile?: number;
  versionCheckMs?: number;
}): express.Router {
  const { pool, publicUrl } = options;
  const versionCheckMs = options.versionCheckMs ?? VERSION_CHECK_MS;
  const urlsPerFile = options.urlsPerFile ?? URLS_PER_BUSINESS_SITEMAP;
  const aggregateUrlsPerFile = options.aggregateUrlsPerFile ?? MAX_URLS_PER_SITEMAP_FILE;
  const router = express.Router();
  const cache = new Map<string, Promise<SitemapFile | null>>();
  let boundaries: Promise<BusinessSitemapPage[]> | null = null;
  const aggregateLists = new Map<AggregateName, Promise<Entry[]>>();
  let version: SitemapVersion = { published: '', requested: '' };
  let publishCheckedAt = 0;

  async function ensureFresh(): Promise<void> {
    const next = await findSitemapVersion(pool);
    const isPublishCheckDue = Date.now() - publishCheckedAt >= versionCheckMs;
    if (next.requested !== version.requested || (isPublishCheckDue && next.published !== version.published)) {
      version = next;
      cache.clear();
      aggregateLists.clear();
      boundaries = null;
    }
    if (isPublishCheckDue) publishCheckedAt = Date.now();
  }

  /** First id of every 9,000-row page, and each page's newest updated_at. */
  function businessPages(): Promise<BusinessSitemapPage[]> {
    boundaries ??= listBusinessSitemapPages(pool, urlsPerFile);
    return boundaries;
  }

  /** Every category or city URL, most businesses first (name as the tie-break, so the files are stable). */
  function aggregateEntries(name: AggregateName): Promise<Entry[]> {
    let list = aggregateLists.get(name);
    if (!list) {
      list =
        name === 'categories'
          ? listCategorySitemapEntries(pool).then((rows) => rows.map((row) => ({ loc: `${publicUrl}/categories/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod })))
          : listCitySitemapEntries(pool).then((rows) => cityEntries(publicUrl, rows));
      aggregateLists.set(name, list);
      list.catch(() => aggregateLists.delete(name));
    }
    return list;
  }

  /** File N (from 1) of the categories or cities sitemap; null past the last one. */
  async function aggregatePage(name: AggregateName, page: number): Promise<string | null> {
    const entries = await aggregateEntries(name);
    const slice = entries.slice((page - 1) * aggregateUrlsPerFile, page * aggregateUrlsPerFile);
    if (page > 1 && slice.length === 0) return null;
    return urlset(slice);
  }

  /** The index entries of the categories or cities sitemap: page 1 is {name}.xml, then {name}/page-N.xml. */
  async function aggregateFiles(name: AggregateName): Promise<Entry[]> {
    const entries = await aggregateEntries(name);
    const files = Math.max(1, Math.ceil(entries.length / aggregateUrlsPerFile));
    return Array.from({ length: files }, (_, index) => ({
      loc: publicUrl + aggregateSitemapPath(name, index + 1),
      lastmod: newestOf(entries.slice(index * aggregateUrlsPerFile, (index + 1) * aggregateUrlsPerFile).map((entry) => entry.lastmod ?? null)),
    }));
  }

  const builders: Record<string, () => Promise<string | null>> = {
    index: async () => {
      const [pages, categoryFiles, cityFiles] = await Promise.all([businessPages(), aggregateFiles('categories'), aggregateFiles('cities')]);
      const newest = newestOf(pages.map((page) => page.lastmod));
      return sitemapIndex([
        { loc: `${publicUrl}/sitemaps/main.xml`, lastmod: newest },
        ...categoryFiles,
        { loc: `${publicUrl}/sitemaps/countries.xml`, lastmod: newest },
        ...cityFiles,
        ...pages.map((page, index) => ({ loc: `${publicUrl}/sitemaps/businesses/page-${index + 1}.xml`, lastmod: page.lastmod })),
      ]);
    },
    main: async () => {
      const newest = newestOf((await businessPages()).map((page) => page.lastmod));
      return urlset([
        ...MAIN_SITEMAP_DATA_PATHS.map((path) => ({ loc: publicUrl + path, lastmod: newest })),
        ...MAIN_SITEMAP_UNDATED_PATHS.map((path) => ({ loc: publicUrl + path })),
        ...MAIN_SITEMAP_LEGAL_PATHS.map((path) => ({ loc: publicUrl + path, lastmod: LEGAL_DATE })),
      ]);
    },
    countries: async () => {
      const rows = await listCountrySitemapEntries(pool);
      return urlset(rows.map((row) => ({ loc: `${publicUrl}/countries/${encodeURIComponent(countrySlug(row.countryCode))}`, lastmod: row.lastmod })));
    },
    categories: () => aggregatePage('categories', 1),
    cities: () => aggregatePage('cities', 1),
  };

  async function businessPage(page: number): Promise<string | null> {
    const found = (await businessPages())[page - 1];
    if (found === undefined) return null;
    const rows = await listBusinessSitemapEntries(pool, { firstId: found.firstId, limit: urlsPerFile });
    return urlset(rows.map((row) => ({ loc: `${publicUrl}/business/${encodeURIComponent(row.slug)}`, lastmod: row.updatedAt })));
  }

  /** Sends the file, or hands a file past the last one to the site's 404 page (`next`). */
  async function serve(req: express.Request, res: express.Response, next: express.NextFunction, key: string, build: () => Promise<string | null>): Promise<void> {
    await ensureFresh();
    let pending = cache.get(key);
    if (!pending) {
      pending = build().then((xml) => (xml === null ? null : sitemapFile(xml)));
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    const file = await pending;
    if (file === null) return next();
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').vary('Accept-Encoding').set('ETag', file.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    if (prefersGzip(req.headers['accept-encoding'])) res.set('Content-Encoding', 'gzip').send(file.gzipped);
    else res.send(file.xml);
  }

  router.get('/sitemap.xml', (req, res, next) => void serve(req, res, next, 'index', builders.index).catch(next));
  router.get('/sitemaps/:name.xml', (req, res, next) => {
    const build = builders[req.params.name];
    if (!build || req.params.name === 'index') return next();
    void serve(req, res, next, req.params.name, build).catch(next);
  });
  router.get('/sitemaps/businesses/page-:page.xml', (req, res, next) => {
    const page = Number(req.params.page);
    if (!Number.isInteger(page) || page < 1) return next();
    void serve(req, res, next, `businesses-${page}`, () => businessPage(page)).catch(next);
  });
  // Page 1 of these is {name}.xml: page-1.xml is not a second address for it.
  router.get('/sitemaps/:name/page-:page.xml', (req, res, next) => {
    const name = req.params.name;
    const page = Number(req.params.page);
    if ((name !== 'categories' && name !== 'cities') || !Number.isInteger(page) || page < 2) return next();
    void serve(req, res, next, `${name}-${page}`, () => aggregatePage(name, page)).catch(next);
  });
  return router;
}

/**
 * One URL per city page: a city's names in one country share a page (Beograd and Belgrade, RS:
 * common/city-names.ts), counted and dated together. Most businesses first, then by country and slug.
 */
function cityEntries(publicUrl: string, rows: Array<{ countryCode: string; citySlug: string; lastmod: Date; businesses: number }>): Entry[] {
  const pages = new Map<string, { code: string; slug: string; lastmod: Date; n: number }>();
  for (const row of rows) {
    const slug = pageOfCitySlug(row.citySlug, row.countryCode);
    const key = `${row.countryCode}|${slug}`;
    const page = pages.get(key);
    if (!page) pages.set(key, { code: row.countryCode, slug, lastmod: row.lastmod, n: row.businesses });
    else {
      page.n += row.businesses;
      if (row.lastmod > page.lastmod) page.lastmod = row.lastmod;
    }
  }
  return [...pages.values()]
    .sort((a, b) => b.n - a.n || (a.code < b.code ? -1 : a.code > b.code ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .map((page) => ({ loc: `${publicUrl}/cities/${page.code.toLowerCase()}/${encodeURIComponent(page.slug)}`, lastmod: page.lastmod }));
}
