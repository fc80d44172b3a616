/** GET /api/advertisements: slot key -> HTML (rendered by the frontend in a sandboxed iframe). */
import { Router } from 'express';
import { Advertisements } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { CACHE_SECONDS } from '../../services/public/public-context.ts';
import { listAdvertisements } from '../../services/public/list-advertisements.ts';

export function createAdvertisementsRouter(deps: RouteDeps): Router {
  const { cache } = deps;
  const router = Router();
  router.get(
    '/api/advertisements',
    cache.json({ maxAgeSeconds: CACHE_SECONDS.settings, schema: Advertisements, produce: () => listAdvertisements({ prisma: deps.prisma }) }),
  );
  return router;
}
