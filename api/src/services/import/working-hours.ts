/**
 * Working hours in the shapes real exports use, normalised to `{ Monday: "9AM-5PM", ... }` (English day
 * names, only the days the file gives: partial weeks stay partial):
 * - Outscraper JSON: day -> "11AM-10PM" (classic) or day -> ["5-11am", "4:30-10:30pm"] (2026);
 * - text: "Monday: 9AM-5PM | Tuesday: ..." and Outscraper's old format "Monday:11AM-10PM|Tuesday:...";
 * - Outscraper's csv-compatible "Monday,8AM,5PM|Sunday," (a day without times is closed);
 * - OpenStreetMap opening_hours: "Mo-Fr 08:00-12:00,14:00-21:00; Sa-Su 08:00-21:00", "24/7", "off".
 * Unusual spaces (U+202F, U+00A0) and en/em dashes become plain spaces and hyphens. Anything else: null.
 */
import { JsonText } from '../../../../common/business.ts';
import { isCleanHoursJson } from './json-scan.ts';

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const DAY_BY_KEY = new Map<string, string>();
for (const day of DAYS) {
  const lower = day.toLowerCase();
  for (const key of [lower, lower.slice(0, 3), lower.slice(0, 2)]) DAY_BY_KEY.set(key, day);
}
DAY_BY_KEY.set('tues', 'Tuesday');
DAY_BY_KEY.set('thur', 'Thursday');
DAY_BY_KEY.set('thurs', 'Thursday');

function dayOf(text: string): string | undefined {
  return DAY_BY_KEY.get(text.trim().toLowerCase().replace(/\.$/, ''));
}

function cleanHours(text: string): string {
  return text.replace(/[\u202f\u00a0\u2009]/g, ' ').replace(/[\u2013\u2014]/g, '-').replace(/\s+/g, ' ').trim();
}

function fromObject(value: Record<string, unknown>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(value)) {
    const day = dayOf(key);
    if (!day) continue;
    const text = Array.isArray(raw) ? raw.filter((part) => typeof part === 'string' && part.trim()).join(',') : typeof raw === 'string' ? raw : '';
    if (text.trim()) out[day] = cleanHours(text);
  }
  return Object.keys(out).length ? sortDays(out) : null;
}

function sortDays(hours: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const day of DAYS) if (hours[day] !== undefined) out[day] = hours[day];
  return out;
}

function fromText(text: string): Record<string, string> | null {
  const parts = text.split(/\s*[|\n;]\s*/).filter(Boolean);
  const out: Record<string, string> = {};
  for (const part of parts) {
    const colon = /^([A-Za-z.]+)\s*:\s*(.*)$/.exec(part);
    if (colon && dayOf(colon[1])) {
      if (colon[2].trim()) out[dayOf(colon[1])!] = cleanHours(colon[2]);
      continue;
    }
    const csv = /^([A-Za-z]+),(.*)$/.exec(part);
    const times = csv ? csv[2].split(',').map((t) => t.trim()).filter(Boolean) : [];
    // "Monday,8AM,5PM"; not "Mo,We 09:00-12:00", a list of days (OpenStreetMap's form).
    if (csv && dayOf(csv[1]) && !times.some((time) => dayOf(time.split(/\s/)[0]))) {
      out[dayOf(csv[1])!] = times.length === 0 ? 'Closed' : times.length === 2 ? `${times[0]}-${times[1]}` : cleanHours(times.join(' '));
      continue;
    }
    return null;
  }
  return Object.keys(out).length ? sortDays(out) : null;
}

const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

function osmTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  if (h === 24 || (h === 0 && m === 0 && time !== '00:00')) return '12AM';
  const suffix = h >= 12 && h < 24 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, '0')}${suffix}` : `${hour}${suffix}`;
}

function fromOsm(text: string): Record<string, string> | null {
  const value = text.trim();
  if (value === '24/7') return Object.fromEntries(DAYS.map((day) => [day, 'Open 24 hours']));
  const out: Record<string, string> = {};
  // Rules are separated by ';', or by ',' when a weekday follows a time or off/closed ("Mo-Fr 08:00-18:00,
  // Sa 10:00-17:00"); a comma between days ("Mo,We 09:00-12:00") or times ("08:00-12:00, 14:00-18:00") is not one.
  for (const rule of value.split(/\s*;\s*|(?<=\d|\boff|\bclosed)\s*,\s*(?=(?:Mo|Tu|We|Th|Fr|Sa|Su)\b)/i).filter(Boolean)) {
    const match = /^((?:Mo|Tu|We|Th|Fr|Sa|Su)(?:\s*-\s*(?:Mo|Tu|We|Th|Fr|Sa|Su))?(?:\s*,\s*(?:Mo|Tu|We|Th|Fr|Sa|Su)(?:\s*-\s*(?:Mo|Tu|We|Th|Fr|Sa|Su))?)*)?\s*(.*)$/.exec(rule);
    if (!match) return null;
    const daySpec = match[1];
    const times = match[2].trim();
    const days = new Set<number>();
    if (!daySpec) DAYS.forEach((_, i) => days.add(i));
    else {
      for (const piece of daySpec.split(/\s*,\s*/)) {
        const [from, to] = piece.split(/\s*-\s*/);
        const a = OSM_DAYS.indexOf(from);
        const b = to ? OSM_DAYS.indexOf(to) : a;
        for (let i = a; ; i = (i + 1) % 7) {
          days.add(i);
          if (i === b) break;
        }
      }
    }
    let hours: string;
    if (/^(off|closed)$/i.test(times)) hours = 'Closed';
    else if (times === '24/7' || times === '00:00-24:00') hours = 'Open 24 hours';
    else {
      const ranges = times.split(/\s*,\s*/).map((range) => /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\+?$/.exec(range));
      if (ranges.length === 0 || ranges.some((range) => !range)) return null;
      hours = ranges.map((range) => `${osmTime(range![1])}-${osmTime(range![2])}`).join(',');
    }
    for (const i of days) out[DAYS[i]] = hours;
  }
  if (Object.keys(out).length === 0) return null;
  // In OpenStreetMap a day no rule names is closed ("Mo-Fr 09:00-17:00": closed at weekends).
  for (const day of DAYS) out[day] ??= 'Closed';
  return sortDays(out);
}

/** Parses a working-hours cell in any supported shape; null when it is empty or not understood. */
/**
 * A working-hours cell in any supported shape, parsed and cleaned (null when empty or not understood); a
 * cell already in the clean shape (the usual Outscraper cell) is returned as its checked JSON text instead,
 * for the writer to send as it is.
 */
export function readWorkingHoursCell(text: string | undefined): Record<string, string> | JsonText | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed[0] === '{') {
    if (isCleanHoursJson(trimmed)) return new JsonText(trimmed);
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return null;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return fromObject(value as Record<string, unknown>);
  }
  return fromText(trimmed) ?? fromOsm(trimmed);
}
