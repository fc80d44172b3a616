/**
 * Allocation-free checks that a JSON cell is already in the clean shape the importer stores, so the usual
 * Outscraper cell is validated by one pass over its text instead of JSON.parse building (and the garbage
 * collector then freeing) an object per group and feature. Anything they do not positively recognise
 * returns false and takes the full parse-and-clean path, so they may be strict but must never accept
 * text that JSON.parse would refuse or that the full path would change.
 */

import { BACKSLASH, CLOSE_BRACE as CLOSE, COLON, COMMA, OPEN_BRACE as OPEN, QUOTE } from './char-codes.ts';

/** Whitespace as String.prototype.trim sees it. */
function isTrimSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** JSON insignificant whitespace. */
function skipSpace(text: string, at: number): number {
  let i = at;
  for (;;) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) i++;
    else return i;
  }
}

/**
 * End (index after the closing quote) of a JSON string starting at `at` (a quote), or -1. Escapes are
 * allowed only when `escapes` is true, and never \u (its decoded value is not checked here).
 */
function stringEnd(text: string, at: number, escapes: boolean): number {
  if (text.charCodeAt(at) !== QUOTE) return -1;
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i + 1;
    if (code < 32) return -1;
    if (code === BACKSLASH) {
      if (!escapes) return -1;
      const next = text.charCodeAt(i + 1);
      if (next !== QUOTE && next !== BACKSLASH && next !== 47 /* / */) return -1;
      i++;
    }
  }
  return -1;
}

/**
 * Scans `{ "key": value, ... }` from `at`, calling `entry` for each key (start, end of the key string) to
 * check and consume its value; returns the index after the closing brace, or -1.
 */
function scanObject(text: string, at: number, entry: (keyStart: number, keyEnd: number, valueAt: number) => number): number {
  if (text.charCodeAt(at) !== OPEN) return -1;
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === CLOSE) return -1; // empty objects are never clean
  for (;;) {
    const keyEnd = stringEnd(text, i, true);
    if (keyEnd === -1) return -1;
    const colon = skipSpace(text, keyEnd);
    if (text.charCodeAt(colon) !== COLON) return -1;
    const valueEnd = entry(i, keyEnd, skipSpace(text, colon + 1));
    if (valueEnd === -1) return -1;
    i = skipSpace(text, valueEnd);
    const code = text.charCodeAt(i);
    if (code === CLOSE) return i + 1;
    if (code !== COMMA) return -1;
    i = skipSpace(text, i + 1);
  }
}

/** A feature value of a clean about group: true, false, or a trimmed, non-empty string without U+202F/U+00A0. */
function aboutValueEnd(text: string, at: number): number {
  if (text.startsWith('true', at)) return at + 4;
  if (text.startsWith('false', at)) return at + 5;
  const end = stringEnd(text, at, false);
  if (end === -1 || end - at < 3) return -1;
  if (isTrimSpace(text.charCodeAt(at + 1)) || isTrimSpace(text.charCodeAt(end - 2))) return -1;
  for (let i = at + 1; i < end - 1; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xa0 || code === 0x202f) return -1;
  }
  return end;
}

/** True when `text` is `{ group: { feature: true | false | "text" } }` exactly as readAboutCell keeps it. */
export function isCleanAboutJson(text: string): boolean {
  const end = scanObject(text, 0, (_keyStart, _keyEnd, groupAt) => scanObject(text, groupAt, (_s, _e, valueAt) => aboutValueEnd(text, valueAt)));
  return end === text.length;
}

const DAY_KEYS = ['"Monday"', '"Tuesday"', '"Wednesday"', '"Thursday"', '"Friday"', '"Saturday"', '"Sunday"'];

/** An hours text as readWorkingHoursCell keeps it: non-empty, single spaces only, no unusual spaces or dashes. */
function hoursValueEnd(text: string, at: number): number {
  const end = stringEnd(text, at, false);
  if (end === -1 || end - at < 3) return -1;
  let previousSpace = true; // a leading space is refused too
  for (let i = at + 1; i < end - 1; i++) {
    const code = text.charCodeAt(i);
    const space = isTrimSpace(code) || code === 0x2009;
    if (space && (code !== 32 || previousSpace)) return -1;
    if (code === 0x2013 || code === 0x2014) return -1;
    previousSpace = space;
  }
  return previousSpace ? -1 : end;
}

/** True when `text` is `{ "Monday": "9AM-5PM", ... }` with English day names in week order, as kept. */
export function isCleanHoursJson(text: string): boolean {
  let nextDay = 0;
  const end = scanObject(text, 0, (keyStart, keyEnd, valueAt) => {
    const key = text.slice(keyStart, keyEnd);
    let day = nextDay;
    while (day < DAY_KEYS.length && DAY_KEYS[day] !== key) day++;
    if (day === DAY_KEYS.length) return -1;
    nextDay = day + 1;
    return hoursValueEnd(text, valueAt);
  });
  return end === text.length;
}
