/**
 * The admin API's request and response shapes, in one place for the api (validation) and the admin
 * panel (typed client, form rules), so the two cannot drift. The visitor API's are in public.ts.
 */
import { z } from 'zod';
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

// ------------------------------------------------------------------------------ business list (issue 25)

export const ADMIN_LIST_SORT_KEYS = ['name', 'rating', 'reviewCount', 'createdAt'] as const;
export type AdminListSortKey = (typeof ADMIN_LIST_SORT_KEYS)[number];
export const APPROVAL_STATES = ['all', 'approved', 'pending'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** An optional text parameter; blank reads as not given. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * Which businesses: the list's filter fields, shared by GET /api/admin/businesses and the bulk action's
 * "all N matching this filter", so both select the same rows.
 */
export const AdminBusinessFilter = z.object({
  /** Name search: each word is the start of a word of the name ("Starb" finds Starbucks). */
  filter: optionalText(200),
  /** A category exactly as listed by GET /api/admin/categories. */
  category: optionalText(200),
  /** ISO 3166-1 alpha-2, any case. */
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'must be a two-letter country code')
    .transform((value) => (value ? value.toUpperCase() : undefined))
    .optional(),
  approval: z.enum(APPROVAL_STATES, { error: 'must be all, approved or pending' }).default('all'),
});
export type AdminBusinessFilter = z.infer<typeof AdminBusinessFilter>;

/** GET /api/admin/businesses. No sortBy: newest first; a sortBy without sortOrder starts ascending (the spec's sort buttons). */
export const AdminBusinessListQuery = AdminBusinessFilter.extend({
  page: pagingNumber(1_000_000, 1),
  limit: pagingNumber(100, 20),
  sortBy: z.enum(ADMIN_LIST_SORT_KEYS, { error: 'must be name, rating, reviewCount or createdAt' }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
}).transform(({ sortBy, sortOrder, ...rest }) => ({
  ...rest,
  sortBy: sortBy ?? 'createdAt',
  sortOrder: sortOrder ?? (sortBy ? 'asc' : 'desc'),
}));
export type AdminBusinessListQuery = z.infer<typeof AdminBusinessListQuery>;

/** The spec's admin row, plus city and countryCode. */
export const AdminBusinessRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  slug: z.string(),
  isApproved: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AdminBusinessRow = z.infer<typeof AdminBusinessRow>;

export const AdminBusinessList = z.object({
  businesses: z.array(AdminBusinessRow),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    /** Every matching business, approved and held. */
    total: z.number().int(),
  }),
});
export type AdminBusinessList = z.infer<typeof AdminBusinessList>;

/** GET /api/admin/categories: every category with its number of businesses (approved and held), most first. */
export const AdminCategoryCounts = z.object({
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
});
export type AdminCategoryCounts = z.infer<typeof AdminCategoryCounts>;

/** GET /api/admin/country-codes: every country code present with its number of businesses, by code. */
export const AdminCountryCodeCounts = z.object({
  countryCodes: z.array(z.object({ countryCode: z.string(), count: z.number().int() })),
});
export type AdminCountryCodeCounts = z.infer<typeof AdminCountryCodeCounts>;

export const BULK_ACTIONS = ['approve', 'unapprove', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Most ids one bulk request may name; larger selections go by filter. */
export const MAX_BULK_IDS = 10_000;

const bulkAction = z.enum(BULK_ACTIONS, { error: 'must be approve, unapprove or delete' });

/**
 * POST /api/admin/businesses/bulk: the chosen rows by id, or "all N matching this filter" with the N the
 * admin saw (a different count at run time is refused). Neither, or an empty list, is refused: an empty
 * selection never means everything.
 */
export const BulkBusinessAction = z.union([
  z.strictObject({
    action: bulkAction,
    ids: z
      .array(z.number().int().positive('must be business ids'), { error: 'must be a list of business ids' })
      .min(1, 'must name at least one business')
      .max(MAX_BULK_IDS, `must name at most ${MAX_BULK_IDS.toLocaleString('en-US')} businesses (select by filter instead)`),
  }),
  z.strictObject({
    action: bulkAction,
    filter: AdminBusinessFilter.refine((filter) => filter.filter || filter.category || filter.countryCode || filter.approval !== 'all', {
      message: 'must name at least one condition (an empty filter would select every business)',
    }),
    expectedCount: z.number({ error: 'must be the number of businesses the filter matched' }).int().min(1, 'must be at least 1'),
  }),
], { error: 'must name the businesses: ids, or filter with expectedCount' });
export type BulkBusinessAction = z.infer<typeof BulkBusinessAction>;

export const BulkBusinessResult = z.object({
  success: z.boolean(),
  /** Businesses the action changed (an approve skips those already approved). */
  affected: z.number().int(),
  /** Businesses the selection matched. */
  matched: z.number().int(),
  /** True when search (the public site and its counts) already shows the change. */
  published: z.boolean(),
});
export type BulkBusinessResult = z.infer<typeof BulkBusinessResult>;
