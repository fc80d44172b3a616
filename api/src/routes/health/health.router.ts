/** Liveness and readiness probes for process managers and load balancers (not under /api). */
import { Router } from 'express';
import type { RouteDeps } from '../../deps.ts';
import { checkReadiness } from '../../services/health/check-readiness.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../errors.ts';

export function createHealthRouter(deps: RouteDeps): Router {
  const router = Router();

  // Liveness: the process answers. No I/O, so a slow database never gets the process restarted.
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000) });
  });

  router.get('/readyz', async (_req, res) => {
    const { isReady, checks } = await checkReadiness({ pool: deps.pool, meili: deps.meili, indexPrefix: deps.config.meiliIndexPrefix, logger: deps.logger });
    // Not ready is an outage's answer like any other 503: it says when to ask again.
    if (!isReady) res.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    res.set('Cache-Control', 'no-store').status(isReady ? 200 : 503).json({ status: isReady ? 'ready' : 'not_ready', checks });
  });

  return router;
}
