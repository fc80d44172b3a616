/**
 * Cities a visitor may name in English while an export names them in their own language, or the other
 * way round (Rome / Roma, Vienna / Wien, Bombay / Mumbai). Each group lists names of one city; a location
 * that names a city no business has is also looked up under the other names of its group. A short list of
 * the names people type, not a gazetteer: the directory's own city names cover the rest.
 */
import { citySlug } from './slug.ts';

const GROUPS: string[][] = [
  ['Rome', 'Roma'], ['Vienna', 'Wien'], ['Prague', 'Praha'], ['Cologne', 'Köln'], ['Naples', 'Napoli'],
  ['Florence', 'Firenze'], ['Venice', 'Venezia'], ['Milan', 'Milano'], ['Turin', 'Torino'], ['Genoa', 'Genova'],
  ['Munich', 'München'], ['Nuremberg', 'Nürnberg'], ['Hanover', 'Hannover'], ['Copenhagen', 'København'],
  ['Gothenburg', 'Göteborg'], ['The Hague', 'Den Haag', "'s-Gravenhage"], ['Antwerp', 'Antwerpen', 'Anvers'],
  ['Brussels', 'Bruxelles', 'Brussel'], ['Geneva', 'Genève', 'Genf'], ['Zurich', 'Zürich'], ['Lisbon', 'Lisboa'],
  ['Seville', 'Sevilla'], ['Warsaw', 'Warszawa'], ['Krakow', 'Kraków', 'Cracow'], ['Bucharest', 'București'],
  ['Belgrade', 'Beograd', 'Београд'], ['Athens', 'Athina', 'Αθήνα'], ['Kyiv', 'Kiev', 'Київ', 'Киев'],
  ['Moscow', 'Moskva', 'Москва'], ['Saint Petersburg', 'St Petersburg', 'Sankt-Peterburg', 'Санкт-Петербург'],
  ['Mumbai', 'Bombay'], ['Kolkata', 'Calcutta'], ['Chennai', 'Madras'], ['Bengaluru', 'Bangalore'],
  ['Beijing', 'Peking', '北京'], ['Guangzhou', 'Canton', '广州'], ['Shanghai', '上海'], ['Tokyo', 'Tokio', '東京'],
  ['Osaka', '大阪'], ['Kyoto', '京都'], ['Seoul', '서울'], ['Busan', '부산'], ['Taipei', '臺北', '台北', '臺北市', '台北市'],
  ['Ho Chi Minh City', 'Saigon', 'Thành phố Hồ Chí Minh'], ['Bangkok', 'กรุงเทพมหานคร'], ['Cairo', 'القاهرة'],
  ['Mexico City', 'Ciudad de México'], ['Sao Paulo', 'São Paulo'], ['Montreal', 'Montréal'], ['Quebec City', 'Québec'],
  ['Istanbul', 'İstanbul'], ['New York', 'New York City', 'NYC'], ['Tehran', 'تهران'], ['Jerusalem', 'ירושלים'], ['Dubai', 'دبي'],
];

const BY_SLUG = new Map<string, string[]>();
for (const group of GROUPS) {
  const slugs = [...new Set(group.map((name) => citySlug(name)).filter(Boolean))];
  for (const slug of slugs) {
    // A name in two groups would hide the first group's other names.
    if (BY_SLUG.has(slug)) throw new Error(`city-names.ts: "${slug}" is in two groups`);
    BY_SLUG.set(slug, slugs);
  }
}

/** The slugs of every name of the city `text` names (its own included), or [] when it is none of these. */
export function otherCityNames(text: string): string[] {
  return BY_SLUG.get(citySlug(text)) ?? [];
}
