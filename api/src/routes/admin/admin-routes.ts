/**
 * The admin API's routes: every one the admin routers register, and nothing else. The routers register
 * from this table (addAdminRoute), the 405 answers read it (middleware/public-methods.ts), and
 * admin-guard.test.ts checks that the mounted admin routes are exactly these, so a route added without
 * an entry here fails a test instead of going unnoticed.
 */
import type { RequestHandler, Router } from 'express';
import type { z } from 'zod';
import { AdminProfile, LoginBody, LoginResponse, UploadReportsQuery } from '../../../../common/api/admin.ts';
import { AdminBusinessList, AdminBusinessListQuery, AdminCategoryCounts, AdminCountryCodeCounts, BulkBusinessAction, BulkBusinessResult } from '../../../../common/api/admin.ts';

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
