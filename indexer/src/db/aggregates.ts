/**
 * The aggregate documents (categories, countries, cities, home) computed with SQL GROUP BY over
 * approved businesses. Three grouped scans plus two tiny queries; the per-group fan-out (top lists,
 * distinct counts) happens here in memory, over at most a few hundred thousand group rows.
 */
import type { Pool } from '../../../platform/db/pool.ts';
import { displayAddress } from '../../../common/address.ts';
import { namesOfCityPage, pageOfCitySlug } from '../../../common/city-names.ts';
import { countryName, countrySlug, isCountryCode } from '../../../common/countries.ts';
import {
  HOME_DOCUMENT_ID,
  TOP_LIMITS,
  categoryDocumentId,
  cityDocumentId,
  letterOf,
  type CategoryCount,
  type CategoryDocument,
  type CityCount,
  type CityDocument,
  type CountryCount,
  type CountryDocument,
  type FeaturedBusiness,
  type HomeDocument,
} from '../../../common/search-documents.ts';

/** What the featured cards' address is made of when the file gave no full address. */
interface AddressColumns {
  street: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country_code: string | null;
}

export interface AggregateDocuments {
  categories: CategoryDocument[];
  countries: CountryDocument[];
  cities: CityDocument[];
  home: HomeDocument;
}

interface GroupRow {
  country_code: string | null;
  city_slug: string | null;
  category_slug: string | null;
  n: number;
  /** Sum and number of the ratings above 0 (an export's 0 is "no rating"). */
  rating_sum: number;
  rated: number;
}

const byCountThenName = <T extends { count: number }>(name: (item: T) => string) => (a: T, b: T) =>
  b.count - a.count || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

function increment<K>(map: Map<K, number>, key: K, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Computes every aggregate document from PostgreSQL (approved businesses only). */
export async function computeAggregates(pool: Pool, now = new Date()): Promise<AggregateDocuments> {
  const [groups, categoryNames, cityNames, featured, totals] = await Promise.all([
    pool.query<GroupRow>(`
      SELECT country_code, NULLIF(city_slug, '') AS city_slug, NULLIF(category_slug, '') AS category_slug, count(*)::int AS n,
        coalesce(sum(rating) FILTER (WHERE rating > 0), 0)::float8 AS rating_sum, (count(*) FILTER (WHERE rating > 0))::int AS rated
      FROM businesses WHERE is_approved GROUP BY 1, 2, 3`),
    pool.query<{ slug: string; name: string }>(`
      SELECT category_slug AS slug, mode() WITHIN GROUP (ORDER BY category) AS name
      FROM businesses WHERE is_approved AND category_slug <> '' AND category IS NOT NULL GROUP BY 1`),
    pool.query<{ country_code: string; slug: string; name: string; n: number }>(`
      SELECT country_code, city_slug AS slug, mode() WITHIN GROUP (ORDER BY city) AS name, count(*)::int AS n
      FROM businesses WHERE is_approved AND city_slug <> '' AND city IS NOT NULL AND country_code IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`),
    pool.query<FeaturedBusiness & AddressColumns>(`
      SELECT id, slug, name, photo AS image_url, rating, type, category, full_address, phone, review_count,
        street, postal_code, city, state, country_code
      FROM businesses WHERE is_approved AND (business_status IS NULL OR business_status = 'OPERATIONAL')
      ORDER BY (photo IS NOT NULL AND photo <> '') DESC, rating DESC NULLS LAST, review_count DESC, id
      LIMIT ${TOP_LIMITS.home}`),
    pool.query<{ all: number; approved: number }>(`
      SELECT count(*)::int AS all, (count(*) FILTER (WHERE is_approved))::int AS approved FROM businesses`),
  ]);

  const categoryName = new Map(categoryNames.rows.map((row) => [row.slug, row.name]));
  // A city's names in one country are one city (Belgrade and Beograd: common/city-names.ts), named as
  // most of its businesses name it (on a tie, as its page's slug does).
  const cityKeyOf = (code: string, slug: string) => `${code}|${pageOfCitySlug(slug, code)}`;
  const cityName = new Map<string, string>();
  const namedBy = new Map<string, { n: number; isPageSlug: boolean }>();
  for (const row of cityNames.rows) {
    const key = cityKeyOf(row.country_code, row.slug);
    const best = namedBy.get(key);
    const isPageSlug = key === `${row.country_code}|${row.slug}`;
    if (!best || row.n > best.n || (row.n === best.n && isPageSlug)) {
      cityName.set(key, row.name);
      namedBy.set(key, { n: row.n, isPageSlug });
    }
  }

  const categories = new Map<string, { count: number; ratingSum: number; rated: number; countries: Map<string, number>; cities: Set<string> }>();
  const countries = new Map<string, { count: number; cities: Map<string, number>; categories: Map<string, number> }>();
  const cities = new Map<string, { countryCode: string; slug: string; count: number; categories: Map<string, number> }>();

  for (const row of groups.rows) {
    const code = row.country_code && isCountryCode(row.country_code) ? row.country_code : null;
    let cityKey = code && row.city_slug ? cityKeyOf(code, row.city_slug) : null;
    if (cityKey && !cityName.has(cityKey)) cityKey = null;
    const category = row.category_slug && categoryName.has(row.category_slug) ? row.category_slug : null;
    if (category) {
      let entry = categories.get(category);
      if (!entry) categories.set(category, (entry = { count: 0, ratingSum: 0, rated: 0, countries: new Map(), cities: new Set() }));
      entry.count += row.n;
      entry.ratingSum += row.rating_sum;
      entry.rated += row.rated;
      if (code) increment(entry.countries, code, row.n);
      if (cityKey) entry.cities.add(cityKey);
    }
    if (code) {
      let entry = countries.get(code);
      if (!entry) countries.set(code, (entry = { count: 0, cities: new Map(), categories: new Map() }));
      entry.count += row.n;
      if (cityKey) increment(entry.cities, cityKey, row.n);
      if (category) increment(entry.categories, category, row.n);
    }
    if (cityKey) {
      let entry = cities.get(cityKey);
      if (!entry) cities.set(cityKey, (entry = { countryCode: code!, slug: pageOfCitySlug(row.city_slug!, code!), count: 0, categories: new Map() }));
      entry.count += row.n;
      if (category) increment(entry.categories, category, row.n);
    }
  }

  const categoryCounts = (map: Map<string, number>, limit: number): CategoryCount[] =>
    [...map]
      .map(([slug, count]) => ({ category: categoryName.get(slug)!, slug, count }))
      // Ties in the order of the lists (/api/categories): by name, so a top list is the list's head.
      .sort(byCountThenName((item) => item.category))
      .slice(0, limit);
  const cityCounts = (map: Map<string, number>, limit: number): CityCount[] =>
    [...map]
      .map(([key, count]) => {
        const [countryCode, citySlug] = key.split('|');
        return { city: cityName.get(key)!, citySlug, countryCode, count };
      })
      .sort(byCountThenName((item) => `${item.city}|${item.countryCode}`))
      .slice(0, limit);
  const countryCounts = (map: Map<string, number>, limit: number): CountryCount[] =>
    [...map]
      .map(([code, count]) => ({ country: countryName(code), countryCode: code, slug: countrySlug(code), count }))
      .sort(byCountThenName((item) => item.country))
      .slice(0, limit);

  const categoryDocuments: CategoryDocument[] = [...categories].map(([slug, entry]) => ({
    id: categoryDocumentId(slug),
    category: categoryName.get(slug)!,
    slug,
    count: entry.count,
    countryCount: entry.countries.size,
    cityCount: entry.cities.size,
    averageRating: entry.rated ? Math.round((entry.ratingSum / entry.rated) * 10) / 10 : null,
    letter: letterOf(categoryName.get(slug)),
    topCountries: countryCounts(entry.countries, TOP_LIMITS.categoryTopCountries),
  }));
  const countryDocuments: CountryDocument[] = [...countries].map(([code, entry]) => ({
    id: code,
    country: countryName(code),
    countryCode: code,
    slug: countrySlug(code),
    businessCount: entry.count,
    cityCount: entry.cities.size,
    categoryCount: entry.categories.size,
    letter: letterOf(countryName(code)),
    topCities: cityCounts(entry.cities, TOP_LIMITS.countryTopCities),
    topCategories: categoryCounts(entry.categories, TOP_LIMITS.countryTopCategories),
  }));
  const cityDocuments: CityDocument[] = [...cities].map(([key, entry]) => ({
    id: cityDocumentId(entry.countryCode, entry.slug),
    city: cityName.get(key)!,
    citySlug: entry.slug,
    otherNames: namesOfCityPage(entry.slug, entry.countryCode).filter((name) => name !== cityName.get(key)),
    countryCode: entry.countryCode,
    country: countryName(entry.countryCode),
    countrySlug: countrySlug(entry.countryCode),
    businessCount: entry.count,
    categoryCount: entry.categories.size,
    letter: letterOf(cityName.get(key)),
    topCategories: categoryCounts(entry.categories, TOP_LIMITS.cityTopCategories),
  }));

  const home: HomeDocument = {
    id: HOME_DOCUMENT_ID,
    popularSearches: categoryCounts(new Map([...categories].map(([slug, entry]) => [slug, entry.count])), TOP_LIMITS.home),
    topCities: cityCounts(new Map([...cities].map(([key, entry]) => [key, entry.count])), TOP_LIMITS.home),
    topCountries: countryCounts(new Map([...countries].map(([code, entry]) => [code, entry.count])), TOP_LIMITS.home).map(
      ({ country, countryCode, slug, count }) => ({ country, countryCode, slug, businessCount: count }),
    ),
    featured: featured.rows.map(({ street, postal_code, city, state, country_code, ...row }) => ({
      ...row,
      image_url: row.image_url || null,
      full_address: displayAddress({ fullAddress: row.full_address, street, postalCode: postal_code, city, state, countryCode: country_code }),
    })),
    totals: {
      businesses: totals.rows[0].approved,
      allBusinesses: totals.rows[0].all,
      categories: categoryDocuments.length,
      countries: countryDocuments.length,
      cities: cityDocuments.length,
    },
    computedAt: Math.floor(now.getTime() / 1000),
  };
  return { categories: categoryDocuments, countries: countryDocuments, cities: cityDocuments, home };
}
