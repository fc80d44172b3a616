/**
 * Country names for every ISO 3166-1 alpha-2 code, from Intl.DisplayNames (the seed knew 12).
 * Shared by the importer (name -> code), the indexer and API (code -> name, slug) and the frontend.
 */
import { slugify } from './slug.ts';

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

// Codes ICU names that are not ISO 3166-1 countries (continents, unions, reserved or retired codes).
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UK', 'UN', 'XA', 'XB', 'ZZ', 'ZR',
  // Retired codes ICU still names after their successor ("France" for FX, "Russia" for SU): without
  // this, countryCodeFrom('France') answered 'FX' and countryCodeFrom('Russia') 'SU'.
  'AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'VD', 'YD', 'YU']);

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const COUNTRY_CODES: readonly string[] = [...LETTERS].flatMap((first) =>
  [...LETTERS].map((second) => first + second).filter((code) => !NOT_COUNTRIES.has(code) && displayNames.of(code)),
);

const CODE_SET = new Set(COUNTRY_CODES);

/** Names people write in exports that ICU does not give as the English name. */
const ALIASES: Record<string, string> = {
  usa: 'US', 'u-s-a': 'US', 'u-s': 'US', 'united-states-of-america': 'US', america: 'US',
  uk: 'GB', 'great-britain': 'GB', britain: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'northern-ireland': 'GB',
  deutschland: 'DE', 'germany-deutschland': 'DE', schweiz: 'CH', suisse: 'CH', svizzera: 'CH', osterreich: 'AT',
  espana: 'ES', italia: 'IT', nederland: 'NL', 'the-netherlands': 'NL', holland: 'NL', belgie: 'BE', belgique: 'BE',
  france: 'FR', sverige: 'SE', norge: 'NO', danmark: 'DK', suomi: 'FI', polska: 'PL', cesko: 'CZ', 'czech-republic': 'CZ',
  turkiye: 'TR', turkey: 'TR', russia: 'RU', 'russian-federation': 'RU', 'south-korea': 'KR', korea: 'KR',
  'republic-of-korea': 'KR', 'north-korea': 'KP', vietnam: 'VN', 'viet-nam': 'VN', 'ivory-coast': 'CI',
  'cote-d-ivoire': 'CI', 'hong-kong': 'HK', macau: 'MO', macao: 'MO', taiwan: 'TW', brasil: 'BR', mexico: 'MX',
  'united-arab-emirates': 'AE', uae: 'AE', srbija: 'RS', 'србија': 'RS', 'ελλαδα': 'GR', 'κυπρος': 'CY',
  'republic-of-ireland': 'IE', 'czechia': 'CZ', burma: 'MM', 'congo-kinshasa': 'CD', 'congo-brazzaville': 'CG',
  'democratic-republic-of-the-congo': 'CD', 'republic-of-the-congo': 'CG', palestine: 'PS', 'vatican-city': 'VA',
  '中国': 'CN', '台灣': 'TW', '台湾': 'TW', '日本': 'JP', '中华人民共和国': 'CN', '中華人民共和國': 'CN', '中華民國': 'TW',
  '中华民国': 'TW', '香港': 'HK', '澳門': 'MO', '澳门': 'MO', 'ประเทศไทย': 'TH', '한국': 'KR', '조선': 'KP', 'بھارت': 'IN',
  'ایران': 'IR', 'العراق': 'IQ', 'الإمارات': 'AE', 'السعودية': 'SA', 'روسيا': 'RU', 'россия': 'RU', 'рф': 'RU',
  '日本国': 'JP', 'ελλας': 'GR', 'македонија': 'MK', 'مصر-العربية': 'EG',
  // ISO 3166's own short names, as datasets and older exports write them.
  'korea-republic-of': 'KR', 'korea-democratic-peoples-republic-of': 'KP', 'democratic-peoples-republic-of-korea': 'KP',
  'iran-islamic-republic-of': 'IR', 'islamic-republic-of-iran': 'IR', 'taiwan-province-of-china': 'TW',
  'venezuela-bolivarian-republic-of': 'VE', 'bolivia-plurinational-state-of': 'BO', 'tanzania-united-republic-of': 'TZ',
  'moldova-republic-of': 'MD', 'lao-peoples-democratic-republic': 'LA', 'syrian-arab-republic': 'SY',
  'micronesia-federated-states-of': 'FM', 'micronesia': 'FM', 'congo-the-democratic-republic-of-the': 'CD',
  'congo-democratic-republic-of-the': 'CD', 'macedonia-the-former-yugoslav-republic-of': 'MK', macedonia: 'MK',
  'palestine-state-of': 'PS', 'holy-see': 'VA', 'east-timor': 'TL', 'virgin-islands-british': 'VG',
  'virgin-islands-u-s': 'VI', 'bonaire-sint-eustatius-and-saba': 'BQ', 'united-states-minor-outlying-islands': 'UM',
  'saint-helena-ascension-and-tristan-da-cunha': 'SH', 'cocos-keeling-islands': 'CC',
};

const BY_SLUG = new Map<string, string>();
for (const code of COUNTRY_CODES) BY_SLUG.set(slugify(displayNames.of(code)!), code);
for (const [alias, code] of Object.entries(ALIASES)) if (!BY_SLUG.has(alias)) BY_SLUG.set(alias, code);

/**
 * Languages whose names for countries are read as well, so an export that writes 대한민국, भारत, مصر or
 * Россия in its country column finds KR, IN, EG and RU. Official or widely used languages of most countries.
 */
const NAME_LANGUAGES = [
  'es', 'fr', 'de', 'pt', 'it', 'nl', 'ru', 'zh', 'zh-Hant', 'ja', 'ko', 'ar', 'hi', 'bn', 'ur', 'fa', 'tr', 'vi', 'th', 'id',
  'ms', 'fil', 'he', 'el', 'uk', 'be', 'pl', 'cs', 'sk', 'sl', 'hr', 'sr', 'sr-Latn', 'bs', 'mk', 'bg', 'ro', 'hu', 'sv', 'da',
  'nb', 'nn', 'fi', 'et', 'lv', 'lt', 'is', 'ga', 'cy', 'mt', 'sq', 'ca', 'eu', 'gl', 'ka', 'hy', 'az', 'kk', 'ky', 'uz', 'tg',
  'tk', 'mn', 'ps', 'ne', 'si', 'ta', 'te', 'kn', 'ml', 'mr', 'gu', 'pa', 'or', 'as', 'my', 'km', 'lo', 'am', 'ti', 'so', 'sw',
  'ha', 'yo', 'ig', 'zu', 'xh', 'af', 'mg', 'rw', 'lb', 'fo',
];

/** slug of a country's name in any of NAME_LANGUAGES -> its code; null where two countries share a name. Built on first need. */
let nativeBySlug: Map<string, string | null> | null = null;

function nativeNames(): Map<string, string | null> {
  if (nativeBySlug) return nativeBySlug;
  nativeBySlug = new Map();
  for (const language of Intl.DisplayNames.supportedLocalesOf(NAME_LANGUAGES)) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (!name) continue;
      const slug = slugify(name);
      if (!slug || BY_SLUG.has(slug)) continue;
      const known = nativeBySlug.get(slug);
      if (known === undefined) nativeBySlug.set(slug, code);
      else if (known !== code) nativeBySlug.set(slug, null);
    }
  }
  return nativeBySlug;
}

let slugsByCode: Map<string, string[]> | null = null;

/**
 * The slugs of every name a country goes by here (English, aliases, its name in NAME_LANGUAGES): for a
 * filter that finds Switzerland from "schw" (Schweiz) or Germany from "deut". Built on first need.
 */
export function countryNameSlugs(code: string): string[] {
  if (!slugsByCode) {
    const byCode = new Map<string, string[]>();
    const add = (slug: string, owner: string | null) => {
      if (owner) byCode.set(owner, [...(byCode.get(owner) ?? []), slug]);
    };
    for (const [slug, owner] of BY_SLUG) add(slug, owner);
    for (const [slug, owner] of nativeNames()) add(slug, owner);
    slugsByCode = byCode;
  }
  return slugsByCode.get(code) ?? [];
}

/** True for an upper-case ISO 3166-1 alpha-2 code the directory knows. */
export function isCountryCode(code: string): boolean {
  return CODE_SET.has(code);
}

/** Names already asked for: Intl.DisplayNames.of is an ICU lookup, and hot API paths name countries. */
const NAMES = new Map<string, string>();

/** English country name for an alpha-2 code (any case); the code itself when unknown. */
export function countryName(code: string): string {
  const upper = code.toUpperCase();
  if (!CODE_SET.has(upper)) return upper;
  let name = NAMES.get(upper);
  if (name === undefined) {
    name = displayNames.of(upper)!;
    NAMES.set(upper, name);
  }
  return name;
}

/** The country route slug: /countries/{slug}. */
export function countrySlug(code: string): string {
  return slugify(countryName(code));
}

/**
 * A country code from a name (in English or in one of NAME_LANGUAGES), a slug, an alias or a code as
 * written in an export; null when unknown or when the name is another language's name of two countries.
 * `names` 'english' leaves out the other languages' names (Finnish "Brasilia" is Brazil).
 */
export function countryCodeFrom(value: string | null | undefined, names: 'any language' | 'english' = 'any language'): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^[a-zA-Z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    if (upper === 'UK') return 'GB';
    return CODE_SET.has(upper) ? upper : null;
  }
  const slug = slugify(trimmed);
  if (!slug) return null;
  const found = BY_SLUG.get(slug) ?? (names === 'english' ? undefined : nativeNames().get(slug));
  if (found) return found;
  // "Netherlands (the)", "Falkland Islands (Malvinas)", "Saint Martin (French part)": the name before the brackets.
  const bracketed = /^(.+?)\s*\(.*\)\s*$/.exec(trimmed);
  return bracketed ? countryCodeFrom(bracketed[1], names) : null;
}
