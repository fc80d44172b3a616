/**
 * One row of canonical cells -> a BusinessRow (common/business.ts), or the reason it is rejected.
 * Coercion is hand-written (exports write numbers and booleans in many ways); the result is then checked
 * with zod (`ImportedBusiness`), so every accepted row satisfies the same schema whatever the file format.
 *
 * Rejected (the row is reported and not written): no name (empty, or a stand-in such as "N/A", quoted in the reason); a rating that is
 * not a number or outside 0-5; a review count that is not a whole non-negative number.
 * Dropped but the row kept: coordinates out of range, only one of the pair, or a known placeholder point
 * (both dropped: one bad `_geo` fails a whole Meilisearch batch); links that are not http(s); hours or
 * about that cannot be understood.
 */
import { z } from 'zod';
import { BUSINESS_STATUSES, type BusinessRow, type BusinessStatus } from '../../../../common/business.ts';
import { countryCodeFrom, countryName } from '../../../../common/countries.ts';
import { countryFromPhone, countryFromStateAndZip, placeFromAddress } from './place-fallbacks.ts';
import { asciiNumber } from '../../../../common/numbers.ts';
import { readAboutCell } from './about.ts';
import { isMissing, type CanonicalCells } from './columns.ts';
import { readWorkingHoursCell } from './working-hours.ts';

/** The longest text a column holds (names and phones have their own limits); what is longer is cut. */
export const MAX_TEXT = 2000;
export const MAX_PHONE = 100;
export const MAX_NAME = 300;
const MAX_SUBTYPES = 20;

/** Points scrapers put on service-area businesses: in the middle of an ocean. */
// Points no business is at: exports' ocean placeholders, and 0,0 ("Null Island", an empty cell read as 0).
const PLACEHOLDER_POINTS = new Set(['46.423669,-129.9427086', '43.1628266,-26.1289079', '0,0']);

const nullableText = z.string().max(MAX_TEXT).nullable();
const httpUrl = z.string().max(MAX_TEXT).regex(/^https?:\/\//i).nullable();

/** The shape every accepted row satisfies (mirrors BusinessRow). */
export const ImportedBusiness = z.object({
  placeId: z.string().min(1).max(300).nullable(),
  name: z.string().min(1).max(MAX_NAME),
  type: nullableText,
  category: nullableText,
  subtypes: z.array(z.string().min(1).max(200)).max(MAX_SUBTYPES),
  fullAddress: nullableText,
  street: nullableText,
  city: nullableText,
  postalCode: z.string().max(40).nullable(),
  state: nullableText,
  country: nullableText,
  countryCode: z.string().regex(/^[A-Z]{2}$/).nullable(),
  phone: z.string().max(MAX_PHONE).nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  rating: z.number().min(0).max(5).nullable(),
  reviewCount: z.number().int().min(0).max(2_147_483_647),
  reviewsLink: httpUrl,
  photo: httpUrl,
  logo: httpUrl,
  locatedIn: nullableText,
  // workingHours and about are not listed: readWorkingHoursCell / readAboutCell build them in fixed shapes, or
  // keep a cell's JSON text after checking it is exactly that shape (json-scan.ts); reading them here would
  // parse every such cell just to look at it.
  verified: z.boolean(),
  website: httpUrl,
  url: httpUrl,
  businessStatus: z.enum(BUSINESS_STATUSES).nullable(),
}).refine((row) => (row.latitude === null) === (row.longitude === null), 'latitude and longitude must both be set or both be empty');

/** What a row's missing city or country code was read from (place-fallbacks.ts), for the report. */
export interface DerivedPlace {
  city?: 'address';
  countryCode?: 'address' | 'phone' | 'state';
}

/** Values of an accepted row that could not be used and were left out (the row is imported without them). */
export interface DroppedValues {
  /** Coordinates out of range, only one of the two, or a known placeholder point. */
  location?: true;
  /** Working hours in no form the importer reads. */
  hours?: true;
  /** Text longer than its field holds, cut to that length. */
  shortened?: true;
}

export type NormaliseResult = { ok: true; row: BusinessRow; derived?: DerivedPlace; dropped?: DroppedValues } | { ok: false; reason: string };

// Format characters (zero-width space, LRM, RLM, BOM, bidi embeddings) are invisible and break slugs and
// search. Not the zero-width joiner and non-joiner (U+200D, U+200C): they are part of the spelling of
// Persian and Indic words and of emoji sequences (👨‍👩‍👧 is three emoji joined by two of them).
const INVISIBLE = /[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\u0000]/g;

/** Text below U+0300 is always NFC: most cells skip ICU's normaliser (a scan and a copy of every cell). */
const MAY_NEED_NFC = /[\u0300-\uffff]/;
/**
 * Full-width Latin, digits and punctuation, the ideographic space and half-width katakana: typing
 * artefacts of East Asian input methods that search would otherwise never match (Ｔｏｋｙｏ is Tokyo,
 * ｶﾌｪ is カフェ). Only these are folded (NFKC); ™, ½ or ① stay as written.
 */
const WIDTH_FORMS = /[\u3000\uff01-\uff5e\uff61-\uff9f\uffe0-\uffe6]+/g;

function nfc(value: string): string {
  return MAY_NEED_NFC.test(value) ? value.normalize('NFC').replace(WIDTH_FORMS, (forms) => forms.normalize('NFKC')) : value;
}

/** An address without the comma or semicolon some scrapes end it with ("4550 S Airport Pkwy,"). */
function addressText(value: string | undefined): string | null {
  return text(value?.replace(/[\s,;]+$/, ''));
}

/** Set when a cell of the row being normalised was longer than its field holds (the report says so). */
let textWasCut = false;

function text(value: string | undefined, max = MAX_TEXT): string | null {
  if (value === undefined) return null;
  // NFC: text typed or exported decomposed (e + U+0301) is stored, searched and shown as one form.
  const clean = nfc(value.replace(INVISIBLE, '').trim());
  if (clean.length > max) {
    textWasCut = true;
    return clean.slice(0, max);
  }
  return clean || null;
}

/** "4.5", "4,5", " 4.500000 ", "٤٫٥" -> 4.5; null for anything else. */
export function parseDecimal(value: string): number | null {
  let s = asciiNumber(value).trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^[-+]?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** "1,234", "1.234", "1 234", "56.0", "56" -> whole number; null for anything else. */
export function parseCount(value: string): number | null {
  const s = asciiNumber(value).trim().replace(/[\u00a0\u202f]/g, ' ');
  if (/^\d{1,3}([,.' ]\d{3})+$/.test(s)) return Number(s.replace(/[,.' ]/g, ''));
  const n = parseDecimal(s);
  if (n === null || n < 0 || !Number.isInteger(Math.round(n * 1e6) / 1e6)) return null;
  return Math.round(n);
}

/**
 * Google's three statuses as exports write them ("CLOSED_PERMANENTLY", "Permanently closed", "operational");
 * anything else ("Active", "Closed", a note) says nothing sure about the place: null, shown as before.
 */
export function parseBusinessStatus(value: string | undefined): BusinessStatus | null {
  const words = value?.trim().toUpperCase().replace(/[\s-]+/g, '_');
  if (!words) return null;
  if (words === 'OPERATIONAL' || words === 'OPEN') return 'OPERATIONAL';
  if (words === 'CLOSED_TEMPORARILY' || words === 'TEMPORARILY_CLOSED') return 'CLOSED_TEMPORARILY';
  if (words === 'CLOSED_PERMANENTLY' || words === 'PERMANENTLY_CLOSED') return 'CLOSED_PERMANENTLY';
  return null;
}

export function parseBoolean(value: string | undefined): boolean {
  if (!value) return false;
  return /^(true|t|1|1\.0|yes|y|evet)$/i.test(value.trim());
}

/** "90744.0" -> "90744" (pandas wrote ZIP codes as floats). */
export function cleanPostalCode(value: string | undefined): string | null {
  const t = text(value, 40);
  if (!t) return null;
  return /^\d+\.0+$/.test(t) ? t.replace(/\.0+$/, '') : t;
}

function link(value: string | undefined): string | null {
  // A link cut short leads nowhere: one longer than the column holds is left out (and reported as cut).
  const t = text(value, MAX_TEXT + 1);
  if (!t) return null;
  if (t.length > MAX_TEXT) {
    textWasCut = true;
    return null;
  }
  if (/^https?:\/\//i.test(t)) return t;
  // A bare domain ("www.example.com", "example.com/path") is a website without its scheme.
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(t)) return `http://${t}`;
  return null;
}

function subtypesOf(value: string | undefined): string[] {
  const t = text(value, 20_000);
  if (!t) return [];
  let items: string[];
  if (t[0] === '[') {
    try {
      const parsed: unknown = JSON.parse(t);
      items = Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
    } catch {
      items = t.split(',');
    }
  } else {
    items = t.split(',');
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const clean = item.replace(INVISIBLE, '').trim().slice(0, 200);
    if (clean && !seen.has(clean.toLowerCase())) {
      seen.add(clean.toLowerCase());
      out.push(clean);
      if (out.length === MAX_SUBTYPES) break;
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------ per-field rules
// One reader per field, shared by the importer (normaliseRow below) and the admin edit
// (services/admin/update-business.ts), so a value is cleaned and judged the same way whichever way it
// arrives. A reader never throws: it gives the value, or `problem` (why the value cannot be used). What a
// problem costs is the caller's: the importer rejects the row (name, rating, review count) or drops the
// value and keeps the row (coordinates, links, phone, country code, hours), an edit refuses with a 400.

/** One field read: its clean value, or why the value given cannot be used (then `value` is null). */
export type FieldReading<T> = { value: T; problem?: undefined } | { value: null; problem: string };

const ok = <T>(value: T): FieldReading<T> => ({ value });
const refused = (problem: string): FieldReading<never> => ({ value: null, problem });

/** Whether the last reader call cut a text to its field's length (the importer reports it, an edit refuses). */
export function readerCutText(): boolean {
  return textWasCut;
}

/** Starts a new row or field: forgets that an earlier text was cut. */
export function resetReaderState(): void {
  textWasCut = false;
}

export function readName(cell: string | undefined): FieldReading<string> {
  const rawName = cell === undefined ? undefined : nfc(cell.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim());
  if (!rawName) return refused('name is missing');
  // The markers exports write for no value (isMissing: N/A, None, null, ...), and NA and - besides.
  if (isMissing(rawName) || /^(na|-)$/i.test(rawName)) return refused(`name is "${rawName}", which stands for no name`);
  if (rawName.length > MAX_NAME) return refused(`name is longer than ${MAX_NAME} characters`);
  return ok(rawName);
}

/** Free text (trimmed, NFC, invisible characters removed), cut to `max`; null when empty. */
export function readText(cell: string | undefined, max = MAX_TEXT): FieldReading<string | null> {
  return ok(text(cell, max));
}

export function readAddress(cell: string | undefined): FieldReading<string | null> {
  return ok(addressText(cell));
}

export function readPostalCode(cell: string | undefined): FieldReading<string | null> {
  return ok(cleanPostalCode(cell));
}

export function readRating(cell: string | undefined): FieldReading<number | null> {
  if (cell === undefined) return ok(null);
  const value = parseDecimal(cell);
  if (value === null) return refused(`rating "${cell.slice(0, 20)}" is not a number`);
  if (value < 0 || value > 5) return refused(`rating ${value} is outside 0-5`);
  return ok(Math.round(value * 10) / 10);
}

export function readReviewCount(cell: string | undefined): FieldReading<number> {
  if (cell === undefined) return ok(0);
  const value = parseCount(cell);
  if (value === null || value > 2_147_483_647) return refused(`review count "${cell.slice(0, 20)}" is not a whole number`);
  return ok(value);
}

/**
 * Both coordinates or neither: out of range, only one of the pair, or a known placeholder point is a
 * problem (one bad `_geo` fails a whole Meilisearch batch).
 */
export function readCoordinates(latitudeCell: string | undefined, longitudeCell: string | undefined): FieldReading<{ latitude: number; longitude: number } | null> {
  if (latitudeCell === undefined && longitudeCell === undefined) return ok(null);
  const latitude = latitudeCell !== undefined ? parseDecimal(latitudeCell) : null;
  const longitude = longitudeCell !== undefined ? parseDecimal(longitudeCell) : null;
  if (latitude === null || longitude === null) return refused('latitude and longitude must both be numbers');
  if (latitude < -90 || latitude > 90) return refused(`latitude ${latitude} is outside -90 to 90`);
  if (longitude < -180 || longitude > 180) return refused(`longitude ${longitude} is outside -180 to 180`);
  if (PLACEHOLDER_POINTS.has(`${latitude},${longitude}`)) return refused(`${latitude},${longitude} is a placeholder point, not a place`);
  return ok({ latitude, longitude });
}

/** An ISO 3166-1 alpha-2 code, or a country's name in a language exports use; null when empty. */
export function readCountryCode(cell: string | undefined): FieldReading<string | null> {
  const given = text(cell);
  if (!given) return ok(null);
  const code = countryCodeFrom(given);
  return code ? ok(code) : refused(`country code "${given.slice(0, 40)}" is not an ISO 3166-1 country code`);
}

/** Extension markers ("ext. 12", "x12") and separators between numbers are the only non-digits a phone keeps. */
const PHONE_CHARACTERS = /^[\d\s+().\-/;,#*]+$/;
const PHONE_EXTENSION = /(ext\.?|extension|x)\s*\d+/gi;

/** A phone number (or several, separated by ; or ,): digits and phone punctuation, at least 3 digits. */
export function readPhone(cell: string | undefined): FieldReading<string | null> {
  const phone = text(cell, MAX_PHONE);
  if (!phone) return ok(null);
  const ascii = asciiNumber(phone);
  const digits = ascii.replace(/\D/g, '').length;
  if (digits < 3 || !PHONE_CHARACTERS.test(ascii.replace(PHONE_EXTENSION, ''))) return refused(`phone "${phone.slice(0, 40)}" is not a phone number`);
  return ok(phone);
}

/** An http(s) link; a bare domain gets http:// (a website without its scheme). */
export function readLink(cell: string | undefined): FieldReading<string | null> {
  const value = link(cell);
  if (value === null && text(cell, MAX_TEXT + 1) !== null && !textWasCut) return refused(`"${(cell ?? '').trim().slice(0, 40)}" is not an http(s) link`);
  return ok(value);
}

export function readSubtypes(cell: string | undefined): FieldReading<string[]> {
  return ok(subtypesOf(cell));
}

export function readWorkingHours(cell: string | undefined): FieldReading<BusinessRow['workingHours']> {
  const hours = readWorkingHoursCell(cell);
  if (hours === null && cell !== undefined && cell.trim() !== '') return refused('working hours must map weekdays to hours text ({"Monday": "9AM-5PM"})');
  return ok(hours);
}

export function readAbout(cell: string | undefined): FieldReading<BusinessRow['about']> {
  return ok(readAboutCell(cell));
}

export function readBusinessStatus(cell: string | undefined): FieldReading<BusinessStatus | null> {
  const status = parseBusinessStatus(cell);
  if (status === null && cell !== undefined && cell.trim() !== '') return refused(`business status must be one of ${BUSINESS_STATUSES.join(', ')}`);
  return ok(status);
}

/** Normalises and validates one row. Never throws for bad data: it returns the reason instead. */
export function normaliseRow(cells: CanonicalCells): NormaliseResult {
  resetReaderState();
  const name = readName(cells.name);
  if (name.problem !== undefined) return { ok: false, reason: name.problem };

  // Every reason a row is refused, not only the first: the admin fixes them in one pass.
  const problems: string[] = [];
  const rating = readRating(cells.rating);
  if (rating.problem !== undefined) problems.push(rating.problem);
  const reviewCount = readReviewCount(cells.reviews);
  if (reviewCount.problem !== undefined) problems.push(reviewCount.problem);

  // Coordinates that cannot be used are dropped, not the row.
  const point = readCoordinates(cells.latitude, cells.longitude).value;
  const latitude = point?.latitude ?? null;
  const longitude = point?.longitude ?? null;
  let dropped: DroppedValues | undefined;
  if (latitude === null && (cells.latitude !== undefined || cells.longitude !== undefined)) dropped = { location: true };

  let country = text(cells.country);
  let countryCode = readCountryCode(cells.countryCode).value ?? countryCodeFrom(country);
  const fullAddress = addressText(cells.fullAddress);
  const phone = readPhone(cells.phone).value;
  let city = text(cells.city);
  // No city or no country of its own: the address or the phone number may say (place-fallbacks.ts).
  let derived: DerivedPlace | undefined;
  if (!city || (!countryCode && !country)) {
    const place = placeFromAddress(fullAddress);
    if (!city && place.city) {
      city = place.city;
      derived = { city: 'address' };
    }
    if (!countryCode && !country) {
      const fromPhone = place.countryCode ? null : countryFromPhone(phone);
      const fromState = place.countryCode || fromPhone ? null : countryFromStateAndZip(cells.state, cells.postalCode);
      countryCode = place.countryCode ?? fromPhone ?? fromState;
      if (countryCode) derived = { ...derived, countryCode: place.countryCode ? 'address' : fromPhone ? 'phone' : 'state' };
    }
  }
  if (!country && countryCode) country = countryName(countryCode);
  const workingHours = readWorkingHoursCell(cells.workingHours);
  if (workingHours === null && cells.workingHours !== undefined) dropped = { ...dropped, hours: true };

  const subtypes = subtypesOf(cells.subtypes);
  const type = text(cells.type) ?? subtypes[0] ?? null;
  // The category pages group by category. Google's type (Outscraper's `type`, or the first of its
  // `subtypes` when the export has no type column; in English, one of Google's category names) comes
  // first: an export's own `category` column is often the search that found the place ("restaurants",
  // 557 of the Zurich sample's 797 rows) or Google's category in the searcher's language
  // ("Schweizerisches Restaurant", "Ветеринар"), which split one category into several pages.
  const category = type ?? text(cells.category);
  const row: BusinessRow = {
    placeId: text(cells.placeId, 300),
    name: name.value,
    type,
    category,
    subtypes,
    fullAddress,
    street: addressText(cells.street),
    city,
    postalCode: cleanPostalCode(cells.postalCode),
    state: text(cells.state),
    country,
    countryCode,
    phone,
    latitude,
    longitude,
    rating: rating.value,
    reviewCount: reviewCount.value ?? 0,
    reviewsLink: link(cells.reviewsLink),
    photo: link(cells.photo),
    logo: link(cells.logo),
    locatedIn: text(cells.locatedIn),
    workingHours,
    about: readAboutCell(cells.about),
    verified: parseBoolean(cells.verified),
    website: link(cells.website),
    url: link(cells.url),
    businessStatus: parseBusinessStatus(cells.businessStatus),
  };
  if (textWasCut || (typeof row.about === 'string' && row.about.length < (cells.about?.trim().length ?? 0))) dropped = { ...dropped, shortened: true };
  const checked = ImportedBusiness.safeParse(row);
  if (!checked.success) for (const issue of checked.error.issues) problems.push(`${issue.path.join('.') || 'row'}: ${issue.message}`);
  if (problems.length) return { ok: false, reason: problems.join('; ') };
  return derived || dropped ? { ok: true, row, derived, dropped } : { ok: true, row };
}
