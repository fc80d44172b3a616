/**
 * Category, country and city reads. Lists and counts come from the small aggregate indexes the
 * indexer precomputes; the business pages under a category or city are one filtered placeholder
 * search. Nothing here counts or groups at request time.
 */
import type {
  CategorySummary,
  CategoryDetail,
  CityDetail,
  CitySummary,
  CountryDetail,
  CountrySummary,
} from '../../../../common/api/public.ts';
import { pageOfCitySlug } from '../../../../common/city-names.ts';
import { countryCodeFrom, countryName } from '../../../../common/countries.ts';
import { routeSlug } from '../../../../common/slug.ts';
import type { CategoryDocument, CityDocument, CountryDocument } from '../../../../common/search-documents.ts';
import { AppError } from '../../errors.ts';
import {
  presentCategoryCount,
  presentCategorySummary,
  presentCitySummary,
  presentCityCount,
  presentCountryCount,
  presentCountrySummary,
} from '../../presenters/public-aggregates.ts';
import { businessPageQuery, pageInfo, presentBusinessPage, type BusinessPageOptions } from './businesses.ts';
import { filterValue, readSearch, uidOf, type SearchReader } from './search-reader.ts';

/** Every aggregate list is small (hundreds to tens of thousands); one read returns it whole. */
const WHOLE_LIST = 1_000_000;
/** The pages under a category or city stop where Meilisearch's maxTotalHits does. */
const MAX_PAGE_HITS = 1_000_000;

/**
 * An aggregate document (the page's header: name, counts, top lists) and a page of its businesses in
 * one multi-search: one round trip to Meilisearch instead of two.
 */
async function readDetailWithBusinesses<T extends object>(
  reader: SearchReader,
  kind: 'categories' | 'cities',
  filter: string,
  businesses: BusinessPageOptions,
): Promise<{ found: T | undefined; list: ReturnType<typeof presentBusinessPage> }> {
  const { results } = await readSearch(() =>
    reader.meili.multiSearch({
      queries: [
        { indexUid: uidOf(reader, kind), filter, limit: 1 },
        { indexUid: uidOf(reader, 'businesses'), ...businessPageQuery(businesses) },
      ],
    }),
  );
  // The documents are the indexer's shapes (common/search-documents.ts).
  return { found: results[0].hits[0] as T | undefined, list: presentBusinessPage(results[1] as unknown as Parameters<typeof presentBusinessPage>[0]) };
}

/**
 * A whole aggregate index, sorted here. The documents endpoint is used instead of a placeholder search:
 * measured on Meilisearch 1.21, an unfiltered sorted search over even 40 documents costs hundreds of
 * ms under load while the documents read costs about a millisecond (the list is cached per version).
 */
async function readWholeIndex<T extends object>(reader: SearchReader, kind: 'categories' | 'countries' | 'cities', fields: Array<keyof T & string>): Promise<T[]> {
  const all: T[] = [];
  const pageSize = 10_000;
  for (let offset = 0; ; offset += pageSize) {
    const page = await readSearch(() => reader.index(kind).getDocuments({ offset, limit: pageSize, fields: fields as string[] }));
    // The documents are the indexer's (common/search-documents.ts) shapes.
    all.push(...(page.results as T[]));
    if (page.results.length < pageSize || all.length >= page.total) return all;
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function clampPage(page: number, perPage: number): number {
  return Math.min(page, Math.max(1, Math.floor(MAX_PAGE_HITS / perPage)));
}

/** GET /api/categories[?letter=X], most businesses first. */
export async function listCategories(options: { reader: SearchReader; letter?: string }): Promise<CategorySummary[]> {
  if (!options.letter) {
    const all = await readWholeIndex<CategoryDocument>(options.reader, 'categories', ['category', 'slug', 'count', 'averageRating']);
    return all.sort((a, b) => b.count - a.count || byText(a.category, b.category)).map(presentCategorySummary);
  }
  const result = await readSearch(() =>
    options.reader.index<CategoryDocument>('categories').search(null, {
      filter: `letter = ${filterValue(options.letter!)}`,
      sort: ['count:desc', 'category:asc'],
      limit: WHOLE_LIST,
      attributesToRetrieve: ['category', 'slug', 'count', 'averageRating'],
    }),
  );
  return result.hits.map(presentCategorySummary);
}

/** GET /api/categories/{slug}?page&limit: counts, top countries and a page of its businesses. */
export async function getCategoryDetail(options: { reader: SearchReader; slug: string; page: number; limit: number }): Promise<CategoryDetail> {
  const { reader, limit } = options;
  const slug = routeSlug(options.slug);
  const page = clampPage(options.page, limit);
  const { found: category, list } = await readDetailWithBusinesses<CategoryDocument>(reader, 'categories', `slug = ${filterValue(slug)}`, {
    filter: `categorySlug = ${filterValue(slug)}`,
    page,
    perPage: limit,
    sort: ['rating:desc', 'reviewCount:desc'],
  });
  if (!category) throw new AppError('not_found', 'Category not found');
  return {
    category: category.category,
    slug: category.slug,
    businessCount: category.count,
    countryCount: category.countryCount,
    topCountries: category.topCountries.map(presentCountryCount),
    businesses: list.businesses,
    ...pageInfo({ page, perPage: limit, totalCount: list.totalCount }),
  };
}

/** GET /api/countries, most businesses first. */
export async function listCountries(options: { reader: SearchReader }): Promise<CountrySummary[]> {
  const all = await readWholeIndex<CountryDocument>(options.reader, 'countries', ['country', 'countryCode', 'slug', 'businessCount', 'cityCount', 'categoryCount']);
  return all.sort((a, b) => b.businessCount - a.businessCount || byText(a.country, b.country)).map(presentCountrySummary);
}

/**
 * GET /api/countries/{slug}: by the country's route slug, by its ISO code, or by a name of it in another
 * language (/countries/deutschland, /countries/россия: the page then names /countries/germany canonical).
 */
export async function getCountryDetail(options: { reader: SearchReader; slug: string }): Promise<CountryDetail> {
  const slug = routeSlug(options.slug);
  const code = /^[a-z]{2}$/.test(slug) ? slug.toUpperCase() : countryCodeFrom(options.slug);
  const filter = code ? `slug = ${filterValue(slug)} OR countryCode = ${filterValue(code)}` : `slug = ${filterValue(slug)}`;
  const result = await readSearch(() => options.reader.index<CountryDocument>('countries').search(null, { filter, limit: 2 }));
  const country = result.hits.find((hit) => hit.slug === slug) ?? result.hits[0];
  if (!country) throw new AppError('not_found', 'Country not found');
  return {
    ...presentCountrySummary(country),
    topCities: country.topCities.map(presentCityCount),
    topCategories: country.topCategories.map(presentCategoryCount),
  };
}

/** GET /api/cities[?letter=X][&countryCode=CC], most businesses first. */
export async function listCities(options: { reader: SearchReader; letter?: string; countryCode?: string }): Promise<CitySummary[]> {
  const fields: Array<keyof CityDocument & string> = ['city', 'citySlug', 'countryCode', 'country', 'businessCount', 'categoryCount'];
  const filters: string[] = [];
  if (options.letter) filters.push(`letter = ${filterValue(options.letter)}`);
  if (options.countryCode) filters.push(`countryCode = ${filterValue(options.countryCode.toUpperCase())}`);
  if (filters.length === 0) {
    const all = await readWholeIndex<CityDocument>(options.reader, 'cities', fields);
    return all.sort((a, b) => b.businessCount - a.businessCount || byText(a.city, b.city)).map(presentCitySummary);
  }
  const result = await readSearch(() =>
    options.reader.index<CityDocument>('cities').search(null, {
      filter: filters.join(' AND '),
      sort: ['businessCount:desc', 'city:asc'],
      limit: WHOLE_LIST,
      attributesToRetrieve: fields,
    }),
  );
  return result.hits.map(presentCitySummary);
}

/** GET /api/cities/{countryCode}/{citySlug}?page&limit */
export async function getCityDetail(options: {
  reader: SearchReader;
  countryCode: string;
  citySlug: string;
  page: number;
  limit: number;
}): Promise<CityDetail> {
  const { reader, limit } = options;
  const countryCode = options.countryCode.toUpperCase();
  // Another name of a city with one page (/cities/rs/beograd): that page, whose slug the answer carries.
  const citySlug = pageOfCitySlug(routeSlug(options.citySlug), countryCode);
  const page = clampPage(options.page, limit);
  const inCity = `countryCode = ${filterValue(countryCode)} AND citySlug = ${filterValue(citySlug)}`;
  const { found: city, list } = await readDetailWithBusinesses<CityDocument>(reader, 'cities', inCity, {
    filter: inCity,
    page,
    perPage: limit,
    sort: ['rating:desc', 'reviewCount:desc'],
  });
  if (!city) throw new AppError('not_found', 'City not found');
  return {
    city: city.city,
    slug: city.citySlug,
    country: countryName(city.countryCode),
    countryCode: city.countryCode,
    businessCount: city.businessCount,
    categoryCount: city.categoryCount,
    topCategories: city.topCategories.map(presentCategoryCount),
    businesses: list.businesses,
    ...pageInfo({ page, perPage: limit, totalCount: list.totalCount }),
  };
}
