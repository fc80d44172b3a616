/** GET /api/openapi.json: the public API described from its own zod schemas. */
import { Router } from 'express';
import type { RouteDeps } from '../../deps.ts';
import { buildOpenApiDocument } from './public-api-routes.ts';

export function createOpenApiRouter(deps: RouteDeps): Router {
  const router = Router();
  let document: string | null = null;
  router.get('/api/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument({ serverUrl: deps.config.publicUrl }));
    res.set('Cache-Control', 'public, max-age=3600').type('application/json').send(document);
  });
  return router;
}
