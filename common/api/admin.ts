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
  /** 'true': NEW businesses of the file are held for review (not approved, invisible to visitors); updates keep their approval. */
  holdForReview: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /** The same choice put the other way: 'false' holds new businesses for review. Default: publish. */
  publish: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
}).transform(({ holdForReview, publish, ...fields }, context) => {
  if (holdForReview !== undefined && publish !== undefined && (holdForReview === 'true') === (publish === 'true')) {
    context.addIssue({ code: 'custom', path: ['publish'], message: 'contradicts holdForReview (send one of the two)' });
  }
  return { ...fields, holdForReview: holdForReview === 'true' || publish === 'false' };
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

// ------------------------------------------------------------------------- destructive global actions

/** POST /api/admin/reauth: the signed-in admin's password, entered again before a destructive action. */
export const ReauthBody = z.object({
  password: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
});
export type ReauthBody = z.infer<typeof ReauthBody>;

export const ReauthResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Until when (ISO 8601) delete all, delete test data and fix slugs are allowed without asking again. */
  validUntil: z.string(),
});
export type ReauthResponse = z.infer<typeof ReauthResponse>;

/** DELETE /api/admin/businesses: every business, from the database and the search index. */
export const DeleteAllBusinessesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  deletedCount: z.number().int(),
  /** True when the public site (search, pages, counts) already reflected it when the answer was sent. */
  published: z.boolean(),
});
export type DeleteAllBusinessesResponse = z.infer<typeof DeleteAllBusinessesResponse>;

/** DELETE /api/admin/test-data: the generated demo businesses that no import has touched. */
export const DeleteTestDataResponse = z.object({
  success: z.boolean(),
  deletedCount: z.number().int(),
  message: z.string(),
  published: z.boolean(),
});
export type DeleteTestDataResponse = z.infer<typeof DeleteTestDataResponse>;

/** POST /api/admin/fix-slugs: business slugs that break the slug rules, rewritten (old ones 301-redirect). */
export const FixSlugsResponse = z.object({
  success: z.boolean(),
  /** Slugs rewritten by this run (with the part done before an interruption it resumed). */
  successCount: z.number().int(),
  /** Always true: progress is committed with each batch, so a run cut off by a restart resumes. */
  checkpointEnabled: z.boolean(),
  /** Businesses examined by this run (with the part done before an interruption). */
  totalProcessed: z.number().int(),
  /** True when this run continued one that was cut off. */
  resumed: z.boolean(),
  message: z.string(),
  published: z.boolean(),
});
export type FixSlugsResponse = z.infer<typeof FixSlugsResponse>;
