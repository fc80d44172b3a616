/**
 * The one set of slug rules, shared by the importer, the seed, the indexer, the API and the frontend.
 * Non-Latin scripts are kept (a Cyrillic category or a Chinese name must still get a usable slug);
 * accents are folded and everything that is not a letter or a digit becomes a single '-'.
 */

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', '&': ' and ',
};

const MAX_SLUG_LENGTH = 80;
export const SLUG_SUFFIX_LENGTH = 6;

/** Lower-case, accents folded, runs of non-alphanumerics to '-', no leading or trailing '-'. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function slugify(text: string, maxLength = MAX_SLUG_LENGTH): string {
  // Most names and cities are plain ASCII: one pass instead of Unicode normalisation and five regexes.
  const folded = PLAIN_ASCII.test(text) ? slugifyAscii(text) : slugifyUnicode(text);
  if (folded.length <= maxLength) return folded;
  // Cut on a word boundary when one is close, so slugs do not end in half a word.
  const cut = folded.slice(0, maxLength);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > maxLength / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

function slugifyAscii(text: string): string {
  return text.toLowerCase().replace(/['`]/g, '').replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Accents: the combining diacritical blocks, what a Latin or Greek letter sheds when folded. */
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;
/** A Latin or Greek letter with any marks after it: the letters whose accents are folded (é -> e, ά -> α). */
const LATIN_OR_GREEK = /[\p{Script=Latin}\p{Script=Greek}]\p{M}*/gu;
/** The optional vowel points of Hebrew and Arabic, which spellings commonly leave out. */
const OPTIONAL_POINTS = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u064b-\u065f\u0670]+/g;

/**
 * Which rules made a stored slug: raise it whenever slugify's output changes for some text, so stored
 * category and city slugs are brought up to date (platform/db/upgrade-slugs.ts). 2: only Latin and Greek
 * letters lose their accents (й, ї, ベ, दि keep theirs; version 1 dropped every mark), the result is NFC
 * (version 1 left Hangul decomposed), and a category without letters or digits has a slug of its own
 * (version 1: 'uncategorized' for all of them).
 */
export const SLUG_RULES_VERSION = 2;

function slugifyUnicode(text: string): string {
  return text
    .normalize('NFKC')
    .replace(LATIN_OR_GREEK, (letter) => (letter.length === 1 && letter.charCodeAt(0) < 0xc0 ? letter : letter.normalize('NFD').replace(ACCENTS, '')))
    // What is left of those blocks sat on a letter of another script without forming one of its letters
    // (й, ё, ї are single characters in NFKC): a stress mark, as in мо́локо.
    .replace(ACCENTS, '')
    .replace(OPTIONAL_POINTS, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[ßæøœłđðþıħŧ&]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A 6-character base36 suffix derived from a stable key (FNV-1a), so re-imports keep their slug. */
export function slugSuffixFor(key: string): string {
  let hash = 0x811c9dc5;
  let hash2 = 0x01000193;
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
    hash2 = Math.imul(hash2 ^ code, 0x5bd1e995) >>> 0;
  }
  const value = (hash * 4096 + (hash2 & 0xfff)) % 36 ** SLUG_SUFFIX_LENGTH;
  return value.toString(36).padStart(SLUG_SUFFIX_LENGTH, '0');
}

/** A random 6-character base36 suffix, for rows without a place_id. */
export function randomSlugSuffix(random: () => number = Math.random): string {
  return Math.floor(random() * 36 ** SLUG_SUFFIX_LENGTH)
    .toString(36)
    .padStart(SLUG_SUFFIX_LENGTH, '0');
}

/**
 * Every business slug carries the suffix: `name-city-x7k2p9`. A namesake imported later then never
 * changes an existing business's URL, and the spec's fallback (strip the suffix) still resolves.
 */
export function businessSlug(name: string, city: string | null | undefined, suffix: string): string {
  const base = slugify([name, city].filter(Boolean).join(' '), MAX_SLUG_LENGTH - SLUG_SUFFIX_LENGTH - 1) || 'business';
  return `${base}-${suffix}`;
}

const SUFFIXED_SLUG = new RegExp(`^(.+)-[a-z0-9]{${SLUG_SUFFIX_LENGTH}}$`);

/** The spec's fallback rule: the slug without a trailing '-' and 6-character alphanumeric suffix. */
export function stripSlugSuffix(slug: string): string | null {
  const match = SUFFIXED_SLUG.exec(slug);
  return match ? match[1] : null;
}

/**
 * A slug as typed into a URL by hand (München, Кофейня, TÜRKIYE, decomposed Hangul) in its stored form:
 * the slug rules are idempotent on stored slugs, so a well-formed slug comes back unchanged.
 */
export function routeSlug(param: string): string {
  return slugify(param) || param.toLowerCase();
}

/**
 * Category route slug: /categories/{slug}. A category with no letter or digit (☕, 🍜, '!!!') gets one
 * of its own from its text, so two of them are two categories, not one 'uncategorized' mixing both.
 */
export function categorySlug(category: string): string {
  return slugify(category) || `category-${slugSuffixFor(category)}`;
}

/** City route slug: /cities/{cc}/{slug}. */
export function citySlug(city: string): string {
  return slugify(city);
}

/**
 * Whether a stored business slug follows the current rules: already in slugify's normal form (lower case,
 * accents folded as today's rules fold them, one '-' between words, at most 80 characters) and ending in
 * the 6-character suffix every business slug carries. POST /api/admin/fix-slugs rewrites the others.
 */
export function isCurrentBusinessSlug(slug: string): boolean {
  return slug.length > 0 && slugify(slug) === slug && stripSlugSuffix(slug) !== null;
}
