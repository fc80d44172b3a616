/**
 * PATCH /api/admin/businesses/{id}: an admin fixes a business by hand (a phone, a wrong city) without
 * re-importing. Every value goes through the importer's own per-field rules (services/import/
 * normalise-row.ts: the same readers, limits and the final ImportedBusiness check), so an edited business
 * is cleaned and judged exactly as an imported one; where the importer would drop a value and keep the
 * row, an edit refuses it and names the field, since a person is there to correct it. The slug stays unless
 * the admin asks for a new one; the old slug then 301-redirects (recorded in the same transaction). The
 * edit and its audit row (a field diff) commit together; a later import of the same place_id updates the
 * business as it does any other.
 */
import type { AdminBusiness, BusinessPatchBody } from '../../../../common/api/admin.ts';
import { isContentKey, JsonText, type BusinessRow } from '../../../../common/business.ts';
import { countryCodeFrom, countryName } from '../../../../common/countries.ts';
import { businessSlug, categorySlug, citySlug, randomSlugSuffix, slugify, slugSuffixFor } from '../../../../common/slug.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { AppError } from '../../errors.ts';
import type { ValidationIssue } from '../../middleware/validate.ts';
import { presentAdminBusiness } from '../../presenters/admin.ts';
import { editBusiness, type Business, type BusinessChanges, type BusinessEditLookups } from '../../repositories/businesses.ts';
import {
  ImportedBusiness,
  MAX_NAME,
  MAX_PHONE,
  MAX_TEXT,
  readAbout,
  readAddress,
  readBusinessStatus,
  readCoordinates,
  readCountryCode,
  readerCutText,
  readLink,
  readName,
  readPhone,
  readPostalCode,
  readRating,
  readReviewCount,
  readSubtypes,
  readText,
  readWorkingHours,
  resetReaderState,
  type FieldReading,
} from '../import/normalise-row.ts';
import { awaitSearchPublish } from './await-search-publish.ts';
import { describeChanges } from './describe-changes.ts';

export interface UpdateBusinessOptions {
  pool: Pool;
  id: number;
  patch: BusinessPatchBody;
  adminUserId: number | null;
  ip: string | null;
  /** Called once the search index holds the edit (drop this process's public cache). */
  onPublished?: () => void;
}

type TextField = 'category' | 'type' | 'street' | 'state' | 'country' | 'locatedIn';
type LinkField = 'reviewsLink' | 'photo' | 'logo' | 'website' | 'url';
const TEXT_FIELDS: TextField[] = ['category', 'type', 'street', 'state', 'country', 'locatedIn'];
const LINK_FIELDS: LinkField[] = ['reviewsLink', 'photo', 'logo', 'website', 'url'];
const SLUG_ATTEMPTS = 5;

/** A JSON value as the importer's reader takes a cell: text, or absent for null. */
const cellOf = (value: string | number | null | undefined): string | undefined => (value === null || value === undefined ? undefined : String(value));

/** Reads the fields `patch` names into changes, collecting every refusal (the admin fixes them in one pass). */
function readPatch(patch: BusinessPatchBody, current: Business): { changes: BusinessChanges; issues: ValidationIssue[] } {
  const changes: BusinessChanges = {};
  const issues: ValidationIssue[] = [];
  const take = <T>(field: string, reading: FieldReading<T>, max: number, assign: (value: T) => void) => {
    if (reading.problem !== undefined) issues.push({ field, message: reading.problem });
    else if (readerCutText()) issues.push({ field, message: `must be at most ${max.toLocaleString('en-US')} characters` });
    else assign(reading.value);
  };
  const read = <T>(field: string, max: number, reader: () => FieldReading<T>, assign: (value: T) => void) => {
    resetReaderState();
    take(field, reader(), max, assign);
  };

  if (patch.name !== undefined) read('name', MAX_NAME, () => readName(patch.name), (value) => (changes.name = value));
  for (const field of TEXT_FIELDS) {
    if (patch[field] !== undefined) read(field, MAX_TEXT, () => readText(cellOf(patch[field])), (value) => (changes[field] = value));
  }
  for (const field of LINK_FIELDS) {
    if (patch[field] !== undefined) read(field, MAX_TEXT, () => readLink(cellOf(patch[field])), (value) => (changes[field] = value));
  }
  if (patch.fullAddress !== undefined) read('fullAddress', MAX_TEXT, () => readAddress(cellOf(patch.fullAddress)), (value) => (changes.fullAddress = value));
  if (patch.city !== undefined) read('city', MAX_TEXT, () => readText(cellOf(patch.city)), (value) => (changes.city = value));
  if (patch.postalCode !== undefined) read('postalCode', 40, () => readPostalCode(cellOf(patch.postalCode)), (value) => (changes.postalCode = value));
  if (patch.phone !== undefined) read('phone', MAX_PHONE, () => readPhone(cellOf(patch.phone)), (value) => (changes.phone = value));
  if (patch.countryCode !== undefined) read('countryCode', 2, () => readCountryCode(cellOf(patch.countryCode)), (value) => (changes.countryCode = value));
  if (patch.rating !== undefined) read('rating', 0, () => readRating(cellOf(patch.rating)), (value) => (changes.rating = value));
  if (patch.reviewCount !== undefined) read('reviewCount', 0, () => readReviewCount(cellOf(patch.reviewCount)), (value) => (changes.reviewCount = value));
  if (patch.subtypes !== undefined) read('subtypes', 200, () => readSubtypes(JSON.stringify(patch.subtypes)), (value) => (changes.subtypes = value));
  if (patch.workingHours !== undefined) {
    read('workingHours', MAX_TEXT, () => readWorkingHours(patch.workingHours === null ? undefined : JSON.stringify(patch.workingHours)), (value) => {
      changes.workingHours = value instanceof JsonText ? (value.parse() as Record<string, string>) : value;
    });
  }
  if (patch.about !== undefined) {
    const cell = patch.about === null ? undefined : typeof patch.about === 'string' ? patch.about : JSON.stringify(patch.about);
    read('about', MAX_TEXT, () => readAbout(cell), (value) => {
      changes.about = value instanceof JsonText ? (value.parse() as BusinessChanges['about']) : value;
    });
  }
  if (patch.businessStatus !== undefined) read('businessStatus', 0, () => readBusinessStatus(cellOf(patch.businessStatus)), (value) => (changes.businessStatus = value));
  if (patch.verified !== undefined) changes.verified = patch.verified;
  if (patch.placeId !== undefined && !(patch.placeId === null && isContentKey(current.placeId))) {
    // Null for a business whose key is a content key is how the admin read shows it: not a change.
    read('placeId', 300, () => readText(cellOf(patch.placeId), 300), (value) => (changes.placeId = value));
  }

  // Coordinates are one value: both or neither, read together as the importer reads them.
  if (patch.latitude !== undefined || patch.longitude !== undefined) {
    const latitude = patch.latitude !== undefined ? patch.latitude : current.latitude;
    const longitude = patch.longitude !== undefined ? patch.longitude : current.longitude;
    const field = patch.latitude !== undefined ? 'latitude' : 'longitude';
    if (latitude === null && longitude === null) Object.assign(changes, { latitude: null, longitude: null });
    else if (latitude === null || longitude === null) issues.push({ field, message: 'latitude and longitude must both be set or both be empty' });
    else {
      const reading = readCoordinates(String(latitude), String(longitude));
      if (reading.problem !== undefined) issues.push({ field: /^longitude /.test(reading.problem) ? 'longitude' : /^latitude /.test(reading.problem) ? 'latitude' : field, message: reading.problem });
      else Object.assign(changes, reading.value);
    }
  }

  // As the importer: a country code names its country when the edit does not; a country name gives its code.
  if (changes.countryCode && patch.country === undefined) changes.country = countryName(changes.countryCode);
  if (changes.country && patch.countryCode === undefined) {
    const code = countryCodeFrom(changes.country);
    if (code) changes.countryCode = code;
  }
  // The derived slugs follow their text, made by the same functions as the writer's.
  if ('category' in changes) changes.categorySlug = changes.category ? categorySlug(changes.category) : null;
  if ('city' in changes) changes.citySlug = changes.city ? citySlug(changes.city) || null : null;
  return { changes, issues };
}

/** The last gate of an imported row (ImportedBusiness), over the business as it would be stored. */
function checkAsImported(after: Business): ValidationIssue[] {
  const row: Omit<BusinessRow, 'workingHours' | 'about'> = {
    placeId: after.placeId,
    name: after.name,
    type: after.type,
    category: after.category,
    subtypes: after.subtypes,
    fullAddress: after.fullAddress,
    street: after.street,
    city: after.city,
    postalCode: after.postalCode,
    state: after.state,
    country: after.country,
    countryCode: after.countryCode,
    phone: after.phone,
    latitude: after.latitude,
    longitude: after.longitude,
    rating: after.rating,
    reviewCount: after.reviewCount,
    reviewsLink: after.reviewsLink,
    photo: after.photo,
    logo: after.logo,
    locatedIn: after.locatedIn,
    verified: after.verified,
    website: after.website,
    url: after.url,
    businessStatus: after.businessStatus as BusinessRow['businessStatus'],
  };
  const checked = ImportedBusiness.safeParse(row);
  return checked.success ? [] : checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'latitude', message: issue.message }));
}

/** The slug the edit asks for (unchanged when it asks for none); refuses a malformed or taken one. */
async function chooseSlug(patch: BusinessPatchBody, after: Business, current: Business, lookups: BusinessEditLookups): Promise<string> {
  const isTakenByAnother = async (slug: string) => {
    const owner = await lookups.findIdBySlug(slug);
    return owner !== null && owner !== current.id;
  };
  if (patch.slug !== undefined) {
    const wanted = patch.slug.trim();
    if (wanted === current.slug) return wanted;
    // The slug rules are idempotent on a well-formed slug (common/slug.ts): anything else is not one.
    const formed = slugify(wanted);
    if (!wanted || formed !== wanted) {
      throw badBody([{ field: 'slug', message: `must be lower-case letters, digits and single dashes, at most 80 characters${formed ? ` (for example "${formed}")` : ''}` }]);
    }
    if (await isTakenByAnother(wanted)) {
      throw new AppError('conflict', `The slug "${wanted}" belongs to another business.`, [{ field: 'slug', message: 'belongs to another business' }]);
    }
    return wanted;
  }
  if (!patch.regenerateSlug) return current.slug;
  // As an import makes it: name-city plus the place_id's suffix; a random suffix when that one is taken.
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const suffix = attempt === 0 && after.placeId ? slugSuffixFor(after.placeId) : randomSlugSuffix();
    const slug = businessSlug(after.name, after.city, suffix);
    if (slug === current.slug || !(await isTakenByAnother(slug))) return slug;
  }
  throw new AppError('conflict', 'No free slug was found for this business; give one with "slug".');
}

function badBody(issues: ValidationIssue[]): AppError {
  // The importer's reasons name their field already ("rating 7 is outside 0-5"); others get it put first.
  const inWords = (field: string) => field.replace(/([A-Z])/g, ' $1').toLowerCase();
  const summary = issues.map((issue) => (issue.message.startsWith(inWords(issue.field)) ? issue.message : `"${issue.field}" ${issue.message}`)).join('; ');
  return new AppError('bad_request', `Invalid body: ${summary}.`, issues);
}

/** The Postgres unique violation of `constraint`, if that is what `error` is. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = error as { code?: string; constraint?: string };
  return pg?.code === '23505' && pg.constraint === constraint;
}

/** Applies an admin's edit to one business; answers the stored business and whether search shows it yet. */
export async function updateBusiness(options: UpdateBusinessOptions): Promise<{ business: AdminBusiness; published: boolean }> {
  const { pool, id, patch } = options;
  let result;
  try {
    result = await editBusiness(pool, id, async (current, lookups) => {
      const { changes, issues } = readPatch(patch, current);
      if (issues.length) throw badBody(issues);
      const merged: Business = { ...current, ...changes };
      const lastGate = checkAsImported(merged);
      if (lastGate.length) throw badBody(lastGate);
      const slug = await chooseSlug(patch, merged, current, lookups);
      if (slug !== current.slug) changes.slug = slug;
      const diff = describeChanges(current, { ...current, ...changes });
      if (Object.keys(diff).length === 0) return null;
      // Only the columns whose value changed are written (and then the trail names exactly those).
      const written = Object.fromEntries(Object.keys(diff).map((field) => [field, changes[field as keyof BusinessChanges]])) as BusinessChanges;
      return {
        changes: written,
        audit: { action: 'business.update', adminUserId: options.adminUserId, entity: 'business', entityId: String(id), ip: options.ip, details: { name: current.name, changes: diff } },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'businesses_place_id_key')) {
      throw new AppError('conflict', 'Another business has this place_id.', [{ field: 'placeId', message: 'belongs to another business' }]);
    }
    if (isUniqueViolation(error, 'businesses_slug_key')) {
      throw new AppError('conflict', 'Another business took this slug a moment ago.', [{ field: 'slug', message: 'belongs to another business' }]);
    }
    throw error;
  }
  if (!result) throw new AppError('not_found', `No business has id ${id}.`);
  const { published } = await awaitSearchPublish({ pool, onPublished: options.onPublished });
  return { business: presentAdminBusiness(result.after), published };
}
