/**
 * The admin API's routes: every one the admin routers register, and nothing else. The routers register
 * from this table (addAdminRoute), the 405 answers read it (middleware/public-methods.ts), and
 * admin-guard.test.ts checks that the mounted admin routes are exactly these, so a route added without
 * an entry here fails a test instead of going unnoticed.
 */
import type { RequestHandler, Router } from 'express';

export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full path, as Express matches it (the routers are mounted at the root). */
  path: string;
}

export const ADMIN_ROUTES = {
  signIn: { method: 'POST', path: '/api/admin/login' },
  signOut: { method: 'POST', path: '/api/admin/logout' },
  currentAdmin: { method: 'GET', path: '/api/admin/me' },
  uploadReports: { method: 'GET', path: '/api/admin/upload-reports' },
  indexerStatus: { method: 'GET', path: '/api/admin/indexer-status' },
  /** A WebSocket: answered by the upgrade (routes/index.ts `upgradeHandlers`), not by a router. */
  importProgress: { method: 'GET', path: '/api/admin/import-progress' },
  // The spec's upload URLs, outside /api/admin; the guard covers them as writes under /api.
  uploadFile: { method: 'POST', path: '/api/upload-excel' },
  uploadBatchFile: { method: 'POST', path: '/api/upload-excel-batch' },
} as const satisfies Record<string, AdminRoute>;

/** Registers `route` on `router` with its own method, so a handler cannot drift from its table entry. */
export function addAdminRoute(router: Router, route: AdminRoute, ...handlers: RequestHandler[]): void {
  router[route.method.toLowerCase() as Lowercase<AdminRoute['method']>](route.path, ...handlers);
}
