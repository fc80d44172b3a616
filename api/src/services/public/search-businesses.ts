/**
 * GET /api/search: the search the not-found pages navigate to (/search?q&location), which the seed
 * never defined. Keyword search (typo tolerant) over name, category and type; the location becomes a
 * filter when it names a country or a known city ("Paris", "Paris, France", "berlinn"), otherwise it
 * joins the keywords so it can match an address, state or postal code. With lat/lng, nearer first
 * (nearestFirst: geohash cells, not Meilisearch's _geo).
 */
import type { SearchParams } from 'meilisearch';
import type { SearchQuery, SearchResult } from '../../../../common/api/public.ts';
import { otherCityNames } from '../../../../common/city-names.ts';
import { phoneQueryKeys } from '../../../../common/phone-keys.ts';
import { US_STATE_CODES, US_STATE_NAMES } from '../../../../common/us-states.ts';
import { countryCodeFrom, countryName } from '../../../../common/countries.ts';
import { categorySlug, citySlug, slugify } from '../../../../common/slug.ts';
import { cellBlock, coveredMeters, distanceMeters, GEO_CELL_PRECISIONS } from '../../../../common/geo-cells.ts';
import { MAX_VALUES_PER_FACET } from '../../../../platform/search/settings.ts';
import { cityFacetKey, type BusinessDocument, type CategoryDocument, type CityDocument } from '../../../../common/search-documents.ts';
import { LIST_ATTRIBUTES, presentBusinessListItem, type BusinessListDocument } from '../../presenters/public-business.ts';
import { cityNamedFilter, pageInfo } from './businesses.ts';
import type { SharedValues } from './response-cache.ts';
import { filterValue, readSearch, type SearchReader } from './search-reader.ts';

const FACET_LIMIT = 10;
const MAX_SEARCH_HITS = 1_000;

interface ResolvedLocation {
  /** A Meilisearch filter on countryCode / citySlug, when the location named a place we know. */
  filter?: string;
  /** Otherwise the location is matched as words (address, state, postal code). */
  words?: string;
}

/** A state code after a city names a US state, not a country; Puerto Rico's too ("San Juan, PR"). */
const US_STATES: ReadonlySet<string> = new Set([...US_STATE_CODES, 'PR']);

/** A US state written out or as its code ("Pennsylvania", "PA", "fl"). */
const isUsState = (text: string) => US_STATE_NAMES.has(text.toUpperCase()) || US_STATES.has(text.toUpperCase());

async function resolveLocation(reader: SearchReader, location: string): Promise<ResolvedLocation> {
  if (!location) return {};
  const wholeCountry = await countryNamed(reader, location);
  if (wholeCountry) return { filter: `countryCode = ${filterValue(wholeCountry)}` };

  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  const last = parts.length > 1 ? parts[parts.length - 1] : '';
  // "Philadelphia, Pennsylvania", "Naples, FL": a US state, written out or as its code, is the United
  // States when it is no country (Georgia stays a country first; "Boston, MA" is handled below).
  const namesUsState = isUsState(last);
  const countryCode = last ? (countryCodeFrom(last) ?? (namesUsState ? 'US' : null)) : null;
  const cityText = countryCode ? parts.slice(0, -1).join(' ') : location;
  const inCountry = (code: string | null) => (code ? [`countryCode = ${filterValue(code)}`] : []);
  // The city as named anywhere, or the page its name has in its group's country (common/city-names.ts:
  // "Beograd" is Belgrade's page in Serbia; "Napoli" is Naples in Italy, not Naples, Florida). "Łódź" is
  // "lodz" typed without its letters.
  const namedExactly = (code: string | null, text = cityText) => {
    const slug = citySlug(text);
    return !slug
      ? Promise.resolve({ hits: [] as Array<Pick<CityDocument, 'citySlug' | 'countryCode'>> })
      : readSearch(() =>
          reader.index<CityDocument>('cities').search(null, {
            filter: [`(${cityNamedFilter(slug)})`, ...inCountry(code)].join(' AND '),
            sort: ['businessCount:desc'],
            limit: 50,
            attributesToRetrieve: ['citySlug', 'countryCode'],
          }),
        );
  };
  // A typo ("berlinn"): the closest city name.
  const namedLike = (code: string | null) =>
    readSearch(() =>
      reader.index<CityDocument>('cities').search(cityText, {
        filter: inCountry(code).join(' AND ') || undefined,
        attributesToSearchOn: ['city', 'otherNames'],
        matchingStrategy: 'all',
        limit: 20,
        attributesToRetrieve: ['citySlug', 'countryCode'],
      }),
    );
  // "Los Angeles, CA", "Boston, MA": a state's code that is also a country's (Canada, Morocco) is no
  // country when that country has no such city; the city is looked up alone. A US state's code keeps the
  // city in the United States: Paris, TN is not Paris, France, and "Vienna, VA" with no Vienna in the
  // United States finds nothing rather than Vienna, Austria under the words typed.
  const isStateCode = Boolean(countryCode) && (/^[a-z]{2}$/i.test(last) || namesUsState);
  const inUsState = <T extends { countryCode: string }>(hits: T[]) => (namesUsState ? hits.filter((hit) => hit.countryCode === 'US') : hits);

  let { hits } = await namedExactly(countryCode);
  if (hits.length === 0 && isStateCode) hits = inUsState((await namedExactly(null)).hits);
  // "Taipei City", "Mexico City" where the directory says Taipei, Ciudad de México: the name without the word.
  const withoutCity = cityText.replace(/\s+city$/iu, '');
  if (hits.length === 0 && withoutCity !== cityText && withoutCity) ({ hits } = await namedExactly(countryCode, withoutCity));
  if (hits.length > 0) {
    // Every city of those names; several countries may have one (Paris FR, Paris US): all of them.
    const slugs = [...new Set(hits.map((hit) => hit.citySlug))];
    const countries = [...new Set(hits.map((hit) => hit.countryCode))];
    return { filter: `citySlug IN [${slugs.map(filterValue).join(', ')}] AND countryCode IN [${countries.map(filterValue).join(', ')}]` };
  }

  ({ hits } = await namedLike(countryCode));
  if (hits.length === 0 && isStateCode) hits = inUsState((await namedLike(null)).hits);
  if (hits.length === 0) {
    return countryCode ? { filter: `countryCode = ${filterValue(countryCode)}`, words: cityText } : { words: location };
  }
  const slug = hits[0].citySlug;
  const countries = [...new Set(hits.filter((hit) => hit.citySlug === slug).map((hit) => hit.countryCode))];
  // The city's other names in those countries too ("Belgrad" finds Belgrade and Beograd).
  const slugs = [...new Set([slug, ...otherCityNames(slug)])];
  return {
    filter: `citySlug IN [${slugs.map(filterValue).join(', ')}] AND countryCode IN [${countries.map(filterValue).join(', ')}]`,
  };
}

/**
 * Names of category and city slugs seen in facets, per index prefix and data version: without this every
 * search with lat/lng paid two more reads to name facet values its nearby page does not show. Per data
 * version, as a slug's name may change with the data: a city or category is named as most of its
 * businesses spell it (Beograd and Belgrade share a page; an import can tip the balance).
 */
const facetLabels = new Map<string, string>();
const MAX_FACET_LABELS = 20_000;

const labelKey = (prefix: string, version: string, kind: 'category' | 'city', slug: string) => `${prefix}\n${version}\n${kind}\n${slug}`;

function rememberLabel(key: string, label: string): void {
  if (facetLabels.size >= MAX_FACET_LABELS) facetLabels.delete(facetLabels.keys().next().value!);
  facetLabels.set(key, label);
}

async function labelFacets(
  reader: SearchReader,
  version: string,
  distribution: Record<string, Record<string, number>> | undefined,
  hits: Array<Pick<BusinessDocument, 'category' | 'categorySlug' | 'city' | 'cityKey'>>,
): Promise<SearchResult['facets']> {
  const top = (facet: string) =>
    Object.entries(distribution?.[facet] ?? {})
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, FACET_LIMIT);
  const categories = top('categorySlug');
  const cities = top('cityKey');
  // Labels are the aggregate indexes' names, as the category and city pages show them (one category
  // spelt "Café" by one business and "Cafe" by another has one name); a hit's own spelling only when the
  // aggregates do not know the value yet.
  const categoryNames = new Map<string, string>();
  const cityNames = new Map<string, string>();
  const known = (names: Map<string, string>, kind: 'category' | 'city', value: string) => {
    const label = names.get(value) ?? facetLabels.get(labelKey(reader.prefix, version, kind, value));
    if (label !== undefined) names.set(value, label);
    return label !== undefined;
  };
  const missingCategories = categories.map(([slug]) => slug).filter((slug) => !known(categoryNames, 'category', slug));
  const missingCities = cities.map(([key]) => key).filter((key) => !known(cityNames, 'city', key));
  await Promise.all([
    missingCategories.length &&
      readSearch(() =>
        reader.index<CategoryDocument>('categories').search(null, {
          filter: `slug IN [${missingCategories.map(filterValue).join(', ')}]`,
          limit: missingCategories.length,
          attributesToRetrieve: ['slug', 'category'],
        }),
      ).then(({ hits: found }) => found.forEach((doc) => categoryNames.set(doc.slug, doc.category))),
    missingCities.length && nameCities(reader, missingCities, cityNames),
  ]);
  for (const [slug, label] of categoryNames) rememberLabel(labelKey(reader.prefix, version, 'category', slug), label);
  for (const [key, label] of cityNames) rememberLabel(labelKey(reader.prefix, version, 'city', key), label);
  for (const hit of hits) {
    if (hit.categorySlug && hit.category && !categoryNames.has(hit.categorySlug)) categoryNames.set(hit.categorySlug, hit.category);
    if (hit.cityKey && hit.city && !cityNames.has(hit.cityKey)) cityNames.set(hit.cityKey, hit.city);
  }
  const cityLabel = (key: string) => cityNames.get(key) ?? key.slice(key.indexOf('/') + 1);
  // Two chips of one name (Paris, France and Paris, Texas; Roma, Italy and Roma, Texas) say their country.
  const timesNamed = new Map<string, number>();
  for (const [key] of cities) increment(timesNamed, cityLabel(key).toLocaleLowerCase());
  return {
    category: categories.map(([value, count]) => ({ value, label: categoryNames.get(value) ?? value, count })),
    city: cities.map(([value, count]) => {
      const label = cityLabel(value);
      const code = value.slice(0, value.indexOf('/')).toUpperCase();
      // Businesses whose file gave no country are on no city page: the chip says why it stands apart.
      if (!code) return { value, label: `${label} (no country)`, count };
      return { value, label: timesNamed.get(label.toLocaleLowerCase())! > 1 ? `${label}, ${countryName(code)}` : label, count };
    }),
  };
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * Names city facet values (`at/vienna`) as their city pages do. A value without a country (`/beograd`:
 * businesses whose file gave no country) takes the name of the biggest city of that slug anywhere.
 */
async function nameCities(reader: SearchReader, keys: string[], names: Map<string, string>): Promise<void> {
  const places = keys.map((key) => ({ key, code: key.slice(0, key.indexOf('/')).toUpperCase(), slug: key.slice(key.indexOf('/') + 1) }));
  const filter = places
    .map(({ code, slug }) => (code ? `(countryCode = ${filterValue(code)} AND citySlug = ${filterValue(slug)})` : `citySlug = ${filterValue(slug)}`))
    .join(' OR ');
  const { hits } = await readSearch(() =>
    reader.index<CityDocument>('cities').search(null, { filter, sort: ['businessCount:desc'], limit: 1_000, attributesToRetrieve: ['countryCode', 'citySlug', 'city'] }),
  );
  for (const hit of hits) {
    const exact = cityFacetKey(hit.countryCode, hit.citySlug);
    if (keys.includes(exact)) names.set(exact, hit.city);
    const bare = cityFacetKey(null, hit.citySlug);
    if (keys.includes(bare) && !names.has(bare)) names.set(bare, hit.city);
  }
  // A city only businesses without a country name ("beograd", where Serbia's page is Belgrade): as one of
  // them spells it, not as its slug.
  const unnamed = places.filter(({ key, code }) => !code && !names.has(key));
  await Promise.all(
    unnamed.map(async ({ key }) => {
      const { hits: found } = await readSearch(() =>
        reader.index<BusinessDocument>('businesses').search(null, { filter: `cityKey = ${filterValue(key)} AND isApproved = true`, limit: 1, attributesToRetrieve: ['city'] }),
      );
      if (found[0]?.city) names.set(key, found[0].city);
    }),
  );
}

/** The part of a search every page and every point shares: how many matches, and their facet counts. */
interface MatchSummary {
  totalHits: number;
  facetDistribution?: Record<string, Record<string, number>>;
}

/** How long a match summary is reused within one data version (the response cache keeps searches 60 s). */
const SUMMARY_SECONDS = 10 * 60;

interface SearchOptions {
  reader: SearchReader;
  query: SearchQuery;
  shared?: SharedValues;
  /** The filter each minus word makes (excludedPlaces), per request. */
  exclusions?: Map<string, Promise<string | null>>;
  /** The keywords name a street (isStreetLike): addresses are searched with names and categories. */
  inAddresses?: boolean;
  /** Businesses matching only some of the words too (when none matches them all). */
  someWords?: boolean;
}

/** Street words and endings: "Walnut St", "Bahnhofstrasse", "rue de Rivoli", "Via Roma", "Karl Johans gate". */
const STREET_WORD = /^(?:st|str|street|ave|av|avenue|rd|road|blvd|boulevard|ln|lane|hwy|highway|pkwy|parkway|calle|rue|via|viale|avenida|rua|ulica|ul|bulevar|straat|laan|gate|gata|gatan|vej|gade)\.?$/iu;
const STREET_ENDING = /\p{L}(?:strasse|straße|gasse|allee|platz|weg|straat|laan|gatan|gade|vej|veien|vägen|utca|ulica)$/iu;

/**
 * Keywords that name a street. Businesses on it are found by their address, with the ones whose name or
 * category holds the words: "Bahnhofstrasse" listed one shoe shop called so, not the shops on it, and
 * "Chestnut St" the businesses called "Chestnut Hill ..." (names alone were searched unless none matched).
 */
function isStreetLike(q: string): boolean {
  return q.split(/\s+/).some((word) => STREET_WORD.test(word) || STREET_ENDING.test(word));
}

export async function searchBusinesses(options: SearchOptions): Promise<SearchResult> {
  // Keywords without a letter or digit ('#', '*', '""') are no keywords: Meilisearch would answer them
  // with the whole directory. Alone, they find nothing.
  if (options.query.q && !/[\p{L}\p{N}]/u.test(options.query.q)) {
    const { q, location, category, city, limit } = options.query;
    if (!location && !category && !city) {
      return { businesses: [], ...pageInfo({ page: 1, perPage: limit, totalCount: 0 }), query: q, location, matchedAs: 'keywords', place: null, facets: { category: [], city: [] } };
    }
    options = { ...options, query: { ...options.query, q: '' } };
  }
  const isPhone = Boolean(options.query.q && phoneQueryKeys(options.query.q));
  // One search may run several (in a place, everywhere, as a location): each minus word is read once.
  options = { ...options, exclusions: new Map(), inAddresses: Boolean(options.query.q) && !isPhone && isStreetLike(options.query.q) };
  const { reader, query } = options;
  // "pizza berlin", "new york pizza": keywords with a place at their end or start are the keywords in
  // that place, when businesses there match them (Meilisearch would drop "berlin" as a last word, or
  // match it in names: "Berlin Sushi" for "berlin pizza").
  // A place named that way with no match there: the keywords without the place, everywhere, and the page
  // says so (the place's words left in ranked "Best In Town Pizza" first for "pizza in new york").
  let missedPlace: { place: string; keywords: string } | null = null;
  if (query.q && !query.location && !isPhone && /\s/.test(query.q.trim())) {
    const split = await placeInKeywords(reader, query.q);
    if (split) {
      const located = await resolveLocation(reader, split.place);
      if (located.filter) {
        // A business called what was typed ("Bistrot à Paris" in Zürich, "Hotel Berlin" in Munich) is what
        // was asked for, wherever it is: then the words are searched as typed. Read beside the search in
        // the place, so it costs no time.
        const [inPlace, named] = await Promise.all([
          searchOnce({ ...options, query: { ...query, q: split.keywords, location: split.place } }, located),
          isBusinessName(reader, query.q),
        ]);
        if (!named) {
          if (inPlace.totalCount > 0) return { ...inPlace, query: split.keywords, location: split.place, matchedAs: 'keywords-in-place', place: null };
          missedPlace = split;
        } else {
          // That business first, then the others matching the first words ("Hotel Berlin", then hotels).
          options = { ...options, someWords: true };
        }
      }
    }
  }
  // Two letters are searched as words, never taken for a country code (IT support is not Italy).
  const keywordsOnly = Boolean(query.q) && !isPhone && !query.location && !query.category && !query.city && !/^[a-z]{2}$/i.test(query.q);
  // Near a point the visitor has said where already: no place hint (and no read for one, under the
  // costliest search there is).
  const nearPoint = query.lat !== undefined;
  // "-philadelphia" excludes the place: no offer to show it.
  const excludes = minusWords(query.q).length > 0;
  const everywhere = missedPlace ? { ...options, query: { ...query, q: missedPlace.keywords } } : options;
  const [result, place] = await Promise.all([searchOnce(everywhere), keywordsOnly && !nearPoint && !excludes ? placeNamed(reader, query.q) : null]);
  // No business matches the words, or they have a number ("Löwenstrasse 51") that no business name or
  // category has with them (Meilisearch would drop the number and list the names that hold the street's):
  // the words are a place typed into the keywords box (東京, Москва, Berlin), a street or a postcode.
  const numbered = keywordsOnly && /\p{L}/u.test(query.q) && /(^|\s)\d[\p{L}\d/-]*(\s|$)/u.test(query.q);
  if (keywordsOnly && (result.totalCount === 0 || (numbered && !(await hasEveryWord(reader, query.q))))) {
    // The words as a location: searched in the addresses, postcodes, cities and countries only.
    const located = await resolveLocation(reader, query.q);
    const inPlace = await searchOnce({ ...options, query: { ...query, q: '', location: query.q } }, located);
    if (inPlace.totalCount > 0) return { ...inPlace, query: query.q, location: '', matchedAs: 'location', place: null };
    // "pizza 19148": the words in that postcode (or at that house number).
    if (numbered) {
      const words = query.q.split(/\s+/);
      const keywords = words.filter((word) => !/^\d/.test(word)).join(' ');
      const at = words.filter((word) => /^\d/.test(word)).join(' ');
      const inPostcode = await searchOnce({ ...options, query: { ...query, q: keywords, location: at } }, { words: at });
      if (inPostcode.totalCount > 0) return { ...inPostcode, query: keywords, location: at, matchedAs: 'keywords-in-place', place: null };
    }
  }
  if (missedPlace && result.totalCount > 0) return { ...result, query: missedPlace.keywords, matchedAs: 'keywords-not-in-place', place: missedPlace.place };
  // Keywords and a place typed apart (the home page's and not-found page's 'where' field): nothing there
  // matches them, so the keywords everywhere, and the page says so, as for "pizza berlin" (it was a dead
  // end: "pizza" in "Roma" gave no results while "pizza roma" gave them). Not near a point, in a chosen
  // facet or for a phone number: those ask for exactly that.
  if (result.totalCount === 0 && query.q && query.location && !isPhone && !nearPoint && !query.category && !query.city) {
    const anywhere = await searchOnce({ ...options, query: { ...query, location: '' } });
    if (anywhere.totalCount > 0) return { ...anywhere, query: query.q, location: '', matchedAs: 'keywords-not-in-place', place: query.location };
  }
  // No business matches every word ("the best pizza near city hall"): those matching the first words,
  // and the page says so.
  const words = (missedPlace?.keywords ?? query.q).split(/\s+/).filter((word) => word && !isMinusWord(word));
  if (result.totalCount === 0 && words.length > 1 && !isPhone) {
    const some = await searchOnce({ ...everywhere, someWords: true });
    if (some.totalCount > 0) return { ...some, query: missedPlace?.keywords ?? query.q, matchedAs: 'some-words', place: null };
  }
  return { ...result, place };
}

/**
 * "pizza -philadelphia": a word after a minus that names a city of the directory or a country (in
 * English) excludes the businesses there too; Meilisearch's own negative keyword only excludes the word
 * in what is searched (names, categories). A word that is also a category ("-bar") stays a keyword.
 */
async function excludedPlaces(reader: SearchReader, keywords: string, known: Map<string, Promise<string | null>>): Promise<string | null> {
  const excluded = await Promise.all(
    minusWords(keywords).map((word) => {
      let filter = known.get(word);
      if (!filter) known.set(word, (filter = excludedPlace(reader, word)));
      return filter;
    }),
  );
  return excluded.filter(Boolean).join(' AND ') || null;
}

async function excludedPlace(reader: SearchReader, word: string): Promise<string | null> {
  const country = word.length > 2 ? countryCodeFrom(word, 'english') : null;
  if (country) return `countryCode != ${filterValue(country)}`;
  const slug = citySlug(word);
  if (!slug) return null;
  const [cities, categories] = await Promise.all([
    readSearch(() => reader.index<CityDocument>('cities').search(null, { filter: cityNamedFilter(slug), limit: 1, attributesToRetrieve: ['citySlug'] })),
    readSearch(() => reader.index<CategoryDocument>('categories').search(null, { filter: `slug = ${filterValue(categorySlug(word))}`, limit: 1, attributesToRetrieve: ['slug'] })),
  ]);
  return cities.hits.length > 0 && categories.hits.length === 0 ? `NOT (${cityNamedFilter(slug)})` : null;
}

/** Whether a word is one after a minus ("-philadelphia"), left out by Meilisearch (its negative keyword). */
const isMinusWord = (word: string) => word.startsWith('-');

/** The words after a minus ("pizza -philadelphia"), which Meilisearch leaves out (its negative keyword). */
function minusWords(text: string): string[] {
  return [...text.matchAll(/(?:^|\s)-([^\s-]\S*)/gu)].map((match) => match[1]).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** Whether some business's name, category or type holds every word of `q`. */
async function hasEveryWord(reader: SearchReader, q: string): Promise<boolean> {
  const found = await readSearch(() =>
    reader.index<BusinessDocument>('businesses').search(q, { limit: 1, attributesToRetrieve: ['id'], attributesToSearchOn: ['name', 'category', 'type', 'subtypes'], matchingStrategy: 'all', filter: 'isApproved = true' }),
  );
  return found.hits.length > 0;
}

/** Whether some business's name is `q` (compared as slugs: no case, accents or punctuation). */
async function isBusinessName(reader: SearchReader, q: string): Promise<boolean> {
  const wanted = slugify(q);
  const found = await readSearch(() => reader.index<BusinessDocument>('businesses').search(q, { limit: 5, attributesToRetrieve: ['name'], attributesToSearchOn: ['name'], filter: 'isApproved = true' }));
  return found.hits.some((hit) => slugify(hit.name) === wanted);
}

/** How many words at the end or the start of the keywords may name the place ("rio de janeiro"). */
const MAX_PLACE_WORDS = 3;

/**
 * The place named by the last or the first words of `q` (longest first, the end before the start),
 * with the keywords left: a city of the directory (exact name) or a country's English name. Words that
 * are also a category ("bar": Bar, Montenegro) stay keywords. One read of each small aggregate index.
 */
/** Words that join keywords to the place after them, in the languages of the directory's visitors. */
const CONNECTORS = /^(in|near|at|around|nearby|en|à|a|dans|près|im|bei|nahe|em|perto|di|vicino|w|в|у|около|na|u|yakınında)$/iu;

/** Words that end many searches and name no one place, whatever a bad export called a city ("pizza city"). */
const GENERIC_PLACE_WORDS = new Set(['city', 'town', 'capital', 'center', 'centre', 'downtown', 'village', 'metro', 'area', 'local', 'nearby']);

async function placeInKeywords(reader: SearchReader, q: string): Promise<{ keywords: string; place: string } | null> {
  const words = q.trim().split(/\s+/);
  const candidates: Array<{ place: string; keywords: string; slug: string; qualifier?: string }> = [];
  // "plumber naples fl", "pizza, Philadelphia, PA", "pizza paris france": a city with its state or country
  // after it (the words before it only); the place is then searched as "naples, FL" (resolveLocation keeps
  // it in that state's country).
  const last = words[words.length - 1].replace(/[.,;]+$/u, '');
  const qualifier = words.length >= 3 && (isUsState(last) || (last.length > 2 && Boolean(countryCodeFrom(last, 'english')))) ? (last.length === 2 ? last.toUpperCase() : last) : undefined;
  const sources = [...(qualifier ? [{ body: words.slice(0, -1), qualifier }] : []), { body: words, qualifier: undefined }];
  for (const { body, qualifier } of sources) {
    const clean = (text: string) => (qualifier ? text.replace(/[.,;]+$/u, '') : text);
    for (let n = Math.min(MAX_PLACE_WORDS, body.length - 1); n >= 1; n--) {
      const splits = [[body.slice(-n), body.slice(0, -n), true], ...(qualifier ? [] : [[body.slice(0, n), body.slice(n), false]])] as Array<[string[], string[], boolean]>;
      for (const [place, keywords, atEnd] of splits) {
        const text = place.map(clean).join(' ');
        // "pizza -philadelphia" excludes a word (Meilisearch's negative keyword): never a place to search in.
        if (place.some(isMinusWord)) continue;
        const slug = citySlug(text);
        // "pizza in new york": the place's connecting word is not a keyword ("pizza in" found nothing better).
        const rest = atEnd && keywords.length > 1 && CONNECTORS.test(keywords[keywords.length - 1]) ? keywords.slice(0, -1) : keywords;
        if (slug && !GENERIC_PLACE_WORDS.has(slug) && /[\p{L}\p{N}]/u.test(rest.join(''))) candidates.push({ place: text, keywords: clean(rest.join(' ')), slug, qualifier });
      }
    }
  }
  if (candidates.length === 0) return null;
  // A place's other names too: "cafe in belgrade" where the directory says Beograd.
  const slugs = [...new Set(candidates.flatMap((candidate) => [candidate.slug, ...otherCityNames(candidate.place)]))].map(filterValue).join(', ');
  const categorySlugs = [...new Set(candidates.map((candidate) => categorySlug(candidate.place)))].map(filterValue).join(', ');
  const [cities, categories] = await Promise.all([
    readSearch(() => reader.index<CityDocument>('cities').search(null, { filter: `citySlug IN [${slugs}]`, sort: ['businessCount:desc'], limit: 50, attributesToRetrieve: ['city', 'citySlug'] })),
    readSearch(() => reader.index<CategoryDocument>('categories').search(null, { filter: `slug IN [${categorySlugs}]`, limit: 50, attributesToRetrieve: ['slug'] })),
  ]);
  const cityBySlug = new Map<string, string>();
  for (const hit of cities.hits) if (!cityBySlug.has(hit.citySlug)) cityBySlug.set(hit.citySlug, hit.city);
  const isCategory = new Set(categories.hits.map((hit) => hit.slug));
  for (const candidate of candidates) {
    if (isCategory.has(categorySlug(candidate.place))) continue;
    // Two letters are words, not country codes ("it support"); a code of three or more is no name.
    const country = candidate.place.length > 2 && !candidate.qualifier ? countryCodeFrom(candidate.place, 'english') : null;
    if (country) return { keywords: candidate.keywords, place: countryName(country) };
    const city = cityBySlug.get(candidate.slug) ?? otherCityNames(candidate.place).map((slug) => cityBySlug.get(slug)).find(Boolean);
    // With a state or country, the city as typed: its page's name may be another country's ("Napoli, FL").
    if (city) return { keywords: candidate.keywords, place: candidate.qualifier ? `${candidate.place}, ${candidate.qualifier}` : city };
  }
  return null;
}

/**
 * The country `text` names, if any. A name in English (or a code) is the country; a name only in another
 * language gives way to a city of that name in the directory: Salvador (Bahia) is not El Salvador, nor
 * Brasília Brazil (Finnish "Brasilia"), for someone searching this directory.
 */
async function countryNamed(reader: SearchReader, text: string): Promise<string | null> {
  const english = countryCodeFrom(text, 'english');
  if (english) return english;
  const other = countryCodeFrom(text);
  if (!other) return null;
  return (await cityNamed(reader, text)) ? null : other;
}

/** The name of the city in the directory called exactly `text` (the biggest, when several are), if any. */
async function cityNamed(reader: SearchReader, text: string): Promise<string | null> {
  const slug = citySlug(text);
  if (!slug) return null;
  // Its page may have another name's slug (Beograd: belgrade in RS).
  const { hits } = await readSearch(() =>
    reader.index<CityDocument>('cities').search(null, { filter: cityNamedFilter(slug), sort: ['businessCount:desc'], limit: 1, attributesToRetrieve: ['city'] }),
  );
  return hits[0]?.city ?? null;
}

/** The name of the city or country `text` names exactly (no typo tolerance: a hint must not guess). */
async function placeNamed(reader: SearchReader, text: string): Promise<string | null> {
  const country = await countryNamed(reader, text);
  return country ? countryName(country) : cityNamed(reader, text);
}

/** One search as asked; `resolved` is query.location already resolved to a place, when the caller has it. */
async function searchOnce(options: SearchOptions, resolved?: ResolvedLocation): Promise<SearchResult> {
  const { reader, query, shared } = options;
  const location = resolved ?? (await resolveLocation(reader, query.location));
  // A phone number is looked up by its digits, not as words (common/phone-keys.ts).
  const phone = query.q ? phoneQueryKeys(query.q) : null;
  const keywords = phone ? '' : query.q;
  const text = [keywords, location.words].filter(Boolean).join(' ');
  // A facet distribution over every business costs ~100 ms at 500k (DESIGN §1): only for narrowed sets.
  // Facet chips narrow by the exact slugs the facet counts reported.
  const facetFilters = [
    query.category ? `categorySlug = ${filterValue(query.category)}` : null,
    query.city ? cityFacetFilter(query.city) : null,
  ];
  const isNarrowed = Boolean(text || phone || location.filter || query.category || query.city);
  const perPage = query.limit;
  const page = Math.min(query.page, Math.max(1, Math.floor(MAX_SEARCH_HITS / perPage)));
  const excluded = keywords ? await excludedPlaces(reader, keywords, options.exclusions ?? new Map()) : null;
  const search: SearchParams = {
    q: text || null,
    filter: ['isApproved = true', phone && `phoneDigits IN [${phone.map(filterValue).join(', ')}]`, location.filter, excluded, ...facetFilters].filter(Boolean).join(' AND '),
    // Keywords look at what a business is; the location words (when not a known place) at where, and
    // alone they look only there ("Vienna" with no Vienna in the directory found Vietnamese restaurants).
    attributesToSearchOn: location.words
      ? (keywords ? undefined : ['city', 'state', 'country', 'fullAddress', 'postalCode'])
      : options.inAddresses && keywords ? ['name', 'category', 'type', 'subtypes', 'fullAddress'] : ['name', 'category', 'type', 'subtypes'],
    // Every word must match ("san francisco" listed San Marco and San Diego after the five in San
    // Francisco, and counted them); only when none matches them all, the first words (someWords).
    matchingStrategy: options.someWords && !location.words ? 'last' : 'all',
    attributesToRetrieve: [...LIST_ATTRIBUTES, 'categorySlug', 'cityKey'],
  };
  // Facet counts over many matches are the costliest part of a search at a million businesses: other
  // pages and other points of the same search reuse its total and facets.
  const summaryKey = JSON.stringify(['search-summary', search.q, search.filter, search.attributesToSearchOn ?? null, search.matchingStrategy, isNarrowed]);
  const summary = shared ? await shared.lookup<MatchSummary>(summaryKey, SUMMARY_SECONDS) : { value: undefined, store: () => undefined };
  const facets = isNarrowed && !summary.value ? FACETS : undefined;
  const [result, wholeDirectory] = await Promise.all([
    query.lat !== undefined && query.lng !== undefined
      ? nearestFirst(reader, search, { lat: query.lat, lng: query.lng }, page, perPage, summary.value, facets)
      : readSearch(() => reader.index<Hit>('businesses').search(search.q, { ...search, facets, page, hitsPerPage: perPage })),
    !isNarrowed && !summary.value ? directoryFacets(reader) : undefined,
  ]);
  let facetDistribution = summary.value?.facetDistribution;
  if (!summary.value) {
    facetDistribution = wholeDirectory ?? (result.facetDistribution && (await completeFacets(reader, search, result.facetDistribution)));
    summary.store({ totalHits: result.totalHits, facetDistribution });
  }
  return {
    businesses: result.hits.map((hit) => ({ ...presentBusinessListItem(hit), distanceMeters: hit.distanceMeters ?? null })),
    ...pageInfo({ page, perPage, totalCount: result.totalHits, maxPages: Math.floor(MAX_SEARCH_HITS / perPage) }),
    query: query.q,
    location: query.location,
    matchedAs: 'keywords',
    place: null,
    facets: await labelFacets(reader, shared ? await shared.version() : '', facetDistribution, result.hits),
  };
}

const FACETS = ['categorySlug', 'cityKey'];

/** A chosen city chip: a city of one country (`at/vienna`), or an older link's bare slug (every country). */
function cityFacetFilter(value: string): string {
  return value.includes('/') ? `cityKey = ${filterValue(value.toLowerCase())}` : `citySlug = ${filterValue(value)}`;
}

/**
 * The facet counts of a search over every business (no keywords, no place: the whole directory, nearest
 * first or not): the biggest categories and cities as the aggregate indexes count them, the numbers their
 * own pages show.
 */
async function directoryFacets(reader: SearchReader): Promise<Record<string, Record<string, number>>> {
  const [categories, cities] = await Promise.all([
    readSearch(() => reader.index<CategoryDocument>('categories').search(null, { sort: ['count:desc'], limit: FACET_LIMIT, attributesToRetrieve: ['slug', 'count'] })),
    readSearch(() => reader.index<CityDocument>('cities').search(null, { sort: ['businessCount:desc'], limit: FACET_LIMIT, attributesToRetrieve: ['countryCode', 'citySlug', 'businessCount'] })),
  ]);
  return {
    categorySlug: Object.fromEntries(categories.hits.map((hit) => [hit.slug, hit.count])),
    cityKey: Object.fromEntries(cities.hits.map((hit) => [cityFacetKey(hit.countryCode, hit.citySlug), hit.businessCount])),
  };
}

/** How many of the directory's biggest categories or cities a cut facet is recounted over. */
const FACET_RECOUNT_VALUES = 200;

/**
 * Facet values come back in alphabetical order, at most MAX_VALUES_PER_FACET of them (sorting by count
 * costs ~5x at a million businesses: platform/search/settings.ts). A facet with fewer values is
 * complete. One cut at the limit (a broad search over more than 500 cities) would rank the alphabetically
 * first 500 only, so it is counted again over the directory's 200 biggest categories or cities (from the
 * aggregate indexes, by businesses): the top chips of a search that wide come from those. Counts stay
 * exact; a value outside the 200 can be missed only for such broad searches.
 */
async function completeFacets(reader: SearchReader, search: SearchParams, distribution: Record<string, Record<string, number>>) {
  const cut = FACETS.filter((facet) => Object.keys(distribution[facet] ?? {}).length >= MAX_VALUES_PER_FACET);
  if (cut.length === 0) return distribution;
  const complete = { ...distribution };
  await Promise.all(
    cut.map(async (facet) => {
      const biggest =
        facet === 'categorySlug'
          ? (await readSearch(() => reader.index<CategoryDocument>('categories').search(null, { sort: ['count:desc'], limit: FACET_RECOUNT_VALUES, attributesToRetrieve: ['slug'] }))).hits.map((hit) => hit.slug)
          : (await readSearch(() => reader.index<CityDocument>('cities').search(null, { sort: ['businessCount:desc'], limit: FACET_RECOUNT_VALUES, attributesToRetrieve: ['countryCode', 'citySlug'] }))).hits.map((hit) => cityFacetKey(hit.countryCode, hit.citySlug));
      const recount = await readSearch(() =>
        reader.index('businesses').search(search.q, {
          ...search,
          filter: `${search.filter} AND ${facet} IN [${[...new Set(biggest)].map(filterValue).join(', ')}]`,
          facets: [facet],
          page: 1,
          hitsPerPage: 0,
        }),
      );
      complete[facet] = recount.facetDistribution?.[facet] ?? {};
    }),
  );
  return complete;
}
type Hit = BusinessListDocument & Pick<BusinessDocument, 'categorySlug' | 'cityKey' | '_geo'> & { distanceMeters?: number | null };

/**
 * One page of the matches, nearest to `point` first (matches without coordinates last). Reads the total
 * and facets of all matches, then the ids and points of the matches in a block of geohash cells around
 * the point, sorts those by distance here and reads the page's businesses by id. A block is exact as far
 * as it reaches (coveredMeters: every place that near is in it), so it is used when at least the page's
 * last match lies that near. The first block is 3 x 3 cells at precision 5 (~15 km across); one holding
 * more matches than a read returns (MAX_SEARCH_HITS) gives way to finer cells, one that does not reach far
 * enough to coarser cells, then to wider blocks of the coarsest (several thousand km), then to every
 * match. Only where the page's matches are too many to read whole (a dense area far from the point) is
 * the order the best of what was read.
 */
async function nearestFirst(
  reader: SearchReader,
  search: SearchParams,
  point: { lat: number; lng: number },
  page: number,
  perPage: number,
  /** The total and facets when already known; otherwise they are read, counting `facets`. */
  known: MatchSummary | undefined,
  facets: string[] | undefined,
) {
  const index = reader.index<Hit>('businesses');
  // Only ids and points: reading whole documents of a 1,000-match block costs ~0.1 ms each.
  const points = async (filter: string) =>
    (await readSearch(() => index.search(search.q, { ...search, filter, limit: MAX_SEARCH_HITS, attributesToRetrieve: ['id', '_geo'] }))).hits;
  const filterOf = (block: Block) =>
    block === EVERY_MATCH ? (search.filter as string) : `${search.filter} AND geoCells IN [${cellBlock(point.lat, point.lng, block.precision, block.rings).map(filterValue).join(', ')}]`;
  const reachOf = (block: Block) => (block === EVERY_MATCH ? Infinity : coveredMeters(point.lat, point.lng, block.precision, block.rings));
  // Stable sort: equal distances keep Meilisearch's relevance order.
  const measure = (hits: Hit[]) => hits.map((hit) => ({ id: hit.id, distanceMeters: hit._geo ? distanceMeters(point, hit._geo) : null })).sort(byDistance);
  let at = BLOCKS.findIndex((block) => block !== EVERY_MATCH && block.precision === START_PRECISION && block.rings === 1);
  // The total and facets (at a million businesses the facet counts are most of a search's cost) are
  // read while the first block is: the two do not depend on each other.
  const [all, first] = await Promise.all([
    known ?? readSearch(() => index.search(search.q, { ...search, facets, page: 1, hitsPerPage: 0 })),
    points(filterOf(BLOCKS[at])),
  ]);
  const needed = Math.min(page * perPage, all.totalHits);

  let sorted: Measured[] = [];
  if (needed > 0) {
    let hits = first;
    // Too many matches to read in this block: finer cells, while there are finer ones.
    while (hits.length >= MAX_SEARCH_HITS && at > 0) hits = await points(filterOf(BLOCKS[--at]));
    sorted = measure(hits);
    // Wider while the page's last match may lie beyond the block's reach, and the block was read whole.
    while (!(sorted.length >= needed && (sorted[needed - 1].distanceMeters ?? Infinity) <= reachOf(BLOCKS[at])) && hits.length < MAX_SEARCH_HITS && at < BLOCKS.length - 1) {
      hits = await points(filterOf(BLOCKS[++at]));
      sorted = hits.length >= MAX_SEARCH_HITS ? mergeMeasured(sorted, measure(hits)) : measure(hits);
    }
  }
  const pageOf = sorted.slice((page - 1) * perPage, page * perPage);
  const documents = pageOf.length
    ? (await readSearch(() => index.search(null, { filter: `id IN [${pageOf.map((hit) => hit.id).join(', ')}]`, limit: pageOf.length, attributesToRetrieve: search.attributesToRetrieve }))).hits
    : [];
  const byId = new Map(documents.map((document) => [document.id, document]));
  const hits = pageOf.flatMap((hit) => {
    const document = byId.get(hit.id);
    return document ? [{ ...document, distanceMeters: hit.distanceMeters }] : [];
  });
  return { hits, totalHits: all.totalHits, facetDistribution: all.facetDistribution };
}

/** Every match, whether it has coordinates or not: the last "block", which reaches everything. */
const EVERY_MATCH = 'every match';
type Block = { precision: number; rings: number } | typeof EVERY_MATCH;

/**
 * Blocks from the finest to the widest: 3 x 3 cells at each precision, then wider squares of the
 * coarsest, then every match.
 */
const BLOCKS: Block[] = [
  ...[...GEO_CELL_PRECISIONS].reverse().map((precision) => ({ precision, rings: 1 })),
  ...[2, 4, 8].map((rings) => ({ precision: GEO_CELL_PRECISIONS[0], rings })),
  EVERY_MATCH,
];

type Measured = { id: number; distanceMeters: number | null };

/** Nearest first, matches without coordinates last. */
const byDistance = (a: Measured, b: Measured) => (a.distanceMeters ?? Infinity) - (b.distanceMeters ?? Infinity);

/** A complete nearer block's sorted matches with a cut-off wider read's, each match once, sorted. */
function mergeMeasured(complete: Measured[], partial: Measured[]): Measured[] {
  const seen = new Set(complete.map((hit) => hit.id));
  return [...complete, ...partial.filter((hit) => !seen.has(hit.id))].sort(byDistance);
}

/** Where nearest-first starts looking: cells of ~4.9 km, a block ~15 km across. */
const START_PRECISION = 5;
