/**
 * The public (visitor) API's request and response shapes, in one place for the api (validation,
 * presenters, /api/openapi.json) and the frontend (typed client). Field names follow the visitor spec
 * §3 and §7 exactly; additions that fix the seed's defects (DESIGN §7) are marked.
 */
import { BUSINESS_STATUSES } from '../business.ts';
import { cleanSearchText } from '../search-text.ts';
import { CONTACT_MESSAGES as M } from '../contact-messages.ts';
import { z } from 'zod';
import { letterOf } from '../search-documents.ts';

const count = z.number().int().min(0);
const nullableText = z.string().nullable();

// ---------------------------------------------------------------------------------------------- errors

export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'Machine-readable code, e.g. not_found, bad_request, service_unavailable' }),
    message: z.string().meta({ description: 'A sentence a person can read' }),
    details: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Invalid input (400): every field at fault, with what is wrong with it' }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

// ------------------------------------------------------------------------------------------ businesses


/** /api/featured-businesses items: spec §3 "Featured business" (snake_case as the seed's cards read it). */
export const FeaturedBusiness = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    image_url: nullableText,
    rating: z.number().nullable(),
    type: nullableText,
    full_address: nullableText,
    phone: nullableText,
    review_count: count,
  })
  .meta({ id: 'FeaturedBusiness' });
export type FeaturedBusiness = z.infer<typeof FeaturedBusiness>;

/** A business in every list: spec §3 "Business (list)". */
export const BusinessListItem = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    type: nullableText,
    category: nullableText,
    city: nullableText,
    /** The country's English name. */
    country: nullableText,
    countryCode: nullableText,
    fullAddress: nullableText,
    photo: nullableText,
    rating: z.number().nullable(),
    reviews: count,
    phone: nullableText,
    verified: z.boolean(),
  })
  .meta({ id: 'BusinessListItem' });
export type BusinessListItem = z.infer<typeof BusinessListItem>;

/** /api/businesses/{slug}: spec §3 "Business (detail)": every list field, plus these. */
export const BusinessDetail = BusinessListItem.extend({
  /** Added: the route slug of the category chip link. */
  categorySlug: nullableText,
  /** Added: the route slug of the city link (/cities/{cc}/{citySlug}). */
  citySlug: nullableText,
  reviewsLink: nullableText,
  /** Plain text, or a JSON string `{ group: { feature: boolean | text } }`. */
  about: nullableText,
  /** JSON string `{ Monday: "9AM-5PM", ... }`; 'Closed' means closed. */
  workingHours: nullableText,
  /** Decimal degrees as strings, as the spec's map code parses them. */
  latitude: nullableText,
  longitude: nullableText,
  /** Added: the business's own website (http or https), when the import gave one. */
  website: nullableText,
  /**
   * Added: Google's status of the place when the import gave one (the spec's page shows 'OPERATIONAL'
   * always; a closed place is shown closed). Null: not known.
   */
  businessStatus: z.enum(BUSINESS_STATUSES).nullable(),
  /**
   * Added: how many approved businesses answer the requested slug. 1 for a full slug, and for a slug without
   * its 6-character suffix (the spec's fallback) that only one business has; more when several share it,
   * and the answer is then the most reviewed of them. A page redirects a bare slug to the full one only at 1.
   */
  slugMatches: z.number().int().min(1),
}).meta({ id: 'BusinessDetail' });
export type BusinessDetail = z.infer<typeof BusinessDetail>;

const pageFields = {
  currentPage: z.number().int().min(1),
  totalPages: count,
  totalCount: count,
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
};

/** /api/businesses?page=N: spec §3 "Businesses page response". */
export const BusinessPage = z.object({ businesses: z.array(BusinessListItem), ...pageFields }).meta({ id: 'BusinessPage' });
export type BusinessPage = z.infer<typeof BusinessPage>;

/** /api/businesses/city/{city}?limit=6 */
export const CityBusinesses = z.object({ businesses: z.array(BusinessListItem) }).meta({ id: 'CityBusinesses' });
export type CityBusinesses = z.infer<typeof CityBusinesses>;

export const FeaturedBusinesses = z.array(FeaturedBusiness).meta({ id: 'FeaturedBusinesses' });

// ------------------------------------------------------------------------------------------ aggregates

export const CategoryCount = z
  .object({ category: z.string(), count, slug: z.string() })
  .meta({ id: 'CategoryCount', description: 'slug is added: the /categories/{slug} link' });
export type CategoryCount = z.infer<typeof CategoryCount>;

export const CityCount = z
  .object({ city: z.string(), count, countryCode: z.string(), slug: z.string() })
  .meta({ id: 'CityCount', description: 'countryCode and slug are added: the real /cities/{cc}/{slug} link' });
export type CityCount = z.infer<typeof CityCount>;

export const CountryCount = z
  .object({ country: z.string(), count, countryCode: z.string(), slug: z.string() })
  .meta({ id: 'CountryCount' });

export const HomepageData = z
  .object({
    popularSearches: z.array(CategoryCount),
    topCities: z.array(CityCount),
    topCountries: z.array(
      z.object({ country: z.string(), businessCount: count, countryCode: z.string(), slug: z.string() }),
    ),
    /** Added: the real totals of the home counters. */
    totals: z.object({ businesses: count, countries: count, cities: count, categories: count }),
  })
  .meta({ id: 'HomepageData' });
export type HomepageData = z.infer<typeof HomepageData>;

export const CategorySummary = CategoryCount.extend({
  averageRating: z.number().nullable().meta({ description: 'added: the mean rating of its rated businesses (1 decimal), null when none is rated' }),
}).meta({ id: 'CategorySummary', description: "a category of the list: the spec's card shows a fixed 4.2, ours the real mean" });
export type CategorySummary = z.infer<typeof CategorySummary>;
export const CategoryList = z.array(CategorySummary).meta({ id: 'CategoryList' });

export const CategoryDetail = z
  .object({
    category: z.string(),
    slug: z.string(),
    businessCount: count,
    countryCount: count,
    topCountries: z.array(CountryCount),
    businesses: z.array(BusinessListItem),
    ...pageFields,
  })
  .meta({ id: 'CategoryDetail' });
export type CategoryDetail = z.infer<typeof CategoryDetail>;

export const CountrySummary = z
  .object({ country: z.string(), countryCode: z.string(), slug: z.string(), businessCount: count, cityCount: count, categoryCount: count })
  .meta({ id: 'CountrySummary' });
export type CountrySummary = z.infer<typeof CountrySummary>;
export const CountryList = z.array(CountrySummary).meta({ id: 'CountryList' });

export const CountryDetail = z
  .object({
    country: z.string(),
    countryCode: z.string(),
    slug: z.string(),
    businessCount: count,
    cityCount: count,
    categoryCount: count,
    topCities: z.array(CityCount),
    topCategories: z.array(CategoryCount),
  })
  .meta({ id: 'CountryDetail' });
export type CountryDetail = z.infer<typeof CountryDetail>;

export const CitySummary = z
  .object({ city: z.string(), countryCode: z.string(), country: z.string(), slug: z.string(), businessCount: count, categoryCount: count })
  .meta({ id: 'CitySummary' });
export type CitySummary = z.infer<typeof CitySummary>;
export const CityList = z.array(CitySummary).meta({ id: 'CityList' });

export const CityDetail = z
  .object({
    city: z.string(),
    slug: z.string(),
    country: z.string(),
    countryCode: z.string(),
    businessCount: count,
    categoryCount: count,
    topCategories: z.array(CategoryCount),
    businesses: z.array(BusinessListItem),
    ...pageFields,
  })
  .meta({ id: 'CityDetail' });
export type CityDetail = z.infer<typeof CityDetail>;

// ---------------------------------------------------------------------------------------------- search

export const FacetCount = z.object({ value: z.string().meta({ description: 'the slug to filter by' }), label: z.string(), count });

export const SearchResult = z
  .object({
    businesses: z.array(BusinessListItem.extend({ distanceMeters: z.number().nullable() })),
    ...pageFields,
    query: z.string(),
    location: z.string(),
    /**
     * 'location' when nothing matched the keywords as a business and they name a place (東京, Berlin):
     * the results are then the businesses in that place.
     */
    matchedAs: z.enum(['keywords', 'location', 'keywords-in-place', 'keywords-not-in-place', 'some-words']).meta({
      description:
        "'keywords-in-place': the keywords ended or began with a place (pizza berlin); `query` and `location` are then the keywords and the place searched. "
        + "'keywords-not-in-place': they did, or a location was given, but no business there matches the (other) words: the results are the words as typed, everywhere, and `place` is that place. "
        + "'some-words': no business matches every word; the results match the first words (Meilisearch drops words from the end)",
    }),
    /**
     * The place the keywords name exactly (a city or country), when they were searched as keywords with
     * no location: the page offers to search in it instead (q=Paris finds "Paris Bakery" and a typo's
     * "Patisserie"; the visitor may have meant the businesses in Paris); with 'keywords-not-in-place', the
     * place the keywords ended or began with. Null otherwise.
     */
    place: z.string().nullable(),
    facets: z.object({ category: z.array(FacetCount), city: z.array(FacetCount) }),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

// ------------------------------------------------------------------------------------ settings and ads

export const Advertisements = z
  .record(z.string(), z.string())
  .meta({ id: 'Advertisements', description: 'Slot key (ad1..ad7) to HTML; a slot without code is absent' });
export type Advertisements = z.infer<typeof Advertisements>;

export const PublicSiteSettings = z
  .object({ head_tags: z.string(), facebook_pixel: z.string(), footer_tags: z.string(), analytics_code: z.string() })
  .meta({ id: 'PublicSiteSettings', description: 'The markup every public page carries: head_tags and analytics_code in the head, facebook_pixel at body start, footer_tags at body end' });
export type PublicSiteSettings = z.infer<typeof PublicSiteSettings>;

// ----------------------------------------------------------------------------------------------- input

const trimmed = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);

/**
 * An email address, its domain possibly internationalised (jose@bücher.de is jose@xn--bcher-kva.de):
 * the domain is converted as a browser would (URL's punycode), then the address checked as ASCII.
 */
function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  if (at < 1 || !/^[^\s/?#:@\\[\]%]+$/u.test(domain)) return false;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return false;
  }
  return z.regexes.email.test(`${value.slice(0, at)}@${ascii}`);
}

/** POST /api/contact: the spec's §5 rules and messages. `website` is a honeypot left empty by people. */
export const ContactInput = z
  .object({
    name: z
      .string({ error: M.name.min })
      .trim()
      .min(2, M.name.min)
      .max(100, M.name.max),
    email: z
      .string({ error: M.email.invalid })
      .trim()
      .max(254, M.email.invalid)
      .refine(isEmailAddress, M.email.invalid)
      .meta({ format: 'email' }),
    subject: z
      .string({ error: M.subject.min })
      .trim()
      .min(5, M.subject.min)
      .max(200, M.subject.max),
    message: z
      .string({ error: M.message.min })
      .trim()
      .min(10, M.message.min)
      .max(5000, M.message.max),
    company: trimmed('Company', 200).optional().nullable(),
    phone: trimmed('Phone', 50).optional().nullable(),
    website: z.string().max(500).optional().nullable().meta({ description: 'Honeypot: leave empty' }),
  })
  .meta({ id: 'ContactInput' });
export type ContactInput = z.infer<typeof ContactInput>;

export const ContactResponse = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'ContactResponse' });
export type ContactResponse = z.infer<typeof ContactResponse>;

/**
 * A whole-number query parameter whose every failure (not a number, a fraction, out of range) gives the
 * one `message` that states the rule, never zod's "expected number, received NaN". The admin API uses it too.
 */
export function wholeNumberParam(min: number, max: number, fallback: number, message: string) {
  const whole = z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
  // Digits only: coercion alone would read '0x10', '1e3', '+2' or '' as numbers.
  return z.preprocess((value) => (typeof value === 'string' && !/^\s*\d+\s*$/.test(value) ? Number.NaN : value), whole.default(fallback));
}

/** wholeNumberParam with the visitor API's wording: "page must be an integer from 1 to 1000". */
function integerParam(name: string, min: number, max: number, fallback: number) {
  return wholeNumberParam(min, max, fallback, `${name} must be an integer from ${min} to ${max}`);
}

/** A number query parameter (lat, lng) with the same kind of message. */
function numberParam(name: string, min: number, max: number) {
  const message = `${name} must be a number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).min(min, message).max(max, message).optional();
}

/** A text query parameter of at most `max` characters. */
function textParam(name: string, max: number) {
  return z.string().trim().max(max, `${name} must be at most ${max} characters`);
}

/**
 * Search text in NFKC: a query typed decomposed (e + U+0301), in half-width katakana (ｶﾌｪ) or in
 * full-width Latin (Ｔｏｋｙｏ) searches for what the directory stores (カフェ, Tokyo).
 */
function searchTextParam(name: string, max: number) {
  return textParam(name, max).transform((value) => cleanSearchText(value.normalize('NFKC')));
}

const pageParam = integerParam('page', 1, 1000, 1);
const letterParam = z
  .string()
  .trim()
  .regex(/^(\p{L}|#)$/u, 'letter must be a single letter (or #)')
  // Folded as names are filed (letterOf): İ is I, Ł is L, and a letter of another script is '#'.
  .transform((value) => (value === '#' ? '#' : letterOf(value)))
  .optional();

export const BusinessPageQuery = z.object({ page: integerParam('page', 1, 100, 1) });
export const CityBusinessesQuery = z.object({ limit: integerParam('limit', 1, 50, 6) });
export const LetterQuery = z.object({ letter: letterParam });
export const PagedQuery = z.object({ page: pageParam, limit: integerParam('limit', 1, 100, 12) });
export const SearchQuery = z
  .object({
    q: searchTextParam('q', 200).default(''),
    location: searchTextParam('location', 200).default(''),
    page: pageParam,
    limit: integerParam('limit', 1, 50, 20),
    lat: numberParam('lat', -90, 90),
    lng: numberParam('lng', -180, 180),
    /** A category facet value (categorySlug) chosen on the results page. */
    category: textParam('category', 200).optional(),
    /**
     * A city facet value chosen on the results page: a city of one country (`fr/paris`, as the facets give
     * it); a bare city slug (older links) is that city in every country.
     */
    city: textParam('city', 200).optional(),
  })
  .refine((value) => (value.lat === undefined) === (value.lng === undefined), {
    message: 'lat and lng must be given together',
  });
export type SearchQuery = z.infer<typeof SearchQuery>;
