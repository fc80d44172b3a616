/**
 * GET /api/site-settings: the four snippets the pages inject (head tags and analytics code in the head,
 * pixel at body start, footer at body end) and nothing else; saving them is /api/admin/site-settings.
 */
import { Router } from 'express';
import { PublicSiteSettings } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';
import { getPublicSiteSettings } from '../../services/public/get-public-site-settings.ts';

export function createSiteSettingsRouter(deps: RouteDeps): Router {
  const { cache } = deps;
  const router = Router();
  router.get(
    '/api/site-settings',
    cache.json({ maxAgeSeconds: CACHE_SECONDS.settings, schema: PublicSiteSettings, produce: () => getPublicSiteSettings({ prisma: deps.prisma }) }),
  );
  return router;
}
