import type { Meilisearch } from 'meilisearch';
import type { Config } from '../../platform/config.ts';
import type { Pool } from '../../platform/db/pool.ts';
import type { Prisma } from '../../platform/db/prisma.ts';
import type { Logger } from '../../platform/log.ts';
import { createMetricsRegistry, registerOutboxMetrics, type Registry } from '../../platform/metrics.ts';
import { createRequestMetrics, type RequestMetrics } from './middleware/request-metrics.ts';
import { trackImportMetrics } from './services/import/import-metrics.ts';
import { createPublicContext, type PublicContext } from './services/public/public-context.ts';

/** What the API needs from the outside world. Built by main.ts, or per test file by the test harness. */
export interface AppDeps {
  config: Config;
  prisma: Prisma;
  pool: Pool;
  meili: Meilisearch;
  logger?: Logger;
  /**
   * Where the API's metrics go: the process's registry, which main.ts serves on the metrics port. A
   * test's app gets a registry of its own.
   */
  metrics?: Registry;
}

/**
 * What every router factory and upgrade handler receives: the deps with the defaults filled in and the
 * public read side (the search reader and the response cache) every public router shares.
 */
export interface RouteDeps extends AppDeps, PublicContext {
  logger: Logger;
  metrics: Registry;
  sessionSecret: string;
  /** Process start, for /healthz uptime. */
  startedAt: number;
  /** The request counters (the request listener records every answer): the metrics endpoint's and the admin dashboard's. */
  requestMetrics: RequestMetrics;
  /** Stops the metrics' timers and subscriptions (server.ts, on close). */
  stopMetrics(): void;
}

/**
 * Fills in the defaults and builds the public read side; fails fast when the session secret was not
 * resolved. Called once per server (server.ts), which hands the result to the app and to the upgrades.
 */
export function resolveRouteDeps(deps: AppDeps, createLogger: (scope: string) => Logger): RouteDeps {
  if (!deps.config.sessionSecret) throw new Error('SESSION_SECRET is not resolved: the API cannot sign sessions without it.');
  const metrics = deps.metrics ?? createMetricsRegistry();
  registerOutboxMetrics(metrics, deps.pool);
  const requestMetrics = createRequestMetrics(metrics);
  const stopImportMetrics = trackImportMetrics(metrics);
  return {
    ...deps,
    ...createPublicContext({ ...deps, metrics }),
    logger: deps.logger ?? createLogger('api'),
    metrics,
    sessionSecret: deps.config.sessionSecret,
    startedAt: Date.now(),
    requestMetrics,
    stopMetrics() {
      requestMetrics.stop();
      stopImportMetrics();
    },
  };
}
