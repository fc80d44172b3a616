/**
 * Cities a visitor may name in English while an export names them in their own language, or the other
 * way round (Rome / Roma, Vienna / Wien, Bombay / Mumbai). Each group lists names of one city: in its
 * country, its businesses share one city page whichever name their file used (cityPageSlug), and a search
 * for any of the names finds them all. A short list of the names people type and exports use, not a
 * gazetteer: the directory's own city names cover the rest.
 */
import { citySlug } from './slug.ts';

/**
 * Each group's country, then its names; the first name's slug is the one page of the city there. The
 * search index's settings version includes this list: a change re-indexes (platform/search/settings.ts).
 */
export const CITY_NAME_GROUPS: ReadonlyArray<readonly [country: string, ...names: string[]]> = [
  ['IT', 'Rome', 'Roma'], ['AT', 'Vienna', 'Wien'], ['CZ', 'Prague', 'Praha'], ['DE', 'Cologne', 'Köln'], ['IT', 'Naples', 'Napoli'],
  ['IT', 'Florence', 'Firenze'], ['IT', 'Venice', 'Venezia'], ['IT', 'Milan', 'Milano'], ['IT', 'Turin', 'Torino'], ['IT', 'Genoa', 'Genova'],
  ['DE', 'Munich', 'München'], ['DE', 'Nuremberg', 'Nürnberg'], ['DE', 'Hanover', 'Hannover'], ['DK', 'Copenhagen', 'København'],
  ['SE', 'Gothenburg', 'Göteborg'], ['NL', 'The Hague', 'Den Haag', "'s-Gravenhage"], ['BE', 'Antwerp', 'Antwerpen', 'Anvers'],
  ['BE', 'Brussels', 'Bruxelles', 'Brussel'], ['CH', 'Geneva', 'Genève', 'Genf'], ['CH', 'Zurich', 'Zürich'], ['PT', 'Lisbon', 'Lisboa'],
  ['ES', 'Seville', 'Sevilla'], ['PL', 'Warsaw', 'Warszawa'], ['PL', 'Krakow', 'Kraków', 'Cracow'], ['RO', 'Bucharest', 'București'],
  ['RS', 'Belgrade', 'Beograd', 'Београд'], ['GR', 'Athens', 'Athina', 'Αθήνα'], ['UA', 'Kyiv', 'Kiev', 'Київ', 'Киев'],
  ['RU', 'Moscow', 'Moskva', 'Москва'], ['RU', 'Saint Petersburg', 'St Petersburg', 'Sankt-Peterburg', 'Санкт-Петербург'],
  ['IN', 'Mumbai', 'Bombay'], ['IN', 'Kolkata', 'Calcutta'], ['IN', 'Chennai', 'Madras'], ['IN', 'Bengaluru', 'Bangalore'],
  ['CN', 'Beijing', 'Peking', '北京'], ['CN', 'Guangzhou', 'Canton', '广州'], ['CN', 'Shanghai', '上海'], ['JP', 'Tokyo', 'Tokio', '東京'],
  ['JP', 'Osaka', '大阪'], ['JP', 'Kyoto', '京都'], ['KR', 'Seoul', '서울'], ['KR', 'Busan', '부산'], ['TW', 'Taipei', '臺北', '台北', '臺北市', '台北市'],
  ['VN', 'Ho Chi Minh City', 'Saigon', 'Thành phố Hồ Chí Minh'], ['TH', 'Bangkok', 'กรุงเทพมหานคร'], ['EG', 'Cairo', 'القاهرة'],
  ['MX', 'Mexico City', 'Ciudad de México'], ['BR', 'Sao Paulo', 'São Paulo'], ['CA', 'Montreal', 'Montréal'], ['CA', 'Quebec City', 'Québec'],
  ['TR', 'Istanbul', 'İstanbul'], ['US', 'New York', 'New York City', 'NYC'], ['IR', 'Tehran', 'تهران'], ['IL', 'Jerusalem', 'ירושלים'], ['AE', 'Dubai', 'دبي'],
];

interface Group {
  countryCode: string;
  names: string[];
  /** Every name's slug, the first name's first: the slug of the city's one page in its country. */
  slugs: string[];
}

const BY_SLUG = new Map<string, Group>();
for (const [countryCode, ...names] of CITY_NAME_GROUPS) {
  const group = { countryCode, names, slugs: [...new Set(names.map((name) => citySlug(name)).filter(Boolean))] };
  for (const slug of group.slugs) {
    // A name in two groups would hide the first group's other names.
    if (BY_SLUG.has(slug)) throw new Error(`city-names.ts: "${slug}" is in two groups`);
    BY_SLUG.set(slug, group);
  }
}

/** The slugs of every name of the city `text` names (its own included), or [] when it is none of these. */
export function otherCityNames(text: string): string[] {
  return BY_SLUG.get(citySlug(text))?.slugs ?? [];
}

/**
 * The slug of the one page of the city a business in `city` (a name) of `countryCode` belongs to: its
 * group's first name's when the group is that country's (Beograd, RS: belgrade; 台北市, TW: taipei),
 * otherwise the city's own slug. Only in the group's country: Canton, Ohio stays Canton and Roma, Texas
 * stays Roma. The stored city_slug is the name's own slug; documents and pages use this one.
 */
export function cityPageSlug(city: string, countryCode: string | null | undefined): string {
  return pageOfCitySlug(citySlug(city), countryCode);
}

/** cityPageSlug of a city slug (a stored city_slug, a route's). */
export function pageOfCitySlug(slug: string, countryCode: string | null | undefined): string {
  const group = BY_SLUG.get(slug);
  return group && countryCode?.toUpperCase() === group.countryCode ? group.slugs[0] : slug;
}

/** Every name of the city whose page is `pageSlug` in `countryCode` (its group's names), or []. */
export function namesOfCityPage(pageSlug: string, countryCode: string): string[] {
  const group = BY_SLUG.get(pageSlug);
  return group && group.slugs[0] === pageSlug && group.countryCode === countryCode.toUpperCase() ? group.names : [];
}

/**
 * Where businesses in a city named `city` are, its country unknown: under the name's own slug in any
 * country, or, in its group's country, under the group's page (Beograd: belgrade in RS).
 */
export function cityPageElsewhere(city: string): { countryCode: string; slug: string } | null {
  const slug = citySlug(city);
  const group = BY_SLUG.get(slug);
  return group && group.slugs[0] !== slug ? { countryCode: group.countryCode, slug: group.slugs[0] } : null;
}
