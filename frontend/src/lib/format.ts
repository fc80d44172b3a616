/** Display helpers shared by the screens (spec §2 truncations and count formats). */

/** A number given as a number or as text (a form field, a query parameter); 0 when it is neither. */
export function toNumber(value: number | string | null | undefined): number {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(number) ? number : 0;
}

const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * The first `max` characters as a reader counts them (an emoji, a letter with its vowel sign, a flag),
 * then '...': cutting UTF-16 units split emoji into U+FFFD and left a Devanagari consonant without its sign.
 */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  if (value.length <= max) return value;
  const characters = graphemes ? Array.from(graphemes.segment(value), (part) => part.segment) : Array.from(value);
  // No space before the ellipsis ("Convenience ..." wrapped the dots onto a line of their own).
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}...` : value;
}

/** Home counter: above 1 million 'NM+', cities above 1000 'NK+'. */
export function formatMillions(count: number): string {
  if (count > 1_000_000) return `${Math.floor(count / 1_000_000)}M+`;
  return count.toLocaleString('en-US');
}

export function formatThousandsPlus(count: number): string {
  if (count > 1000) return `${Math.floor(count / 1000)}K+`;
  return count.toLocaleString('en-US');
}

/** Category counts above 999 with 'k'. */
export function formatK(count: number): string {
  return count > 999 ? `${(count / 1000).toFixed(1).replace(/\.0$/, '')}k` : String(count);
}

/** Country/city counts of 1000 or more as 'NK'. */
export function formatNK(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(1).replace(/\.0$/, '')}K` : String(count);
}

export function formatInt(count: number): string {
  return count.toLocaleString('en-US');
}

export function reviewsCapped(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function share(part: number, total: number): string {
  return total > 0 ? ((part / total) * 100).toFixed(1) : '0.0';
}

/** Spec route rule: lower-cased, spaces to hyphens (used for seed-style links). */
export function hyphenate(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, '-');
}

export function firstAddressPart(address: string | null | undefined): string {
  return (address ?? '').split(',')[0]?.trim() ?? '';
}

/** "1 business", "2,400 businesses": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatInt(count)} ${count === 1 ? singular : plural}`;
}

/** A day's hours as stored ("8AM-12PM,1:30-5:30PM", exports keep no space) with a space after each comma. */
export function hoursText(text: string): string {
  return text.replace(/\s*,\s*/g, ', ');
}
