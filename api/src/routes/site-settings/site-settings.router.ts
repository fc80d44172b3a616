/**
 * GET /api/site-settings: the three snippets the pages inject (head, body start, footer) and nothing
 * else; the full settings stay behind /api/admin/site-settings (DESIGN §6).
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
