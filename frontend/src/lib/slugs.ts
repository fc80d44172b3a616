/** Link targets of the public routes, built with the shared slug rules (common/slug.ts). */
import { cityPageSlug } from '../../../common/city-names.ts';
import { categorySlug } from '../../../common/slug.ts';
import { countryCodeFrom, countrySlug } from '../../../common/countries.ts';
import { slugify } from '../../../common/slug.ts';

export function categoryHref(category: string, slug?: string): string {
  return `/categories/${slug ?? categorySlug(category)}`;
}

export function countryHref(country: string, code?: string | null, slug?: string): string {
  if (slug) return `/countries/${slug}`;
  const resolved = code ?? countryCodeFrom(country);
  return `/countries/${resolved ? countrySlug(resolved) : slugify(country)}`;
}

/**
 * DESIGN §7: the city's real country code, not the seed's fixed 'us'. City pages are per country: with
 * no country known there is none, and the link is the search for the city (/cities/us/{city} was a 404).
 */
export function cityHref(city: string, countryCode: string | null | undefined, slug?: string): string {
  if (!countryCode) return searchHref({ location: city });
  return `/cities/${countryCode.toLowerCase()}/${slug ?? cityPageSlug(city, countryCode)}`;
}

export function businessHref(slug: string): string {
  return `/business/${slug}`;
}

/**
 * The businesses of one category in one place (a city's or a country's top categories, a category's top
 * countries): the search page with the place and the category facet, not the category's worldwide list.
 */
export function categoryInPlaceHref(categorySlugValue: string, place: string): string {
  return searchHref({ location: place, category: categorySlugValue });
}

/** /search with the keywords, place and category facet given (trimmed; empty ones left out, as spec §5 says). */
export function searchHref({ q = '', location = '', category = '' }: { q?: string; location?: string; category?: string }): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (location.trim()) params.set('location', location.trim());
  if (category.trim()) params.set('category', category.trim());
  return `/search?${params}`;
}
