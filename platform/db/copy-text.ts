/**
 * Encoding of values for PostgreSQL's COPY text format (tab-separated, `\N` for NULL, backslash escapes).
 * Kept apart from the writer so the escaping rules can be read (and tested) in one place.
 */

// NUL cannot be stored in PostgreSQL text at all, nor in jsonb; it is dropped rather than failing the batch.
const NUL = /\u0000/g;
// A lone UTF-16 surrogate (a string cut inside an emoji): text columns get U+FFFD from the UTF-8 encoder,
// but JSON.stringify writes it as an escape that jsonb rejects, so JSON gets the same U+FFFD explicitly.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;
const COPY_SPECIAL = /[\\\t\n\r]/g;
const NEEDS_ESCAPE = /[\\\t\n\r\u0000]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export const COPY_NULL = '\\N';

/** One text value as a COPY field: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string | null | undefined): string {
  if (value === null || value === undefined) return COPY_NULL;
  if (!NEEDS_ESCAPE.test(value)) return value; // the common case: nothing to escape
  const clean = value.includes('\u0000') ? value.replace(NUL, '') : value;
  return clean.replace(COPY_SPECIAL, (char) => COPY_ESCAPES[char]);
}

export function copyNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? COPY_NULL : String(value);
}

export function copyBoolean(value: boolean): string {
  return value ? 't' : 'f';
}

/**
 * A JSON value as json text that stays convertible to jsonb (the writer compares stored values as jsonb).
 * JSON.stringify writes NUL and lone surrogates as escapes that jsonb rejects, so such values are
 * re-serialised without them (rare path: only when such an escape shows up at all).
 */
export function copyJson(value: unknown): string {
  if (value === null || value === undefined) return COPY_NULL;
  let json = JSON.stringify(value);
  // JSON.stringify writes `\u` only for control characters and lone surrogates: check cheaply first.
  if (json.includes('\\u') && UNSTORABLE_ESCAPE.test(json)) {
    json = JSON.stringify(toStorableJson(value));
  }
  return copyText(json);
}

/**
 * JSON text already known to be valid (the importer validated it by parsing it) as jsonb text, without
 * serialising the parsed value again. Escapes jsonb cannot store are removed by a round trip (rare).
 */
export function copyJsonText(json: string): string {
  if (json.includes('\\u') && UNSTORABLE_ESCAPE.test(json)) return copyJson(JSON.parse(json));
  return copyText(json);
}

function storableString(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

function toStorableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableString(value);
  if (Array.isArray(value)) return value.map(toStorableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableString(key), toStorableJson(item)]));
  }
  return value;
}

/**
 * A text[] as an array literal `{"a","b"}`: every element quoted, so commas, braces, spaces and the word
 * NULL stay plain text; quotes and backslashes inside are backslash-escaped (then escaped again for COPY).
 */
export function copyTextArray(values: readonly string[]): string {
  const elements = values.map((value) => `"${value.replace(NUL, '').replace(/[\\"]/g, (char) => `\\${char}`)}"`);
  return copyText(`{${elements.join(',')}}`);
}
