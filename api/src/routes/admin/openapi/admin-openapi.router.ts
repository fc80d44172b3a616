/**
 * GET /api/admin/openapi.json: the admin API described from its route table (ADMIN_ROUTES, each entry
 * with its summary and the common/api/admin.ts shapes), built by the same code as the public document.
 * Behind the admin session like every /api/admin path: it maps the attack surface.
 */
import { Router } from 'express';
import * as Admin from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { PUBLIC_WRITE_ROUTES } from '../../../middleware/admin-guard.ts';
import { buildOpenApiDocument, toOpenApiPath, type OpenApiRoute } from '../../openapi/openapi-document.ts';
import { ERROR_TEXT } from '../../openapi/public-api-routes.ts';
import { addAdminRoute, ADMIN_ROUTES, type AdminRoute } from '../admin-routes.ts';

const ADMIN_ERROR_TEXT: Record<number, string> = {
  ...ERROR_TEXT,
  401: 'Admin sign-in required (or the sign-in failed)',
};

/** Every admin route as the document lists it: the guard's answers included (401, and 403 for writes). */
export function adminOpenApiRoutes(): OpenApiRoute[] {
  return Object.values(ADMIN_ROUTES as Record<string, AdminRoute>).map((route) => {
    const { path, params } = toOpenApiPath(route.path);
    const isWrite = route.method !== 'GET';
    const isPublic = PUBLIC_WRITE_ROUTES.some((open) => open.method === route.method && open.path === route.path);
    const errors = [
      ...(route.query || route.body || params.length ? [400] : []),
      // A public write (sign-in) answers 401 for wrong credentials; every other route for a missing session.
      401,
      ...(isWrite ? [403] : []),
      ...(isPublic ? [429] : []),
    ];
    return {
      method: route.method.toLowerCase() as OpenApiRoute['method'],
      path,
      summary: route.summary,
      params: Object.fromEntries(params.map((name) => [name, name])),
      query: route.query,
      body: route.body,
      response: route.response,
      errors,
    };
  });
}

export function createAdminOpenApiRouter(deps: RouteDeps): Router {
  const router = Router();
  // Built once: it changes only with a release.
  let built: Record<string, unknown> | null = null;
  addAdminRoute(router, ADMIN_ROUTES.adminOpenApi, (_req, res) => {
    built ??= buildOpenApiDocument({
      title: 'Business directory: admin API',
      description:
        'The calls of the admin panel. Every call but sign-in needs the session cookie that POST /api/admin/login sets; ' +
        'writes must come from an allowed Origin. Every error is JSON { error, message, details? }.',
      serverUrl: deps.config.publicUrl,
      routes: adminOpenApiRoutes(),
      schemaModules: [Admin],
      errorText: ADMIN_ERROR_TEXT,
    });
    res.json(built);
  });
  return router;
}
