/** Aggregate index documents -> the visitor API's category, country and city shapes. */
import type {
  CategoryCount,
  CategorySummary,
  CityCount,
  CitySummary,
  CountrySummary,
  HomepageData,
} from '../../../common/api/public.ts';
import { countryName } from '../../../common/countries.ts';
import type * as Docs from '../../../common/search-documents.ts';

export function presentCategoryCount(item: Docs.CategoryCount): CategoryCount {
  return { category: item.category, count: item.count, slug: item.slug };
}

export function presentCategorySummary(doc: Pick<Docs.CategoryDocument, 'category' | 'slug' | 'count' | 'averageRating'>): CategorySummary {
  // Documents from before averageRating: null until the rebuild the schema version starts.
  return { category: doc.category, count: doc.count, slug: doc.slug, averageRating: doc.averageRating ?? null };
}

export function presentCityCount(item: Docs.CityCount): CityCount {
  return { city: item.city, count: item.count, countryCode: item.countryCode, slug: item.citySlug };
}

export function presentCountryCount(item: Docs.CountryCount) {
  return { country: countryName(item.countryCode), count: item.count, countryCode: item.countryCode, slug: item.slug };
}

export function presentCountrySummary(doc: Pick<Docs.CountryDocument, 'countryCode' | 'country' | 'slug' | 'businessCount' | 'cityCount' | 'categoryCount'>): CountrySummary {
  return {
    country: countryName(doc.countryCode),
    countryCode: doc.countryCode,
    slug: doc.slug,
    businessCount: doc.businessCount,
    cityCount: doc.cityCount,
    categoryCount: doc.categoryCount,
  };
}

export function presentCitySummary(doc: Pick<Docs.CityDocument, 'city' | 'citySlug' | 'countryCode' | 'country' | 'businessCount' | 'categoryCount'>): CitySummary {
  return {
    city: doc.city,
    countryCode: doc.countryCode,
    country: countryName(doc.countryCode),
    slug: doc.citySlug,
    businessCount: doc.businessCount,
    categoryCount: doc.categoryCount,
  };
}

export function presentHomepageData(home: Docs.HomeDocument): HomepageData {
  return {
    popularSearches: home.popularSearches.map(presentCategoryCount),
    topCities: home.topCities.map(presentCityCount),
    topCountries: home.topCountries.map((item) => ({
      country: countryName(item.countryCode),
      businessCount: item.businessCount,
      countryCode: item.countryCode,
      slug: item.slug,
    })),
    totals: {
      businesses: home.totals.businesses,
      countries: home.totals.countries,
      cities: home.totals.cities,
      categories: home.totals.categories,
    },
  };
}
