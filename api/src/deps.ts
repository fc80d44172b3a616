import type { Meilisearch } from 'meilisearch';
import type { Config } from '../../platform/config.ts';
import type { Pool } from '../../platform/db/pool.ts';
import type { Prisma } from '../../platform/db/prisma.ts';
import type { Logger } from '../../platform/log.ts';
import { createRequestMetrics, type RequestMetrics } from './middleware/request-metrics.ts';
import { createPublicContext, type PublicContext } from './services/public/public-context.ts';

/** What the API needs from the outside world. Built by main.ts, or per test file by the test harness. */
export interface AppDeps {
  config: Config;
  prisma: Prisma;
  pool: Pool;
  meili: Meilisearch;
  logger?: Logger;
}

/**
 * What every router factory and upgrade handler receives: the deps with the defaults filled in and the
 * public read side (the search reader and the response cache) every public router shares.
 */
export interface RouteDeps extends AppDeps, PublicContext {
  logger: Logger;
  sessionSecret: string;
  /** Process start, for /healthz uptime. */
  startedAt: number;
  /** This process's request counters (the request listener records every answer), for the admin dashboard. */
  requestMetrics: RequestMetrics;
}

/**
 * Fills in the defaults and builds the public read side; fails fast when the session secret was not
 * resolved. Called once per server (server.ts), which hands the result to the app and to the upgrades.
 */
export function resolveRouteDeps(deps: AppDeps, createLogger: (scope: string) => Logger): RouteDeps {
  if (!deps.config.sessionSecret) throw new Error('SESSION_SECRET is not resolved: the API cannot sign sessions without it.');
  return {
    ...deps,
    ...createPublicContext(deps),
    logger: deps.logger ?? createLogger('api'),
    sessionSecret: deps.config.sessionSecret,
    startedAt: Date.now(),
    requestMetrics: createRequestMetrics(),
  };
}
