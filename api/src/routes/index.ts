/**
 * The one list of what the API serves. app.ts mounts `routers` in this order, after the session and
 * the admin guard (middleware/admin-guard.ts), so every route here is covered by the access policy.
 *
 * Convention: each router declares FULL paths (`router.get('/api/admin/stats', ...)`) and is mounted
 * at the root. api/src/routes/admin/admin-auth/admin-guard.test.ts walks the mounted routes and relies on it.
 */
import type { Router } from 'express';
import type { RouteDeps } from '../deps.ts';
import type { UpgradeHandler } from '../upgrade.ts';
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
import { createBusinessEditRouter } from './admin/business-edit/business-edit.router.ts';
import { createDashboardRouter } from './admin/dashboard/dashboard.router.ts';
import { createAdminOpenApiRouter } from './admin/openapi/admin-openapi.router.ts';
import { createAdminAdvertisementCodesRouter } from './admin/advertisement-codes/advertisement-codes.router.ts';
import { createAdminSiteSettingsRouter } from './admin/site-settings/site-settings.router.ts';
import { createAdminSitemapsRouter } from './admin/sitemaps/sitemaps.router.ts';
import { createExportRouter } from './admin/export/export.router.ts';
import { createDestructiveActionsRouter } from './admin/destructive-actions/destructive-actions.router.ts';
import { createAdminBusinessesRouter } from './admin/businesses/businesses.router.ts';

export type RouterFactory = (deps: RouteDeps) => Router;

export const routers: RouterFactory[] = [createHealthRouter, createAdminAuthRouter,
  // Public visitor API (issue 5).
  createAdvertisementsRouter, createHomepageRouter, createFeaturedRouter, createBusinessesRouter, createCategoriesRouter,
  createCountriesRouter, createCitiesRouter, createSearchRouter, createSiteSettingsRouter, createContactRouter, createOpenApiRouter,
  // Spreadsheet import (issue 3).
  createUploadsRouter,
  // Search index health (issue 4).
  createIndexerStatusRouter,
  // One business: read, edit, approve, delete (issue 25).
  createBusinessEditRouter,
  // Admin dashboard and the admin API's document (issue 25).
  createDashboardRouter, createAdminOpenApiRouter,
  // Site settings, ad codes, caches and sitemaps (issue 25).
  createAdminSiteSettingsRouter, createAdminAdvertisementCodesRouter, createAdminSitemapsRouter,
  // CSV exports (issue 25).
  createExportRouter,
  // Destructive global actions (issue 25).
  createDestructiveActionsRouter,
  // Admin business list and bulk actions (issue 25).
  createAdminBusinessesRouter];

/** The WebSocket endpoints, routed by upgrade.ts under the same policy as these routers. */
export const upgradeHandlers: UpgradeHandler[] = [importProgressSocket];
