/**
 * The documents of every Meilisearch index, as the indexer writes them and the API reads them.
 * The public and admin API read ONLY these indexes (never SQL in the request path, never a facet
 * distribution over all businesses), so each shape below carries everything its pages show.
 *
 * Index uids are `${MEILI_INDEX_PREFIX}${kind}` (platform/search/client.ts `indexUid`):
 *
 * | kind       | one document per                    | primary key `id`                     |
 * |------------|-------------------------------------|--------------------------------------|
 * | businesses | business row (approved or not)      | the business id (integer)            |
 * | categories | category slug with >= 1 approved    | `categoryDocumentId(slug)`           |
 * | countries  | country code with >= 1 approved     | the ISO code, e.g. `DE`              |
 * | cities     | (country code, city slug)           | `cityDocumentId(countryCode, slug)`  |
 * | home       | exactly one document, id `home`     | `HOME_DOCUMENT_ID`                   |
 *
 * Counting rule: every aggregate (counts, top lists, featured, home totals) counts APPROVED
 * businesses only, because that is what visitors can see. The businesses index holds every business
 * (the admin list reads it too); visitor reads must filter `isApproved = true`.
 *
 * How the API serves the spec's reads (visitor-side.md §7):
 * - GET /api/homepage-data and GET /api/featured-businesses: `getDocument('home')` on the home index.
 * - GET /api/categories[?letter=X]: categories index, `filter: letter = "X"`, `sort: ['count:desc']`.
 * - GET /api/categories/{slug}: one multi-search: categories `filter: slug = "{slug}"` (404 when absent)
 *   + businesses `filter: categorySlug = "{slug}" AND isApproved = true`, page/hitsPerPage 12.
 * - GET /api/countries: countries index sorted by `businessCount:desc` (at most ~250 documents).
 * - GET /api/countries/{slug}: countries `filter: slug = "{slug}"` (limit 1).
 * - GET /api/cities[?letter=X]: cities index (`filter: letter = "X"`, `sort: ['businessCount:desc']`).
 * - GET /api/cities/{cc}/{citySlug}: one multi-search: cities `filter: countryCode = "CC" AND citySlug =
 *   "{slug}"` + businesses `filter: countryCode = "CC" AND citySlug = "{slug}" AND isApproved = true`.
 * - GET /api/businesses/{slug}: businesses `filter: slug = "{slug}"`; the spec's fallback (slug minus
 *   the 6-character suffix) is `filter: slugBase = "{stripped}"`.
 * - GET /api/businesses?page=N: businesses `filter: isApproved = true`, `sort: ['createdAt:desc']`,
 *   page N, hitsPerPage 20 (maxTotalHits is raised so page 100 exists).
 * - nearby: businesses `filter: countryCode = ... AND citySlug = ... AND isApproved = true`, limit 6.
 */
import type { BusinessStatus } from './business.ts';
import { slugify } from './slug.ts';

/** A business as indexed. Nullable fields are `null` (never missing) except `_geo`. */
export interface BusinessDocument {
  id: number;
  slug: string;
  /** The slug without its trailing `-xxxxxx` suffix (the spec's detail fallback), or the slug itself. */
  slugBase: string;
  name: string;
  category: string | null;
  categorySlug: string | null;
  type: string | null;
  subtypes: string[];
  city: string | null;
  citySlug: string | null;
  /**
   * The city as one place: `cityFacetKey(countryCode, citySlug)` (`at/vienna`; `/beograd` without a
   * country). The search's city chips count and filter by it, so Paris FR and Paris US are two chips.
   */
  cityKey: string | null;
  /** Full English country name from the code (Intl.DisplayNames), else the country text as imported. */
  country: string | null;
  countryCode: string | null;
  /** /countries/{countrySlug}; null without a country. */
  countrySlug: string | null;
  fullAddress: string | null;
  street: string | null;
  postalCode: string | null;
  state: string | null;
  phone: string | null;
  /** The phone's digits as visitors type them (common/phone-keys.ts): filterable, for a search by number. */
  phoneDigits: string[];
  /** 0-5, one decimal, or null ("New"). */
  rating: number | null;
  reviewCount: number;
  photo: string | null;
  logo: string | null;
  verified: boolean;
  isApproved: boolean;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds. */
  updatedAt: number;
  /** First letter A-Z of the name (accents folded), or '#'. */
  letter: string;
  /**
   * Present only when both coordinates exist. Stored, not filterable or sortable: Meilisearch would keep an
   * R-tree of them that every update rewrites whole (common/geo-cells.ts); geo search uses geoCells.
   */
  _geo?: { lat: number; lng: number };
  /** The geohash cells of the point at GEO_CELL_PRECISIONS (filterable), with _geo. */
  geoCells?: string[];
  latitude: number | null;
  longitude: number | null;
  /** Weekday name -> hours text ('Closed' means closed). */
  workingHours: Record<string, string> | null;
  /** Amenity groups `{ group: { feature: boolean | text } }`, or plain text. */
  about: Record<string, Record<string, boolean | string>> | string | null;
  reviewsLink: string | null;
  website: string | null;
  url: string | null;
  locatedIn: string | null;
  /** OPERATIONAL, CLOSED_TEMPORARILY, CLOSED_PERMANENTLY, or null when the file did not say. */
  businessStatus: BusinessStatus | null;
}

export interface CountryCount {
  country: string;
  countryCode: string;
  slug: string;
  count: number;
}

export interface CityCount {
  city: string;
  citySlug: string;
  countryCode: string;
  count: number;
}

export interface CategoryCount {
  category: string;
  slug: string;
  count: number;
}

/** One category (grouped by slug; the display name is the most frequent spelling). */
export interface CategoryDocument {
  id: string;
  category: string;
  slug: string;
  /** Approved businesses in this category (the spec's `count` and `businessCount`). */
  count: number;
  countryCount: number;
  cityCount: number;
  /** The mean rating of its rated businesses (rating above 0), to 1 decimal; null when none is rated. */
  averageRating: number | null;
  letter: string;
  /** Up to TOP_LIMITS.categoryTopCountries, by count descending. */
  topCountries: CountryCount[];
}

/** One country, id = ISO code. */
export interface CountryDocument {
  id: string;
  country: string;
  countryCode: string;
  slug: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
  letter: string;
  /** Up to TOP_LIMITS.countryTopCities by count; all cities of a country: the cities index filtered by countryCode. */
  topCities: CityCount[];
  /** Up to TOP_LIMITS.countryTopCategories by count (the country page pages them 20 at a time). */
  topCategories: CategoryCount[];
}

/** One city, grouped by (countryCode, citySlug). */
export interface CityDocument {
  id: string;
  city: string;
  citySlug: string;
  countryCode: string;
  country: string;
  countrySlug: string;
  businessCount: number;
  categoryCount: number;
  /** The city's other names (common/city-names.ts), searchable: "Belgarde" finds the page named Beograd. */
  otherNames: string[];
  letter: string;
  /** Up to TOP_LIMITS.cityTopCategories by count. */
  topCategories: CategoryCount[];
}

/** The spec's featured business card (visitor-side.md §3), plus the fields a card shows. */
export interface FeaturedBusiness {
  id: number;
  slug: string;
  name: string;
  image_url: string | null;
  rating: number | null;
  type: string | null;
  category: string | null;
  full_address: string | null;
  phone: string | null;
  review_count: number;
}

/**
 * The one document of the home index: everything GET /api/homepage-data and
 * GET /api/featured-businesses return, plus site-wide totals for the index pages' stat tiles.
 */
export interface HomeDocument {
  id: typeof HOME_DOCUMENT_ID;
  /** Top 12 categories by count (the home page's "popular searches"). */
  popularSearches: CategoryCount[];
  /** Top 12 cities by count, each with its REAL country code (the seed always used 'us'). */
  topCities: CityCount[];
  /** Top 12 countries by businessCount. */
  topCountries: Array<{ country: string; countryCode: string; slug: string; businessCount: number }>;
  /** 12 approved businesses: with a photo first, then best rated, then most reviewed. */
  featured: FeaturedBusiness[];
  totals: {
    /** Approved businesses. */
    businesses: number;
    /** Every business, approved or not (admin figures). */
    allBusinesses: number;
    categories: number;
    countries: number;
    cities: number;
  };
  /** Unix seconds when the aggregates were computed. */
  computedAt: number;
}

export const HOME_DOCUMENT_ID = 'home' as const;

/** Caps of the precomputed top lists (documented above; the spec shows 12-20 of each). */
export const TOP_LIMITS = {
  home: 12,
  categoryTopCountries: 20,
  countryTopCities: 50,
  countryTopCategories: 200,
  cityTopCategories: 50,
} as const;

/**
 * Meilisearch ids allow only [A-Za-z0-9_-] (max 511 bytes), but our slugs keep non-Latin letters
 * ("кафе"). Such ids are hex-encoded with an `x-` prefix; ASCII slugs stay readable.
 */
function safeDocumentId(key: string): string {
  if (/^[A-Za-z0-9_-]{1,400}$/.test(key)) return key;
  return `x-${Buffer.from(key, 'utf8').toString('hex')}`.slice(0, 500);
}

export function categoryDocumentId(categorySlug: string): string {
  return safeDocumentId(categorySlug);
}

/**
 * A city of one country as a facet value: the lower-case country code and the city page's slug (`at/vienna`,
 * the path of its page under /cities/), or `/slug` for a business with no country. Always has a slash, so
 * a value without one is an older link's bare slug.
 */
export function cityFacetKey(countryCode: string | null, citySlug: string): string {
  return `${(countryCode ?? '').toLowerCase()}/${citySlug}`;
}

export function cityDocumentId(countryCode: string, citySlug: string): string {
  return safeDocumentId(`${countryCode.toLowerCase()}-${citySlug}`);
}

/**
 * First letter A-Z of a name, folded as its slug is (accents dropped, and the letters Unicode does not
 * decompose mapped too: Łódź is under L, Ørsted under O, Æbeltoft under A), or '#' for digits, symbols
 * and other scripts.
 */
export function letterOf(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  const code = trimmed.charCodeAt(0) | 0x20;
  // Most names start with a plain letter: no slug needed.
  if (code >= 0x61 && code <= 0x7a) return String.fromCharCode(code - 0x20);
  const first = slugify(trimmed).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}
