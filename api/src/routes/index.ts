/**
 * The one list of what the API serves. app.ts mounts `routers` in this order, after the session and
 * the admin guard (middleware/admin-guard.ts), so every route here is covered by the access policy.
 *
 * Convention: each router declares FULL paths (`router.get('/api/admin/stats', ...)`) and is mounted
 * at the root. api/src/routes/admin/admin-auth/admin-guard.test.ts walks the mounted routes and relies on it.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Router } from 'express';
import { createLogger } from '../../../platform/logger.ts';
import { resolveRouteDeps, type AppDeps, type RouteDeps } from '../deps.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { findDisallowedOrigin, requiresAdmin } from '../middleware/admin-guard.ts';
import { authenticateSession, createSessionMiddleware, loadSessionOutsideExpress } from '../middleware/session.ts';
import type { AdminUser } from '../repositories/admin-users.ts';
import { createAdminAuthRouter } from './admin/admin-auth/admin-auth.router.ts';
import { createHealthRouter } from './health/health.router.ts';
import { createAdvertisementsRouter } from './advertisements/advertisements.router.ts';
import { createBusinessesRouter } from './businesses/businesses.router.ts';
import { createCategoriesRouter } from './categories/categories.router.ts';
import { createCitiesRouter } from './cities/cities.router.ts';
import { createContactRouter } from './contact/contact.router.ts';
import { createCountriesRouter } from './countries/countries.router.ts';
import { createFeaturedRouter } from './featured/featured.router.ts';
import { createHomepageRouter } from './homepage/homepage.router.ts';
import { createIndexerStatusRouter } from './admin/indexer-status/indexer-status.router.ts';
import { createOpenApiRouter } from './openapi/openapi.router.ts';
import { createSearchRouter } from './search/search.router.ts';
import { createSiteSettingsRouter } from './site-settings/site-settings.router.ts';
import { importProgressSocket } from './admin/uploads/import-progress.socket.ts';
import { createUploadsRouter } from './admin/uploads/uploads.router.ts';
import { createFrontendRouter } from '../../../frontend/server/create-frontend-handler.ts';
import { writeSocketError } from '../write-socket-error.ts';

export type RouterFactory = (deps: RouteDeps) => Router;

export const routers: RouterFactory[] = [createHealthRouter, createAdminAuthRouter,
  // Public visitor API (issue 5).
  createAdvertisementsRouter, createHomepageRouter, createFeaturedRouter, createBusinessesRouter, createCategoriesRouter,
  createCountriesRouter, createCitiesRouter, createSearchRouter, createSiteSettingsRouter, createContactRouter, createOpenApiRouter,
  // Spreadsheet import (issue 3).
  createUploadsRouter,
  // Search index health (issue 4).
  createIndexerStatusRouter];

/**
 * Mounted after the JSON 404 for unknown /api paths: the place for the frontend's server-side
 * rendering catch-all, so it never answers an /api request with HTML.
 */
export const fallbackRouters: RouterFactory[] = [(deps) => createFrontendRouter({ config: deps.config, pool: deps.pool })];

/** A WebSocket (or other Upgrade) endpoint. Under /api/admin the admin is already authenticated. */
export interface UpgradeHandler {
  /** Exact path, e.g. '/api/admin/imports/progress' (query strings are ignored when matching). */
  path: string;
  handle(req: IncomingMessage & { admin?: AdminUser }, socket: Duplex, head: Buffer, deps: RouteDeps): void;
}

export const upgradeHandlers: UpgradeHandler[] = [importProgressSocket];

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  // The reason phrase is the message, and a 500 is `internal_server_error`, as these answers always said.
  const codes: Partial<Record<number, ErrorCode>> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };
  writeSocketError(socket, new AppError(codes[status] ?? 'internal_server_error', reason), { destroyWhenFlushed: true });
}

const normalisePath = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * Routes HTTP Upgrade requests to `upgradeHandlers` under the same policy as HTTP: the Origin must
 * be allowed and paths under /api/admin need an admin session. Anything else gets 404.
 */
export function attachUpgradeHandlers(server: Server, appDeps: AppDeps, handlers: readonly UpgradeHandler[] = upgradeHandlers): void {
  const deps = resolveRouteDeps(appDeps, createLogger);
  const session = createSessionMiddleware(deps.config);
  const allowedOrigins = deps.config.allowedOrigins.map((origin) => new URL(origin).origin);
  server.on('upgrade', (req: IncomingMessage & { admin?: AdminUser }, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handler = handlers.find((candidate) => normalisePath(candidate.path) === normalisePath(pathname));
    if (!handler) return rejectUpgrade(socket, 404, 'Not Found');
    if (findDisallowedOrigin(req.headers, allowedOrigins) !== null) return rejectUpgrade(socket, 403, 'Forbidden');
    if (!requiresAdmin(req.method ?? 'GET', pathname)) return handler.handle(req, socket, head, deps);
    loadSessionOutsideExpress(req, session)
      .then(() => authenticateSession(req, deps))
      .then((admin) => {
        if (!admin) return rejectUpgrade(socket, 401, 'Unauthorized');
        req.admin = admin;
        handler.handle(req, socket, head, deps);
      })
      .catch((error: unknown) => {
        deps.logger.error('upgrade failed', { path: pathname, error: error instanceof Error ? error.message : String(error) });
        if (!socket.destroyed) rejectUpgrade(socket, 500, 'Internal Server Error');
      });
  });
}
