/**
 * The admin API's routes: every one the admin routers register, and nothing else. The routers register
 * from this table (addAdminRoute), the 405 answers read it (middleware/public-methods.ts), and
 * admin-guard.test.ts checks that the mounted admin routes are exactly these, so a route added without
 * an entry here fails a test instead of going unnoticed.
 */
import type { RequestHandler, Router } from 'express';
import type { z } from 'zod';
import {
  AdminBusiness,
  AdminBusinessList,
  AdminBusinessListQuery,
  AdminCategoryCounts,
  AdminCountryCodeCounts,
  AdminDashboard,
  AdminProfile,
  AdminStats,
  AdvertisementCodes,
  AdvertisementCodesBody,
  AdvertisementCodesSaved,
  BulkBusinessAction,
  BulkBusinessResult,
  BusinessEditResponse,
  BusinessPatchBody,
  ClearCacheResponse,
  DeleteAllBusinessesResponse,
  DeleteBusinessResponse,
  DeleteTestDataResponse,
  ExportCsvQuery,
  FixSlugsResponse,
  LegacyExportCsvBody,
  LoginBody,
  LoginResponse,
  ReauthBody,
  ReauthResponse,
  SiteSettings,
  SiteSettingsBody,
  SiteSettingsSaved,
  SitemapsRegenerated,
  SitemapsStatus,
  ToggleApprovalResponse,
  UploadReportsQuery,
} from '../../../../common/api/admin.ts';

export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full path, as Express matches it (the routers are mounted at the root). */
  path: string;
  /** One line for the admin API's document (what the call does, as an operator would say it). */
  summary: string;
  /** The zod shapes of common/api/admin.ts the route validates and answers with, for the admin document. */
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
}

export const ADMIN_ROUTES = {
  signIn: { method: 'POST', path: '/api/admin/login', summary: 'Sign in (sets the session cookie)', body: LoginBody, response: LoginResponse },
  signOut: { method: 'POST', path: '/api/admin/logout', summary: 'Sign out on every device' },
  currentAdmin: { method: 'GET', path: '/api/admin/me', summary: 'The signed-in admin', response: AdminProfile },
  uploadReports: { method: 'GET', path: '/api/admin/upload-reports', summary: 'Stored upload reports, newest first', query: UploadReportsQuery },
  indexerStatus: { method: 'GET', path: '/api/admin/indexer-status', summary: 'How far search is behind the database' },
  /** A WebSocket: answered by the upgrade (routes/index.ts `upgradeHandlers`), not by a router. */
  importProgress: { method: 'GET', path: '/api/admin/import-progress', summary: 'WebSocket: live import progress' },
  // The spec's upload URLs, outside /api/admin; the guard covers them as writes under /api.
  uploadFile: { method: 'POST', path: '/api/upload-excel', summary: 'Import one spreadsheet (multipart field file)' },
  uploadBatchFile: { method: 'POST', path: '/api/upload-excel-batch', summary: 'Import one file of a batch (multipart: file, batchSize, fileIndex, totalFiles)' },
  // One business: read, edit, approve and delete (issue 25, routes/admin/business-edit).
  getBusiness: { method: 'GET', path: '/api/admin/businesses/:id', summary: 'One business as stored, approved or not', response: AdminBusiness },
  updateBusiness: { method: 'PATCH', path: '/api/admin/businesses/:id', summary: "Edit a business's fields with the importer's rules (a new slug redirects the old one)", body: BusinessPatchBody, response: BusinessEditResponse },
  toggleBusinessApproval: { method: 'POST', path: '/api/admin/businesses/:id/toggle-approval', summary: 'Approve or hold back a business (the public site follows)', response: ToggleApprovalResponse },
  // The spec's path, shared with the public GET /api/businesses/{slug}; the guard covers it as a write under /api.
  deleteBusiness: { method: 'DELETE', path: '/api/businesses/:id', summary: 'Delete one business by its numeric id', response: DeleteBusinessResponse },
  // Dashboard (issue 25).
  stats: { method: 'GET', path: '/api/admin/stats', summary: 'Business counts (approved and held) and businesses per category, exact', response: AdminStats },
  dashboard: { method: 'GET', path: '/api/admin/dashboard', summary: 'Live dashboard figures: counts, last import, search lag, sizes, this process\'s requests and memory, recent activity', response: AdminDashboard },
  adminOpenApi: { method: 'GET', path: '/api/admin/openapi.json', summary: 'This document: every admin call, from the admin route table' },
  // Site settings, ad codes, caches and sitemaps (issue 25).
  siteSettings: { method: 'GET', path: '/api/admin/site-settings', summary: 'The four site-wide snippets', response: SiteSettings },
  saveSiteSettings: { method: 'POST', path: '/api/admin/site-settings', summary: 'Save site-wide snippets (100 KB each; public pages show them at once)', body: SiteSettingsBody, response: SiteSettingsSaved },
  advertisementCodes: { method: 'GET', path: '/api/admin/advertisement-codes', summary: 'The code of ad slots ad1 to ad7', response: AdvertisementCodes },
  saveAdvertisementCodes: { method: 'POST', path: '/api/admin/advertisement-codes', summary: 'Save ad slot code (50 KB each; public pages show it at once)', body: AdvertisementCodesBody, response: AdvertisementCodesSaved },
  clearCache: { method: 'POST', path: '/api/admin/clear-cache', summary: 'Drop every cache of every API process', response: ClearCacheResponse },
  sitemaps: { method: 'GET', path: '/api/admin/sitemaps', summary: 'The sitemap files with their URL counts and generation time', response: SitemapsStatus },
  regenerateSitemaps: { method: 'POST', path: '/api/admin/sitemaps/regenerate', summary: 'Rebuild the sitemaps on every API process from the current data', response: SitemapsRegenerated },
  // CSV exports (a file download, text/csv with a UTF-8 BOM; the POST is the older dialog's, outside /api/admin).
  exportCsv: { method: 'GET', path: '/api/admin/export-csv', summary: 'Download businesses as CSV (chosen fields and filters)', query: ExportCsvQuery },
  legacyExportCsv: { method: 'POST', path: '/api/export-csv', summary: 'Download businesses as CSV (the older dialog: nine fields, a country)', body: LegacyExportCsvBody },
  // Destructive global actions: each needs the password entered in the last 10 minutes (reauth).
  reauth: { method: 'POST', path: '/api/admin/reauth', summary: 'Enter the password again (allows destructive actions for 10 minutes)', body: ReauthBody, response: ReauthResponse },
  deleteAllBusinesses: { method: 'DELETE', path: '/api/admin/businesses', summary: 'Delete every business (database and search)', response: DeleteAllBusinessesResponse },
  deleteTestData: { method: 'DELETE', path: '/api/admin/test-data', summary: 'Delete the demo businesses no import has touched', response: DeleteTestDataResponse },
  fixSlugs: { method: 'POST', path: '/api/admin/fix-slugs', summary: 'Rewrite slugs that break the slug rules (old ones redirect)', response: FixSlugsResponse },
  // Business list and bulk actions (issue 25).
  listBusinesses: { method: 'GET', path: '/api/admin/businesses', summary: 'Every business (approved and held), filtered, sorted and paged', query: AdminBusinessListQuery.in, response: AdminBusinessList },
  listCategories: { method: 'GET', path: '/api/admin/categories', summary: 'Every category with its number of businesses', response: AdminCategoryCounts },
  listCountryCodes: { method: 'GET', path: '/api/admin/country-codes', summary: 'Every country code present with its number of businesses', response: AdminCountryCodeCounts },
  bulkBusinesses: { method: 'POST', path: '/api/admin/businesses/bulk', summary: 'Approve, unapprove or delete businesses by ids or by the list filter (with the count seen)', body: BulkBusinessAction, response: BulkBusinessResult },
} as const satisfies Record<string, AdminRoute>;

/** Registers `route` on `router` with its own method, so a handler cannot drift from its table entry. */
export function addAdminRoute(router: Router, route: AdminRoute, ...handlers: RequestHandler[]): void {
  router[route.method.toLowerCase() as Lowercase<AdminRoute['method']>](route.path, ...handlers);
}
