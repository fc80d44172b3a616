/**
 * The settings of every index, chosen on purpose (a summary belongs in docs/decisions.md):
 *
 * businesses
 * - searchableAttributes, in ranking order: category, type, subtypes, name, city, state, country,
 *   fullAddress, postalCode (what a business is before what it is called: a typo of a category word
 *   then ranks its category above a name one typo away). Phone, URLs, about and workingHours are NOT
 *   searchable: searching digits of a phone number matched random businesses (a number is found by its
 *   digits instead: the filterable phoneDigits), and long texts slow indexing for no visitor benefit.
 * - prefixSearch disabled: words match whole (with typos), never as the start of a longer word
 *   ("hamburg" found every "Hamburger restaurant", "hotl" found "Holy Cow" first). Not a speed change:
 *   measured at 100,000 businesses on the same VM, Meilisearch's keyword search and the index build time
 *   with it off and on were within run-to-run spread (docs/performance.md).
 * - typo tolerance is off on postalCode and on numbers (a postal code or house number one typo away
 *   is a different place). One typo from 4 letters and two from 8 (Meilisearch: 5 and 9), so "piza"
 *   and "hotl" find pizza and hotels; 3-letter words stay exact ("gim" is too far from
 *   too many words to mean "gym").
 * - filterableAttributes: the keys the pages filter by (slug, slugBase, categorySlug, countryCode,
 *   citySlug, cityKey (the search's city chips), letter, isApproved, verified, geoCells, rating, reviewCount, createdAt, id, phoneDigits).
 * - sortableAttributes: rating, reviewCount, name, createdAt, updatedAt, id.
 * - _geo is stored but neither filterable nor sortable: Meilisearch 1.21 would keep every point in one
 *   R-tree that each document update rewrites whole (6-13 s per single change at 1,000,000 businesses).
 *   Nearest-first search filters on geohash cells instead (common/geo-cells.ts).
 * - rankingRules: Meilisearch's defaults, then reviewCount:desc so among equally relevant hits the
 *   better-known business comes first.
 * - pagination.maxTotalHits 1,000,000: the default 1,000 stops the all-businesses list at page 50
 *   and a category or city page long before its last page. Placeholder searches with a filter stay
 *   cheap at this size (measured in bench/indexer.bench.ts).
 * - faceting.maxValuesPerFacet 500, values in alphabetical order (hot pages read the aggregate indexes
 *   and never ask for a facet distribution; /api/search does, for its category and city chips). Sorting
 *   by count made the city facet of a broad search 5x slower at a million businesses (98 ms against
 *   16-20 ms); /api/search sorts the counts itself and completes a distribution cut at 500 values
 *   (search-businesses.ts). facetSearch off: nothing searches facet values, and it costs indexing time.
 * - proximityPrecision byAttribute: word proximity per attribute instead of per word position cuts
 *   indexing time of a million documents by a large share; names and cities are short, so relevance
 *   barely changes.
 *
 * Aggregate indexes (categories, countries, cities, home) are small; they filter and sort on their
 * keys and counts, and their maxTotalHits is raised so the whole list can be paged.
 *
 * A change here changes the settings version (a hash), and the indexer then rebuilds every index
 * (fills new ones and swaps them in), so stale settings never stay live.
 */
import { createHash } from 'node:crypto';
import type { Settings } from 'meilisearch';
import type { IndexKind } from './client.ts';
import { CITY_NAME_GROUPS } from '../../common/city-names.ts';

/** Bump when the document shapes change in a way settings do not show (forces a full rebuild). */
export const DOCUMENT_SCHEMA_VERSION = 7; // 3: letterOf folds Ł, Ø, Æ... as slugs do; 4: fullAddress made of the parts when missing; 5: citySlug is the city's page (a city's names share one); 6: categories' averageRating; 7: businesses' cityKey; phone keys of each number of a cell

/** How many values a facet distribution of the businesses index returns at most (alphabetical). */
export const MAX_VALUES_PER_FACET = 500;

export const INDEX_SETTINGS: Record<IndexKind, Settings> = {
  businesses: {
    // What a business is before what it is called: one typo from "bakery" in a category outranks one typo
    // from it in a name ("bakry": bakeries, not Barry's Steaks). An exact name still matches every word.
    searchableAttributes: ['category', 'type', 'subtypes', 'name', 'city', 'state', 'country', 'fullAddress', 'postalCode'],
    filterableAttributes: [
      'id', 'slug', 'slugBase', 'categorySlug', 'countryCode', 'citySlug', 'cityKey', 'letter', 'isApproved', 'verified', 'geoCells',
      'rating', 'reviewCount', 'createdAt', 'phoneDigits',
    ],
    sortableAttributes: ['rating', 'reviewCount', 'name', 'createdAt', 'updatedAt', 'id'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'reviewCount:desc'],
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 }, disableOnAttributes: ['postalCode'], disableOnNumbers: true },
    pagination: { maxTotalHits: 1_000_000 },
    faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET, sortFacetValuesBy: { '*': 'alpha' } },
    facetSearch: false,
    // Whole words only (with typos): as the start of a longer word, "hotl" matched "Holy" before any hotel,
    // "piza" "Picanha" and "hamburg" every "Hamburger restaurant". Typing half words is not how this box is used.
    prefixSearch: 'disabled',
    proximityPrecision: 'byAttribute',
  },
  categories: {
    searchableAttributes: ['category'],
    filterableAttributes: ['slug', 'letter', 'count'],
    sortableAttributes: ['count', 'category', 'countryCount'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'count:desc'],
    pagination: { maxTotalHits: 100_000 },
    facetSearch: false,
  },
  countries: {
    searchableAttributes: ['country', 'countryCode'],
    filterableAttributes: ['slug', 'countryCode', 'letter'],
    sortableAttributes: ['businessCount', 'country', 'cityCount', 'categoryCount'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'businessCount:desc'],
    pagination: { maxTotalHits: 1_000 },
    facetSearch: false,
  },
  cities: {
    searchableAttributes: ['city', 'otherNames', 'country', 'countryCode'],
    filterableAttributes: ['letter', 'countryCode', 'citySlug', 'businessCount'],
    sortableAttributes: ['businessCount', 'city', 'categoryCount'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'businessCount:desc'],
    pagination: { maxTotalHits: 1_000_000 },
    facetSearch: false,
  },
  home: {
    searchableAttributes: ['id'],
    facetSearch: false,
  },
};

/**
 * A short hash of an index's settings, the document schema version and the city name groups (a group
 * added or changed moves businesses to another city page: common/city-names.ts).
 */
export function settingsVersion(kind: IndexKind): string {
  return createHash('sha256')
    .update(JSON.stringify({ settings: INDEX_SETTINGS[kind], schema: DOCUMENT_SCHEMA_VERSION, cityGroups: CITY_NAME_GROUPS }))
    .digest('hex')
    .slice(0, 16);
}

/** indexer_state keys, per index prefix (several environments may share one database). */
export const STATE_KEYS = {
  settings: (prefix: string, kind: IndexKind) => `${prefix}:settings:${kind}`,
  fullRebuild: (prefix: string) => `${prefix}:full-rebuild`,
  aggregates: (prefix: string) => `${prefix}:aggregates`,
  lastError: (prefix: string) => `${prefix}:last-error`,
  leader: (prefix: string) => `${prefix}:leader`,
};
