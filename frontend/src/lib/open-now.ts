/**
 * Open Now in the business's own time zone (DESIGN §7: the seed used the visitor's clock).
 * The zone comes from a small country -> IANA table; countries spanning several zones pick one by
 * longitude; anything else falls back to the solar offset of the longitude (Etc/GMT±N), which is
 * right to within an hour and never uses the visitor's zone.
 */

const SINGLE_ZONE: Record<string, string> = {
  GB: 'Europe/London', IE: 'Europe/Dublin', PT: 'Europe/Lisbon', ES: 'Europe/Madrid', FR: 'Europe/Paris',
  DE: 'Europe/Berlin', IT: 'Europe/Rome', NL: 'Europe/Amsterdam', BE: 'Europe/Brussels', LU: 'Europe/Luxembourg',
  CH: 'Europe/Zurich', AT: 'Europe/Vienna', DK: 'Europe/Copenhagen', SE: 'Europe/Stockholm', NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki', PL: 'Europe/Warsaw', CZ: 'Europe/Prague', SK: 'Europe/Bratislava', HU: 'Europe/Budapest',
  RO: 'Europe/Bucharest', BG: 'Europe/Sofia', GR: 'Europe/Athens', TR: 'Europe/Istanbul', UA: 'Europe/Kyiv',
  RS: 'Europe/Belgrade', HR: 'Europe/Zagreb', SI: 'Europe/Ljubljana', BA: 'Europe/Sarajevo', LT: 'Europe/Vilnius',
  LV: 'Europe/Riga', EE: 'Europe/Tallinn', IS: 'Atlantic/Reykjavik', CY: 'Asia/Nicosia', MT: 'Europe/Malta',
  IL: 'Asia/Jerusalem', AE: 'Asia/Dubai', SA: 'Asia/Riyadh', QA: 'Asia/Qatar', EG: 'Africa/Cairo',
  ZA: 'Africa/Johannesburg', NG: 'Africa/Lagos', KE: 'Africa/Nairobi', MA: 'Africa/Casablanca', IN: 'Asia/Kolkata',
  PK: 'Asia/Karachi', BD: 'Asia/Dhaka', TH: 'Asia/Bangkok', VN: 'Asia/Ho_Chi_Minh', MY: 'Asia/Kuala_Lumpur',
  SG: 'Asia/Singapore', PH: 'Asia/Manila', CN: 'Asia/Shanghai', HK: 'Asia/Hong_Kong', TW: 'Asia/Taipei',
  JP: 'Asia/Tokyo', KR: 'Asia/Seoul', NZ: 'Pacific/Auckland', AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago', CO: 'America/Bogota', PE: 'America/Lima', VE: 'America/Caracas', EC: 'America/Guayaquil',
};

/** Countries with several zones: [minimum longitude, zone], checked from the east. */
const BY_LONGITUDE: Record<string, [number, string][]> = {
  US: [[-87.5, 'America/New_York'], [-101, 'America/Chicago'], [-114.5, 'America/Denver'], [-140, 'America/Los_Angeles'], [-180, 'Pacific/Honolulu']],
  CA: [[-66, 'America/Halifax'], [-90, 'America/Toronto'], [-102, 'America/Winnipeg'], [-120, 'America/Edmonton'], [-180, 'America/Vancouver']],
  AU: [[141, 'Australia/Sydney'], [129, 'Australia/Adelaide'], [-180, 'Australia/Perth']],
  BR: [[-51, 'America/Sao_Paulo'], [-180, 'America/Manaus']],
  MX: [[-106, 'America/Mexico_City'], [-180, 'America/Tijuana']],
  RU: [[150, 'Asia/Vladivostok'], [100, 'Asia/Irkutsk'], [75, 'Asia/Novosibirsk'], [55, 'Asia/Yekaterinburg'], [-180, 'Europe/Moscow']],
  ID: [[125, 'Asia/Jayapura'], [115, 'Asia/Makassar'], [-180, 'Asia/Jakarta']],
};

export function timeZoneFor(countryCode: string | null | undefined, longitude: number | null): string | null {
  const code = (countryCode ?? '').toUpperCase();
  if (SINGLE_ZONE[code]) return SINGLE_ZONE[code];
  const bands = BY_LONGITUDE[code];
  if (bands) {
    if (longitude === null) return bands[0][1];
    return bands.find(([minimum]) => longitude >= minimum)?.[1] ?? bands[bands.length - 1][1];
  }
  if (longitude === null) return null;
  const offset = Math.round(longitude / 15);
  // Etc/GMT zones have inverted signs: Etc/GMT-3 is UTC+3.
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Weekday name and minutes after midnight at `now` in `zone` (UTC when the zone is unknown). */
export function localClock(now: Date, zone: string | null): { weekday: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone ?? 'UTC',
    weekday: 'long',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { weekday: get('weekday') || WEEKDAYS[now.getUTCDay()], minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

function parseTime(text: string): number | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const meridiem = match[3]?.toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hours < 12) hours += 12;
  if (meridiem === 'am' && hours === 12) hours = 0;
  return hours * 60 + minutes;
}

/** One day's hours as minute ranges: 'closed', 'all-day', the ranges read, or null for text that has none. */
export type DayHours = 'closed' | 'all-day' | Array<{ from: number; to: number }> | null;

/** Reads "9AM-5PM", "8:30 am–6 pm, 7–10 PM", "9 to 17", "Open 24 hours", "Closed". */
export function readDayHours(hours: string): DayHours {
  const text = hours.trim();
  if (!text || /^closed$/i.test(text)) return 'closed';
  if (/24\s*hours|24\/7|open 24/i.test(text)) return 'all-day';
  const ranges: Array<{ from: number; to: number }> = [];
  for (const range of text.split(/[,;]/)) {
    const [fromText, toText] = range.split(/\s*[-–—]\s*|\s+to\s+/i);
    if (!fromText || !toText) continue;
    // "9-5PM": the end's meridiem applies to the start when the start has none.
    const toMeridiem = /(am|pm)\s*$/i.exec(toText)?.[1] ?? '';
    const from = parseTime(/(am|pm)\s*$/i.test(fromText) ? fromText : `${fromText}${toMeridiem}`) ?? parseTime(fromText);
    const to = parseTime(toText);
    if (from !== null && to !== null) ranges.push({ from, to });
  }
  return ranges.length ? ranges : null;
}

/**
 * Whether `hours` covers `minutes` (a range may run past midnight). Unparseable text counts as open,
 * which is the seed's rule (an entry that is not 'Closed').
 */
export function isOpenAt(hours: string, minutes: number): boolean {
  const day = readDayHours(hours);
  if (day === 'closed') return false;
  if (day === 'all-day' || day === null) return true;
  return day.some(({ from, to }) => (to > from ? minutes >= from && minutes < to : minutes >= from || minutes < to));
}

export function parseWorkingHours(value: string | Record<string, string> | null | undefined): Record<string, string> | null {
  if (!value) return null;
  if (typeof value === 'object') return value;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** null when the business has no working hours (no badge then). */
export function openNow(options: {
  workingHours: Record<string, string> | null;
  countryCode: string | null | undefined;
  longitude: number | null;
  now?: Date;
}): boolean | null {
  if (!options.workingHours || Object.keys(options.workingHours).length === 0) return null;
  const { weekday, minutes } = localClock(options.now ?? new Date(), timeZoneFor(options.countryCode, options.longitude));
  const entry = Object.entries(options.workingHours).find(([day]) => day.toLowerCase() === weekday.toLowerCase())?.[1];
  // A day the hours do not list is not known to be closed (an export may give a partial week): no badge.
  // Closed days are listed as "Closed" (Google's exports; OpenStreetMap's unnamed days are filled so).
  if (entry === undefined || entry === null) return null;
  return isOpenAt(String(entry), minutes);
}
