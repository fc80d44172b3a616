/**
 * Boots the real API for one test file: its own database and index prefix (createTestContext), the
 * real app on an ephemeral port, and small helpers to speak HTTP to it. Never mocks PostgreSQL or
 * Meilisearch.
 */
import type express from 'express';
import type { Config } from '../../../platform/config.ts';
import { createPool, REQUEST_PATH_BOUNDS, type Pool } from '../../../platform/db/pool.ts';
import { createPrisma, type Prisma } from '../../../platform/db/prisma.ts';
import { createLogger, type Logger } from '../../../platform/log.ts';
import type { Registry } from '../../../platform/metrics.ts';
import { createTestContext, type TestContext } from '../../../platform/testing/context.ts';
import { runIndexer, type IndexerHandle } from '../../../indexer/src/indexer.ts';
import { createSiteRouter } from '../../../frontend/server/create-frontend-handler.ts';
import { startServer, type StartServerOptions } from '../server.ts';
import { ensureAdminUser } from '../services/auth/ensure-admin-user.ts';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery staple' } as const;

export interface TestApi extends TestContext {
  prisma: Prisma;
  pool: Pool;
  app: express.Express;
  url: string;
  /** An Origin the app accepts (state-changing requests from a browser carry one). */
  origin: string;
  /** fetch against the test server; `path` starts with '/'. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** POST a JSON body (with the allowed Origin unless `headers` says otherwise). */
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Signs in as `TEST_ADMIN` (or the given user) and returns the Cookie header value. */
  signIn(credentials?: { username: string; password: string }, headers?: Record<string, string>): Promise<string>;
}

export interface StartTestApiOptions extends Pick<StartServerOptions, 'routers' | 'upgradeHandlers'> {
  /** Defaults to the site, as api/src/main.ts mounts it. */
  fallbackRouters?: StartServerOptions['fallbackRouters'];
  env?: Record<string, string>;
  /** Creates TEST_ADMIN first (default true). */
  withAdmin?: boolean;
  /** Listen on this port (default: an ephemeral one). A browser test needs it before start: its Origin must be allowed. */
  port?: number;
  logger?: Logger;
  /** The registry the app's metrics go to (default: one of its own). */
  metrics?: Registry;
}

/** The `name=value` pairs of every Set-Cookie, ready for a Cookie header. */
/** The environment of `npm run api` (api/src/main.ts) as a child process on the test servers of `config`. */
export function apiProcessEnv(config: Config, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl,
    MEILI_URL: config.meiliUrl,
    MEILI_MASTER_KEY: config.meiliMasterKey,
    MEILI_INDEX_PREFIX: config.meiliIndexPrefix,
    SESSION_SECRET: config.sessionSecret,
    ...extra,
  };
}

export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi & { close(): Promise<void> }> {
  const context = await createTestContext(options.env);
  // The bounds api/src/main.ts gives the API's pool and Prisma client.
  const prisma = createPrisma(context.config.databaseUrl!, { max: 4, bounds: REQUEST_PATH_BOUNDS });
  const pool = createPool(context.config.databaseUrl!, { max: 4, applicationName: 'directory-api-test', bounds: REQUEST_PATH_BOUNDS });
  if (options.withAdmin !== false) await ensureAdminUser({ prisma, ...TEST_ADMIN });
  const running = await startServer(
    { config: context.config, prisma, pool, meili: context.meili, logger: options.logger ?? createLogger('api-test'), metrics: options.metrics },
    { host: '127.0.0.1', port: options.port ?? 0, routers: options.routers, fallbackRouters: options.fallbackRouters ?? [createSiteRouter], upgradeHandlers: options.upgradeHandlers, shutdownTimeoutMs: 2000 },
  );
  const origin = context.config.allowedOrigins[0];
  const request = (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, { redirect: 'manual', ...init });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify(body) });
  return {
    ...context,
    prisma,
    pool,
    app: running.app,
    url: running.url,
    origin,
    request,
    postJson,
    async signIn(credentials = TEST_ADMIN, headers = {}) {
      const response = await postJson('/api/admin/login', credentials, headers);
      if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
      return cookieHeaderFrom(response);
    },
    async close() {
      await running.close();
      await Promise.allSettled([prisma.$disconnect(), pool.end()]);
      await context.close();
    },
  };
}

export interface AdminTestApi extends TestApi {
  /** The signed-in admin's Cookie header. */
  cookie: string;
  indexer: IndexerHandle;
  close(): Promise<void>;
}

/**
 * An API with an in-process indexer and a signed-in admin: what an admin write's test needs, since the
 * write answers once search holds it (read your writes). `seed` runs before the indexer builds its indexes.
 */
export async function startAdminTestApi(options: StartTestApiOptions & { seed?: (api: TestApi) => Promise<void> } = {}): Promise<AdminTestApi> {
  const api = await startTestApi(options);
  let indexer: IndexerHandle | undefined;
  try {
    await options.seed?.(api);
    indexer = runIndexer({ config: api.config, aggregateDebounceMs: 100 });
    await indexer.ready;
    const cookie = await api.signIn();
    const running = indexer;
    return {
      ...api,
      cookie,
      indexer: running,
      async close() {
        await running.stop();
        await api.close();
      },
    };
  } catch (error) {
    await indexer?.stop();
    await api.close();
    throw error;
  }
}
