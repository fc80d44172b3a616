/** Business reads of the visitor API: detail by slug, the paged list, and a city's businesses. */
import type { BusinessDetail, BusinessListItem, BusinessPage } from '../../../../common/api/public.ts';
import { HOME_DOCUMENT_ID, type BusinessDocument, type HomeDocument } from '../../../../common/search-documents.ts';
import { cityPageElsewhere, pageOfCitySlug } from '../../../../common/city-names.ts';
import { routeSlug, citySlug as toCitySlug } from '../../../../common/slug.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import type { Logger } from '../../../../platform/log.ts';
import { AppError } from '../../errors.ts';
import { findCurrentSlug } from '../../repositories/slug-redirects.ts';
import { LIST_ATTRIBUTES, presentBusinessDetail, presentBusinessListItem, type BusinessListDocument } from '../../presenters/public-business.ts';
import { findBusinessInDatabase } from './business-fallback.ts';
import { filterValue, readSearch, uidOf, type SearchReader } from './search-reader.ts';

export const BUSINESSES_PER_PAGE = 20;
export const MAX_BUSINESS_PAGES = 100;

/** The paging fields of every list: totalPages is capped where a list stops (e.g. 100 pages). */
export function pageInfo(options: { page: number; perPage: number; totalCount: number; maxPages?: number }) {
  const pages = Math.ceil(options.totalCount / options.perPage);
  const totalPages = options.maxPages ? Math.min(pages, options.maxPages) : pages;
  return {
    currentPage: options.page,
    totalPages,
    totalCount: options.totalCount,
    hasNextPage: options.page < totalPages,
    hasPrevPage: options.page > 1,
  };
}

export interface BusinessPageOptions {
  filter: string;
  page: number;
  perPage: number;
  sort?: string[];
}

/** The search for a page of approved businesses matching `filter` (placeholder search, best first). */
export function businessPageQuery(options: BusinessPageOptions) {
  return {
    filter: `isApproved = true AND (${options.filter})`,
    sort: options.sort,
    page: options.page,
    hitsPerPage: options.perPage,
    attributesToRetrieve: [...LIST_ATTRIBUTES],
  };
}

export function presentBusinessPage(result: { hits: BusinessListDocument[]; totalHits?: number }): { businesses: BusinessListItem[]; totalCount: number } {
  return { businesses: result.hits.map(presentBusinessListItem), totalCount: result.totalHits ?? 0 };
}

/** A page of approved businesses matching `filter`. */
export async function searchBusinessPage(options: BusinessPageOptions & { reader: SearchReader }): Promise<{ businesses: BusinessListItem[]; totalCount: number }> {
  const result = await readSearch(() => options.reader.index<BusinessListDocument>('businesses').search(null, businessPageQuery(options)));
  return presentBusinessPage(result);
}

/**
 * GET /api/businesses?page=N: newest first, 20 a page, at most 100 pages. The total is the number
 * of approved businesses (the home document's count, so the page needs no exhaustive count).
 */
export async function listBusinessesPage(options: { reader: SearchReader; page: number }): Promise<BusinessPage> {
  const { reader, page } = options;
  // One multi-search: the page, and the home document's totals (the index holds that one document).
  const { results } = await readSearch(() =>
    reader.meili.multiSearch({
      queries: [
        {
          indexUid: uidOf(reader, 'businesses'),
          filter: 'isApproved = true',
          sort: ['createdAt:desc', 'id:desc'],
          offset: (page - 1) * BUSINESSES_PER_PAGE,
          limit: BUSINESSES_PER_PAGE,
          attributesToRetrieve: [...LIST_ATTRIBUTES],
        },
        { indexUid: uidOf(reader, 'home'), limit: 1, attributesToRetrieve: ['id', 'totals'] },
      ],
    }),
  );
  const result = results[0] as unknown as { hits: BusinessListDocument[]; estimatedTotalHits?: number };
  const home = (results[1].hits as unknown as Array<Pick<HomeDocument, 'id' | 'totals'>>).find((document) => document.id === HOME_DOCUMENT_ID);
  const totalCount = home?.totals.businesses ?? result.estimatedTotalHits ?? 0;
  return {
    businesses: result.hits.map(presentBusinessListItem),
    ...pageInfo({ page, perPage: BUSINESSES_PER_PAGE, totalCount, maxPages: MAX_BUSINESS_PAGES }),
  };
}

/**
 * GET /api/businesses/{slug}. Meilisearch first; PostgreSQL when the document is not indexed yet
 * (a business saved a moment ago) or Meilisearch is unreachable, so a detail page never goes dark.
 */
export async function findBusinessBySlug(options: {
  reader: SearchReader;
  prisma: Prisma;
  logger: Logger;
  slug: string;
}): Promise<BusinessDetail> {
  const { reader, prisma, logger, slug } = options;
  // The businesses that share the slug's name and city (its slugBase), or its stored form: offered only
  // when the slug is no business's own (below).
  let fallback: BusinessDetail | null = null;
  try {
    // The spec's client retries with the slug minus its 6-character suffix: that is `slugBase`. A slug
    // typed by hand with accents or in another case is also looked for in its stored form (it then
    // counts as a fallback match, which the page answers with a redirect to the stored slug).
    const forms = [...new Set([slug, routeSlug(slug)])].map(filterValue).join(', ');
    const result = await readSearch(() =>
      reader.index<BusinessDocument>('businesses').search(null, {
        filter: `(slug IN [${forms}] OR slugBase IN [${forms}]) AND isApproved = true`,
        sort: ['reviewCount:desc'],
        limit: 20,
      }),
    );
    const exact = result.hits.find((candidate) => candidate.slug === slug);
    if (exact) return { ...presentBusinessDetail(exact), slugMatches: 1 };
    if (result.hits[0]) fallback = { ...presentBusinessDetail(result.hits[0]), slugMatches: result.hits.length };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'service_unavailable')) throw error;
    logger.warn({ slug }, 'business detail served from PostgreSQL: search unavailable');
  }
  // Before another business is offered under this address, PostgreSQL says whose slug it is.
  const own = await findBusinessInDatabase(prisma, slug);
  if (own.kind === 'approved') return own.detail;
  // A business held for review is not found: never a 301 to another business of the same name and city.
  if (own.kind === 'held') throw businessNotFound(slug, 'not_published');
  // A slug the business was published under before an admin or fix-slugs changed it: answered as a
  // single match under its current slug, which the page turns into a 301 to the new address (before the
  // name-and-city fallback, which would find a namesake while the renamed document is re-indexed).
  const current = await findCurrentSlug(prisma, slug);
  if (current && current !== slug) return { ...(await findBusinessBySlug({ ...options, slug: current })), slugMatches: 1 };
  if (fallback) return fallback;
  throw businessNotFound(slug);
}

function businessNotFound(slug: string, code: 'not_found' | 'not_published' = 'not_found'): AppError {
  return new AppError(code, `Business not found: ${slug.length > 100 ? `${slug.slice(0, 100)}...` : slug}`);
}

/**
 * The businesses of a city named `slug` in any country: under that slug, or under its page's slug in its
 * group's country (a city's names share one page there: Beograd is belgrade in RS, common/city-names.ts).
 */
export function cityNamedFilter(slug: string): string {
  const elsewhere = cityPageElsewhere(slug);
  return elsewhere
    ? `citySlug = ${filterValue(slug)} OR (citySlug = ${filterValue(elsewhere.slug)} AND countryCode = ${filterValue(elsewhere.countryCode)})`
    : `citySlug = ${filterValue(slug)}`;
}

/**
 * GET /api/businesses/city/{city}?limit=6: businesses of a city (name or slug), best rated first.
 * `countryCode` narrows to one country (two cities may share a name); the caller drops its own slug.
 */
export async function listCityBusinesses(options: {
  reader: SearchReader;
  city: string;
  countryCode?: string;
  exclude?: string;
  limit: number;
}): Promise<{ businesses: BusinessListItem[] }> {
  const slug = toCitySlug(options.city);
  if (!slug) return { businesses: [] };
  const filters = [
    options.countryCode
      ? `citySlug = ${filterValue(pageOfCitySlug(slug, options.countryCode))} AND countryCode = ${filterValue(options.countryCode.toUpperCase())}`
      : `(${cityNamedFilter(slug)})`,
  ];
  if (options.exclude) filters.push(`slug != ${filterValue(options.exclude)}`);
  const { businesses } = await searchBusinessPage({
    reader: options.reader,
    filter: filters.join(' AND '),
    page: 1,
    perPage: options.limit,
    sort: ['rating:desc', 'reviewCount:desc'],
  });
  return { businesses };
}
