/**
 * Shapes of the visitor JSON API (spec §3/§7). Counts and ratings may arrive as strings, so the
 * screens convert with toNumber() instead of trusting the type.
 */
export type Numeric = number | string | null | undefined;

export interface BusinessDetail {
  id?: number | string;
  name: string;
  slug: string;
  type?: string | null;
  category?: string | null;
  categorySlug?: string | null;
  city?: string | null;
  citySlug?: string | null;
  country?: string | null;
  countryCode?: string | null;
  fullAddress?: string | null;
  phone?: string | null;
  photo?: string | null;
  verified?: boolean | null;
  rating?: Numeric;
  reviews?: Numeric;
  reviewsLink?: string | null;
  website?: string | null;
  /** OPERATIONAL, CLOSED_TEMPORARILY or CLOSED_PERMANENTLY; null or absent when not known. */
  businessStatus?: string | null;
  /** Plain text, or a JSON string (or object) of group -> feature -> boolean | text. */
  about?: string | Record<string, Record<string, boolean | string>> | null;
  /** JSON string (or object) of weekday -> hours text. */
  workingHours?: string | Record<string, string> | null;
  latitude?: Numeric;
  longitude?: Numeric;
  updatedAt?: string | null;
  /** How many businesses answer the requested slug (more than 1: a bare slug several share). */
  slugMatches?: number;
}

export interface FeaturedBusiness {
  id: number | string;
  slug: string;
  name: string;
  image_url?: string | null;
  rating?: Numeric;
  type?: string | null;
  full_address?: string | null;
  phone?: string | null;
  review_count?: Numeric;
}

export interface BusinessListItem {
  id: number | string;
  name: string;
  slug: string;
  category?: string | null;
  type?: string | null;
  city?: string | null;
  country?: string | null;
  countryCode?: string | null;
  rating?: Numeric;
  reviews?: Numeric;
  phone?: string | null;
  fullAddress?: string | null;
  /** In a search near a point: how far the business is from it (null: no coordinates). */
  distanceMeters?: number | null;
}

export interface BusinessesPage {
  businesses: BusinessListItem[];
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export interface HomepageData {
  popularSearches: { category: string; count: Numeric; slug?: string }[];
  topCities: { city: string; count: Numeric; countryCode?: string | null; slug?: string }[];
  topCountries: { country: string; businessCount: Numeric; countryCode?: string | null; slug?: string }[];
  /** Ours, beside the spec's lists: the directory's own counts (home counters, contact statistics). */
  totals?: DirectoryTotals;
}

export interface DirectoryTotals {
  businesses: number;
  countries: number;
  cities: number;
  categories: number;
}

export interface CategorySummary {
  category: string;
  count: Numeric;
  slug?: string;
  /** Added: the mean rating of its rated businesses; null when none is rated. */
  averageRating?: number | null;
}

export interface CountrySummary {
  country: string;
  countryCode?: string | null;
  slug?: string;
  businessCount: Numeric;
  cityCount: Numeric;
  categoryCount: Numeric;
}

export interface CitySummary {
  city: string;
  countryCode: string;
  slug?: string;
  businessCount: Numeric;
  categoryCount: Numeric;
}

export interface CountryDetail {
  country: string;
  countryCode: string;
  businessCount: Numeric;
  cityCount: Numeric;
  categoryCount: Numeric;
  topCities: { city: string; count: Numeric; slug?: string }[];
  topCategories: { category: string; count: Numeric; slug?: string }[];
}

export interface PagedBusinesses {
  businesses: BusinessListItem[];
  currentPage?: number;
  totalPages?: number;
  totalCount?: number;
}

export interface CategoryDetail {
  category?: string;
  businessCount: Numeric;
  countryCount: Numeric;
  topCountries: { country: string; count: Numeric; countryCode?: string | null }[];
  businesses: BusinessListItem[] | PagedBusinesses;
  currentPage?: number;
  totalPages?: number;
}

export interface CityDetail {
  city: string;
  /** Added: the slug of the city's one page (another name's URL shows it). */
  slug?: string;
  country: string;
  countryCode?: string | null;
  businessCount: Numeric;
  categoryCount: Numeric;
  topCategories: { category: string; count: Numeric; slug?: string }[];
  businesses: BusinessListItem[] | PagedBusinesses;
  currentPage?: number;
  totalPages?: number;
}

export type Advertisements = Partial<Record<'ad1' | 'ad2' | 'ad3' | 'ad4' | 'ad5' | 'ad6' | 'ad7', string>>;

export interface SiteSettings {
  head_tags?: string | null;
  facebook_pixel?: string | null;
  footer_tags?: string | null;
}

export interface FacetCount {
  /** The slug to filter by. */
  value: string;
  label: string;
  count: number;
}

export interface SearchResults {
  hits: BusinessListItem[];
  totalHits: number;
  /**
   * 'location': the keywords matched no business but name a place; these are the businesses there.
   * 'keywords-in-place': the keywords began or ended with a place (pizza berlin): `keywords` searched in `location`.
   * 'keywords-not-in-place': they did, but nothing there matches: the words as typed, everywhere; `place` is that place.
   */
  matchedAs: 'keywords' | 'location' | 'keywords-in-place' | 'keywords-not-in-place' | 'some-words';
  /** The keywords and the place the search was run with (what the API echoes back). */
  keywords: string;
  location: string;
  /** A city or country the keywords name exactly, offered as a place to search in; null otherwise. */
  place: string | null;
  page: number;
  totalPages: number;
  facets: { category: FacetCount[]; city: FacetCount[] };
}

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  company?: string;
  phone?: string;
}
