/**
 * The admin API's request and response shapes, in one place for the api (validation) and the admin
 * panel (typed client, form rules), so the two cannot drift. The visitor API's are in public.ts.
 */
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { wholeNumberParam } from './public.ts';
import { BUSINESS_STATUSES } from '../business.ts';
import { AD_SLOT_KEYS, SITE_SETTING_KEYS, type AdSlotKey, type SiteSettingKey } from './admin-snippet-limits.ts';

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

/**
 * What the upload screen reads of a batch upload result (POST /api/upload-excel-batch, built by
 * api/src/services/import/import-report.ts buildUploadResult) and of a stored report (the same object,
 * GET /api/admin/upload-reports). Other fields pass through (loose objects).
 */
export const UploadResult = z.looseObject({
  success: z.boolean(),
  message: z.string(),
  error: z.string().optional(),
  /** A failed import's row where it stopped (rows committed before it stay); null when the failure names no row. */
  stoppedAtRow: z.number().int().nullable().optional(),
  totalRows: z.number().int(),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  skippedCount: z.number().int(),
  errors: z.array(z.string()),
  skippedBusinesses: z.array(z.object({ row: z.number().int(), sheet: z.string().optional(), name: z.string(), placeId: z.string().nullable(), reason: z.string() })),
  columnExtraction: z.object({ extractedCount: z.number().int(), extractionRate: z.number(), successful: z.array(z.string()), missing: z.array(z.string()) }),
  duplicateAnalysis: z.looseObject({
    totalRecords: z.number().int(),
    recordsWithPlaceId: z.number().int(),
    uniquePlaceIds: z.number().int(),
    databaseDuplicateCount: z.number().int(),
    databaseDuplicateRate: z.number(),
    newPlaceIdCount: z.number().int(),
    newPlaceIdRate: z.number(),
    excelDuplicateCount: z.number().int(),
    excelDuplicateRecords: z.array(z.object({ row: z.number().int(), sheet: z.string().optional(), name: z.string(), placeId: z.string().nullable(), firstRow: z.number().int() })),
    totalDuplicateRecords: z.number().int(),
    duplicateRate: z.number(),
  }),
  timestamp: z.string(),
  summary: z.object({ fileName: z.string(), fileSizeMB: z.number(), processingTimeSeconds: z.number(), totalRecords: z.number().int() }),
  results: z.looseObject({ inserted: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), skipped: z.number().int(), updateRate: z.number(), skipRate: z.number() }),
  mode: z.string().optional(),
  batchSize: z.number().int().optional(),
});
export type UploadResult = z.infer<typeof UploadResult>;

/** One item of GET /api/admin/upload-reports: the stored result with the record's own fields. */
export const StoredUploadReport = UploadResult.partial().extend({
  id: z.number().int(),
  kind: z.string(),
  fileName: z.string(),
  fileSizeBytes: z.number(),
  success: z.boolean(),
  totalRows: z.number().int(),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  skippedCount: z.number().int(),
  processingSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type StoredUploadReport = z.infer<typeof StoredUploadReport>;

export const UploadReportList = z.object({
  reports: z.array(StoredUploadReport),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
export type UploadReportList = z.infer<typeof UploadReportList>;

/** A message of the WebSocket /api/admin/import-progress (api/src/services/import/import-progress.ts). */
export const ImportProgressMessage = z.object({
  jobId: z.string(),
  file: z.string(),
  phase: z.enum(['queued', 'reading', 'writing', 'completed', 'failed']),
  rowsRead: z.number(),
  rowsWritten: z.number(),
  rowsPerSecond: z.number(),
  etaSeconds: z.number().nullable(),
});
export type ImportProgressMessage = z.infer<typeof ImportProgressMessage>;

// ----------------------------------------------------------------------------- one business (edit)

/** The `{id}` of /api/admin/businesses/{id} and DELETE /api/businesses/{id}: a business's numeric id. */
export const BusinessIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a business id (a whole number from 1)')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'must be a business id (a whole number from 1)')),
});
export type BusinessIdParams = z.infer<typeof BusinessIdParams>;

const WorkingHours = z.record(z.string(), z.string());
/** Amenity groups `{ group: { feature: true | "text" } }`, or a plain-text description. */
const About = z.union([z.string(), z.record(z.string(), z.record(z.string(), z.union([z.boolean(), z.string()])))]);

/**
 * GET /api/admin/businesses/{id}: the whole stored business, the spec's 27 fields (camelCase: reviewCount
 * is the spec's reviews, placeId its place_id) plus what the directory keeps besides (approval, source,
 * subtypes, state, website, status, the derived category and city slugs).
 */
export const AdminBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.string().nullable(),
  categorySlug: z.string().nullable(),
  type: z.string().nullable(),
  subtypes: z.array(z.string()),
  fullAddress: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  citySlug: z.string().nullable(),
  postalCode: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  reviewsLink: z.string().nullable(),
  photo: z.string().nullable(),
  logo: z.string().nullable(),
  locatedIn: z.string().nullable(),
  workingHours: WorkingHours.nullable(),
  about: About.nullable(),
  verified: z.boolean(),
  website: z.string().nullable(),
  url: z.string().nullable(),
  businessStatus: z.enum(BUSINESS_STATUSES).nullable(),
  /** Null when the business has no place_id of its own (a content key: common/business.ts). */
  placeId: z.string().nullable(),
  isApproved: z.boolean(),
  /** 'demo', or `import:<job id>` of the import that added it. */
  source: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBusiness = z.infer<typeof AdminBusiness>;

const editableText = z.string().max(100_000, 'must be at most 100,000 characters').nullable().optional();

/**
 * PATCH /api/admin/businesses/{id}: any of the fields but id, the timestamps, approval (toggle-approval)
 * and the derived slugs. Only the JSON types are checked here; the values go through the importer's own
 * per-field rules (api/src/services/import/normalise-row.ts), so an edit is cleaned and judged as an
 * import row is. The slug stays unless `slug` (a new one, in slug form, unused) or `regenerateSlug`
 * (name-city plus suffix, as an import makes it) is given; the old slug then redirects (301).
 */
export const BusinessPatchBody = z
  .strictObject({
    name: z.string().max(100_000, 'must be at most 100,000 characters').optional(),
    slug: z.string().max(200, 'must be at most 200 characters').optional(),
    regenerateSlug: z.boolean().optional(),
    category: editableText,
    type: editableText,
    subtypes: z.array(z.string().max(1_000)).max(1_000).optional(),
    fullAddress: editableText,
    street: editableText,
    city: editableText,
    postalCode: editableText,
    state: editableText,
    country: editableText,
    countryCode: editableText,
    phone: editableText,
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
    rating: z.number().nullable().optional(),
    reviewCount: z.number().optional(),
    reviewsLink: editableText,
    photo: editableText,
    logo: editableText,
    locatedIn: editableText,
    workingHours: WorkingHours.nullable().optional(),
    about: About.nullable().optional(),
    verified: z.boolean().optional(),
    website: editableText,
    url: editableText,
    businessStatus: z.enum(BUSINESS_STATUSES, { error: `must be one of ${BUSINESS_STATUSES.join(', ')} or null` }).nullable().optional(),
    placeId: editableText,
  })
  .refine((body) => !(body.slug !== undefined && body.regenerateSlug), { message: 'give either a new slug or regenerateSlug, not both', path: ['slug'] })
  .refine((body) => Object.keys(body).some((key) => key !== 'regenerateSlug') || body.regenerateSlug === true, { message: 'name at least one field to change' });
export type BusinessPatchBody = z.infer<typeof BusinessPatchBody>;

/** The answer to an edit: the stored business, and whether the search index (the public site) has it yet. */
export const BusinessEditResponse = z.object({
  business: AdminBusiness,
  /** False when the indexer had not applied the change within the wait (it still will): see awaitSearchPublish. */
  published: z.boolean(),
});
export type BusinessEditResponse = z.infer<typeof BusinessEditResponse>;

/** POST /api/admin/businesses/{id}/toggle-approval */
export const ToggleApprovalResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  isApproved: z.boolean(),
  published: z.boolean(),
});
export type ToggleApprovalResponse = z.infer<typeof ToggleApprovalResponse>;

/** DELETE /api/businesses/{id} */
export const DeleteBusinessResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  published: z.boolean(),
});
export type DeleteBusinessResponse = z.infer<typeof DeleteBusinessResponse>;

// ---------------------------------------------------------------------------------------- dashboard

/** GET /api/admin/stats: the spec's stats (every business, approved and held), plus the approval split. */
export const AdminStats = z
  .object({
    totalBusinesses: z.number().int(),
    approvedBusinesses: z.number().int(),
    /** Held for review (not approved): invisible to visitors. */
    pendingBusinesses: z.number().int(),
    /** Categories with at least one business. */
    totalCategories: z.number().int(),
    /** Every category, most businesses first (then by name). */
    categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStats>;

/** Requests one API process answered in a window, and how fast (p95 from a latency histogram). */
const RequestWindow = z.object({
  seconds: z.number().int(),
  requests: z.number().int(),
  perSecond: z.number(),
  /** The upper bound of the histogram bucket holding the 95th percentile; null without requests. */
  p95Ms: z.number().nullable(),
  /** Answers with a 5xx status. */
  serverErrors: z.number().int(),
});

/** GET /api/admin/dashboard: the live figures of the dashboard (none are fixed text). */
export const AdminDashboard = z
  .object({
    generatedAt: z.string(),
    /** Exact (counters kept by database triggers), every business. */
    businesses: z.object({
      total: z.number().int(),
      approved: z.number().int(),
      pending: z.number().int(),
      categories: z.number().int(),
      /** Mean of the ratings above 0 over every business, one decimal; null when none is rated. */
      averageRating: z.number().nullable(),
      ratedBusinesses: z.number().int(),
    }).describe('Every business, approved and held: exact (counters kept by database triggers).'),
    /**
     * What visitors see (approved businesses), from the indexer's aggregates as of `computedAt`; null
     * while they have not been computed or search is unreachable.
     */
    directory: z.object({
      countries: z.number().int().nullable(),
      cities: z.number().int().nullable(),
      computedAt: z.string().nullable(),
    }).describe("Approved businesses as visitors see them: the indexer's aggregates as of computedAt (null before the first build or while search is unreachable)."),
    imports: z.object({
      /** The newest stored upload report. */
      last: z
        .object({
          id: z.number().int(),
          fileName: z.string(),
          kind: z.string(),
          success: z.boolean(),
          totalRows: z.number().int(),
          successCount: z.number().int(),
          errorCount: z.number().int(),
          skippedCount: z.number().int(),
          processingSeconds: z.number(),
          createdAt: z.string(),
        })
        .nullable(),
      /** Imports queued or running now. */
      running: z.number().int(),
      /** Stored reports of the last 24 hours, and how many of them failed (the shell's badge and notifications). */
      lastDay: z.object({ reports: z.number().int(), failed: z.number().int() }),
      /** The newest failed reports of the last 24 hours (at most 5): what needs attention. */
      recentFailures: z.array(z.object({ id: z.number().int(), fileName: z.string(), createdAt: z.string() })),
    }),
    search: z.object({
      reachable: z.boolean(),
      /** Changes committed in PostgreSQL that search does not show yet, and the age of the oldest. */
      outboxDepth: z.number().int(),
      lagSeconds: z.number(),
      indexedBusinesses: z.number().int().nullable(),
    }),
    storage: z.object({
      /** pg_database_size of the directory's database. */
      databaseBytes: z.number().int(),
      /** Meilisearch's databaseSize (the whole instance); null when unreachable. */
      searchBytes: z.number().int().nullable(),
    }),
    /** The API process that answered (each replica has its own). */
    process: z.object({
      pid: z.number().int(),
      uptimeSeconds: z.number().int(),
      memory: z.object({ rssBytes: z.number().int(), heapUsedBytes: z.number().int(), heapTotalBytes: z.number().int(), externalBytes: z.number().int() }),
    }),
    /** Counted in this API process only (per replica), every answer including cached ones. */
    requests: z.object({
      scope: z.literal('process'),
      lastMinute: RequestWindow,
      last5Minutes: RequestWindow,
    }).describe('Counted by the API process that answered (each replica its own), every answer including cached ones.'),
    /** The newest 20 audit rows. */
    recentActivity: z.array(
      z.object({
        action: z.string(),
        /** null: not signed in (a failed sign-in) or the admin was deleted. */
        admin: z.string().nullable(),
        entity: z.string().nullable(),
        entityId: z.string().nullable(),
        at: z.string(),
        ip: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof AdminDashboard>;

// ------------------------------------------------------------------------- site settings and ad codes

// The keys and limits live in admin-snippet-limits.ts (the panel reads them there without zod).
export { AD_SLOT_KEYS, AD_SLOT_MAX_BYTES, SITE_SETTING_KEYS, SITE_SETTING_MAX_BYTES, type AdSlotKey, type SiteSettingKey } from './admin-snippet-limits.ts';

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

/** GET /api/admin/sitemaps: every file with its URL count, from the data the files are built from (see countedAt). */
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
  /**
   * ISO 8601: when the categories, countries and cities figures were counted. The business files are
   * counted at every answer (from counts triggers keep exact), the main file and the index need no count.
   */
  countedAt: z.string().optional(),
  /**
   * False when the data was published, or the sitemaps regenerated or the caches cleared, since
   * `countedAt`: the categories, countries and cities figures may be behind the files. A recount then runs
   * in the background (at most one per 30 s), so a later call answers true.
   */
  countsCurrent: z.boolean().optional(),
});
export type SitemapsStatus = z.infer<typeof SitemapsStatus>;

/** POST /api/admin/sitemaps/regenerate */
export const SitemapsRegenerated = SitemapsStatus.extend({ success: z.literal(true), message: z.string() });
export type SitemapsRegenerated = z.infer<typeof SitemapsRegenerated>;

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
