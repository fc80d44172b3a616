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

// ------------------------------------------------------------------------- site settings and ad codes

/** The site-wide snippets, in the order the settings screen shows them. */
export const SITE_SETTING_KEYS = ['head_tags', 'footer_tags', 'analytics_code', 'facebook_pixel'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** Largest snippet the settings screen saves, in UTF-8 bytes (larger answers 413). */
export const SITE_SETTING_MAX_BYTES = 100 * 1024;

/** Slots ad1 to ad7 (1 to 4 business detail, 5 home, 6 category list, 7 category detail). */
export const AD_SLOT_KEYS = ['ad1', 'ad2', 'ad3', 'ad4', 'ad5', 'ad6', 'ad7'] as const;
export type AdSlotKey = (typeof AD_SLOT_KEYS)[number];

/** The spec's "50KB max per slot", in UTF-8 bytes (larger answers 413 naming the slot). */
export const AD_SLOT_MAX_BYTES = 50 * 1024;

const snippet = z.string({ error: 'must be text' });

/** GET /api/admin/site-settings: the four texts, '' when never saved. */
export const SiteSettings = z.object(Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, z.string()])) as Record<SiteSettingKey, z.ZodString>);
export type SiteSettings = z.infer<typeof SiteSettings>;

/** POST /api/admin/site-settings: any of the four texts (a field left out keeps its value); no other key. */
export const SiteSettingsBody = z.strictObject(Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, snippet.optional()])) as Record<SiteSettingKey, z.ZodOptional<z.ZodString>>);
export type SiteSettingsBody = z.infer<typeof SiteSettingsBody>;

/** GET /api/admin/advertisement-codes: ad1 to ad7, '' for a slot without code. */
export const AdvertisementCodes = z.object(Object.fromEntries(AD_SLOT_KEYS.map((key) => [key, z.string()])) as Record<AdSlotKey, z.ZodString>);
export type AdvertisementCodes = z.infer<typeof AdvertisementCodes>;

/** POST /api/admin/advertisement-codes: any of ad1 to ad7 (a slot left out keeps its code); no other key. */
export const AdvertisementCodesBody = z.strictObject(Object.fromEntries(AD_SLOT_KEYS.map((key) => [key, snippet.optional()])) as Record<AdSlotKey, z.ZodOptional<z.ZodString>>);
export type AdvertisementCodesBody = z.infer<typeof AdvertisementCodesBody>;

/** What a save of the settings or the ad codes answers: everything as now stored, and what changed. */
export const SiteSettingsSaved = z.object({ success: z.literal(true), message: z.string(), changedFields: z.array(z.string()), settings: SiteSettings });
export type SiteSettingsSaved = z.infer<typeof SiteSettingsSaved>;
export const AdvertisementCodesSaved = z.object({ success: z.literal(true), message: z.string(), changedFields: z.array(z.string()), codes: AdvertisementCodes });
export type AdvertisementCodesSaved = z.infer<typeof AdvertisementCodesSaved>;

/** POST /api/admin/clear-cache */
export const ClearCacheResponse = z.object({ success: z.literal(true), message: z.string() });
export type ClearCacheResponse = z.infer<typeof ClearCacheResponse>;

// ------------------------------------------------------------------------------------------ sitemaps

export const SITEMAP_FILE_KINDS = ['index', 'main', 'categories', 'countries', 'cities', 'businesses'] as const;

/** One sitemap file as crawlers fetch it. */
export const SitemapFileStatus = z.object({
  kind: z.enum(SITEMAP_FILE_KINDS),
  /** Site path, e.g. /sitemaps/businesses/page-3.xml. */
  path: z.string(),
  /** Absolute URL on the public origin, as the index lists it. */
  url: z.string(),
  /** URLs the file lists (for the index: the sitemap files it lists). */
  urls: z.number().int(),
});
export type SitemapFileStatus = z.infer<typeof SitemapFileStatus>;

/** GET /api/admin/sitemaps: every file with its URL count, from the data the files are built from. */
export const SitemapsStatus = z.object({
  files: z.array(SitemapFileStatus),
  /** Page URLs over all files (the index's entries are not counted). */
  totalUrls: z.number().int(),
  businessesPerFile: z.number().int(),
  /**
   * ISO 8601: since when the files served follow the current data (the latest regenerate, cache clear or
   * search publish); each API process rebuilds a file at its first request after it. Null on a new install.
   */
  generatedAt: z.string().nullable(),
  /** ISO 8601 of the last POST /api/admin/sitemaps/regenerate, or null. */
  lastRegeneratedAt: z.string().nullable(),
});
export type SitemapsStatus = z.infer<typeof SitemapsStatus>;

/** POST /api/admin/sitemaps/regenerate */
export const SitemapsRegenerated = SitemapsStatus.extend({ success: z.literal(true), message: z.string() });
export type SitemapsRegenerated = z.infer<typeof SitemapsRegenerated>;
