/**
 * The admin API's request and response shapes, in one place for the api (validation) and the admin
 * panel (typed client, form rules), so the two cannot drift. The visitor API's are in public.ts.
 */
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { wholeNumberParam } from './public.ts';

// ------------------------------------------------------------------------------------------ sign-in

/** POST /api/admin/login */
export const LoginBody = z.object({
  username: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  // Not trimmed: spaces may be part of a password.
  password: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The spec's answer to sign-in and sign-out: `{ success, message }` (a failed sign-in adds `error`). */
export const LoginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /api/admin/me: the admin as the panel sees it, never the password hash or id. */
export const AdminProfile = z.object({
  username: z.string(),
  /** ISO 8601; null before the first sign-in. */
  lastLoginAt: z.string().nullable(),
});
export type AdminProfile = z.infer<typeof AdminProfile>;

// ------------------------------------------------------------------------------------------- import

/** Rows per import transaction, as the upload form and `npm run import --batch-size` offer them. */
export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export type BatchSize = (typeof BATCH_SIZES)[number];

/** upsert: insert new place_ids and update existing ones; insert: new only; update: existing only. */
export const IMPORT_MODES = ['upsert', 'insert', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

const optionalInt = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number')
  .transform(Number)
  .optional();

/** Text fields of POST /api/upload-excel-batch and /api/upload-excel (multipart, so every value is a string). */
export const UploadFields = z.object({
  batchSize: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 500 : Number(value)))
    .pipe(z.union(BATCH_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<100>, z.ZodLiteral<500>, z.ZodLiteral<1000>, z.ZodLiteral<2000>], { error: 'must be 100, 500, 1000 or 2000' })),
  mode: z.enum(IMPORT_MODES, { error: 'must be upsert, insert or update' }).default('upsert'),
  fileIndex: optionalInt,
  totalFiles: optionalInt,
});
export type UploadFields = z.infer<typeof UploadFields>;

/** A paging parameter from 1 to `max`; parseInput puts its name first ('"page" must be a whole number ...'). */
const pagingNumber = (max: number, fallback: number) => wholeNumberParam(1, max, fallback, `must be a whole number from 1 to ${max.toLocaleString('en-US')}`);

/** GET /api/admin/upload-reports */
export const UploadReportsQuery = z.object({
  page: pagingNumber(100_000, 1),
  limit: pagingNumber(100, 20),
});
export type UploadReportsQuery = z.infer<typeof UploadReportsQuery>;

// ------------------------------------------------------------------------------------------- export

/** The 27 fields of the CSV export dialog, by their CSV column names (spec §3 "Business (full)"), in the dialog's order. */
export const EXPORT_FIELDS = [
  'id', 'name', 'slug', 'category', 'type', 'full_address', 'street', 'city', 'postal_code', 'country', 'country_code', 'phone',
  'latitude', 'longitude', 'rating', 'reviews', 'reviews_link', 'photo', 'logo', 'located_in', 'working_hours', 'verified',
  'about', 'place_id', 'created_at', 'updated_at', 'url',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];
/** What the dialog ticks when it opens. */
export const DEFAULT_EXPORT_FIELDS: readonly ExportField[] = ['name', 'full_address', 'phone', 'type'];

/** The older dialog's nine fields (POST /api/export-csv), which are also its column names. */
export const LEGACY_EXPORT_FIELDS = ['name', 'address', 'phone', 'category', 'reviewCount', 'rating', 'placeId', 'countryCode', 'url'] as const;
export type LegacyExportField = (typeof LEGACY_EXPORT_FIELDS)[number];
export const DEFAULT_LEGACY_EXPORT_FIELDS: readonly LegacyExportField[] = ['name', 'address', 'phone', 'category'];

/** The date filter on created_at. Calendar ranges follow `timeZone`; weeks start on Monday. */
export const EXPORT_DATE_RANGES = ['all', 'today', 'yesterday', 'last24hours', 'last7days', 'thisweek', 'thismonth', 'custom'] as const;
export type ExportDateRange = (typeof EXPORT_DATE_RANGES)[number];

export const EXPORT_APPROVALS = ['all', 'approved', 'pending'] as const;
export type ExportApproval = (typeof EXPORT_APPROVALS)[number];

/** Most categories one export may filter on (the dialog's checklist shows 100 at a time). */
export const MAX_EXPORT_CATEGORIES = 1000;

/** True for a time zone name this runtime knows (IANA, e.g. 'Europe/Istanbul'); the browser and Node agree on the names. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A list parameter: 'a,b,c' (the spec's comma list), or the parameter repeated (`?categories=a&categories=b`),
 * which lets an item hold a comma. Blank items are dropped.
 */
const listParam = (splitCommas: 'always' | 'single') =>
  z.preprocess((value) => {
    if (value === undefined) return [];
    const items = Array.isArray(value) ? value : [value];
    const split = splitCommas === 'always' || !Array.isArray(value) ? items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])) : items;
    return split.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  }, z.array(z.string()));

/** 'all' (any case) or an ISO 3166-1 alpha-2 code the directory knows, upper-cased. */
const exportCountryCode = z
  .string()
  .trim()
  .default('all')
  .transform((value) => (value.toLowerCase() === 'all' || value === '' ? 'all' : value.toUpperCase()))
  .refine((value) => value === 'all' || isCountryCode(value), { error: "must be 'all' or a two-letter country code" });

/** False for '2026-02-30' (which Date would roll over to 2 March); true for what the format check refuses anyway. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** A calendar day as the date inputs send it; an empty value (an untouched input) counts as absent. */
const calendarDay = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine(isCalendarDay, { error: 'must be a real calendar date' })
    .optional(),
);

/** GET /api/admin/export-csv */
export const ExportCsvQuery = z
  .object({
    fields: listParam('always')
      .pipe(z.array(z.enum(EXPORT_FIELDS, { error: `must name fields among ${EXPORT_FIELDS.join(', ')}` })).min(1, 'must name at least one field'))
      .transform((fields) => [...new Set(fields)]),
    countryCode: exportCountryCode,
    categories: listParam('single').pipe(z.array(z.string().max(200, 'must be at most 200 characters each')).max(MAX_EXPORT_CATEGORIES, `must list at most ${MAX_EXPORT_CATEGORIES} categories`)),
    dateRange: z.enum(EXPORT_DATE_RANGES, { error: `must be one of ${EXPORT_DATE_RANGES.join(', ')}` }).default('all'),
    startDate: calendarDay,
    endDate: calendarDay,
    timeZone: z
      .string()
      .trim()
      .default('UTC')
      .refine(isTimeZone, { error: "must be an IANA time zone name such as 'Europe/Istanbul'" }),
    approval: z.enum(EXPORT_APPROVALS, { error: 'must be all, approved or pending' }).default('all'),
  })
  .superRefine((query, context) => {
    if (query.dateRange !== 'custom') return;
    for (const key of ['startDate', 'endDate'] as const) {
      if (!query[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required when dateRange is custom' });
    }
    if (query.startDate && query.endDate && query.startDate > query.endDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
    }
  });
export type ExportCsvQuery = z.infer<typeof ExportCsvQuery>;

/** POST /api/export-csv (the older dialog). */
export const LegacyExportCsvBody = z.object({
  selectedFields: z
    .array(z.enum(LEGACY_EXPORT_FIELDS, { error: `must name fields among ${LEGACY_EXPORT_FIELDS.join(', ')}` }), { error: 'must be a list of field names' })
    .min(1, 'must name at least one field')
    .transform((fields) => [...new Set(fields)]),
  countryCode: exportCountryCode,
});
export type LegacyExportCsvBody = z.infer<typeof LegacyExportCsvBody>;
