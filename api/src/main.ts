/**
 * `npm run api`: the API process. Started by scripts/start.ts (which resolves the embedded servers
 * and passes DATABASE_URL, MEILI_URL, MEILI_MASTER_KEY and SESSION_SECRET) or directly in production.
 */
import { loadConfigOrExit } from '../../platform/config.ts';
import { createPool, REQUEST_PATH_BOUNDS } from '../../platform/db/pool.ts';
import { createPrisma } from '../../platform/db/prisma.ts';
import { configureLogging, createLogger } from '../../platform/log.ts';
import { createMetricsRegistry, registerPoolMetrics, startMetricsServer, trackEmbeddedServerRestarts } from '../../platform/metrics.ts';
import { createMeili } from '../../platform/search/client.ts';
import { createSiteRouter } from '../../frontend/server/create-frontend-handler.ts';
import { startServer } from './server.ts';
import { removeAbandonedUploads } from './routes/admin/uploads/receive-upload.ts';
import { closeAbandonedImports } from './services/import/abandoned-imports.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const IMPORT_SWEEP_INTERVAL_MS = 60_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, { name: 'api' });
  configureLogging({ name: 'api', level: config.logLevel, format: config.logFormat });
  const logger = createLogger('api');
  if (!config.databaseUrl || !config.meiliUrl || !config.sessionSecret) {
    // MEILI_MASTER_KEY comes with MEILI_URL (the configuration refuses one without the other).
    const missing = [!config.databaseUrl && 'DATABASE_URL', !config.meiliUrl && 'MEILI_URL and MEILI_MASTER_KEY', !config.sessionSecret && 'SESSION_SECRET'].filter(Boolean);
    logger.error(`${missing.join(', ')} must be set to run the API alone (npm start sets them for its embedded servers).`);
    process.exit(1);
  }
  // Every wait on PostgreSQL from a request is bounded: a frozen or unreachable database is a 503 in
  // seconds, not a hang (platform/db/pool.ts REQUEST_PATH_BOUNDS).
  // Two pools of DATABASE_POOL_SIZE each (default 10): imports take up to half of the node-postgres one
  // (importWritersFor), so its size sets their writers too.
  const prismaPool = createPool(config.databaseUrl, { max: config.databasePoolSize, applicationName: 'directory-prisma', bounds: REQUEST_PATH_BOUNDS });
  const prisma = createPrisma(config.databaseUrl, { pool: prismaPool });
  const pool = createPool(config.databaseUrl, { max: config.databasePoolSize, applicationName: 'directory-api', bounds: REQUEST_PATH_BOUNDS });
  const meili = createMeili(config);
  // The process's metrics: served on their own listener below, never on the public port.
  const metrics = createMetricsRegistry({ processMetrics: true });
  trackEmbeddedServerRestarts(metrics);
  registerPoolMetrics(metrics, { api: pool, prisma: prismaPool });

  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer({ config, prisma, pool, meili, logger, metrics }, { fallbackRouters: [createSiteRouter] });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') logger.error(`Port ${config.port} is already in use: stop the other process or set PORT.`);
    else if (code === 'EACCES') logger.error(`Not allowed to listen on ${config.host}:${config.port}: choose a PORT above 1024.`);
    else logger.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    await Promise.allSettled([pool.end(), prisma.$disconnect()]);
    process.exit(1);
  }
  logger.info(`listening on ${running.url}`);
  const metricsServer = await startMetricsServer({ registry: metrics, host: config.metricsHost, port: config.metricsPort, log: logger });

  // Imports whose process died (a crash, a kill, this process restarted mid-upload) are closed with a
  // report now and then: at start, and every minute for `npm run import` processes killed meanwhile.
  const sweepImports = () =>
    closeAbandonedImports({ pool, prisma })
      .then((closed) => closed.length && logger.warn(`closed ${closed.length} import(s) whose process had stopped: ${closed.join(', ')}`))
      .catch((error) => logger.error(`could not check for stopped imports: ${error instanceof Error ? error.message : String(error)}`));
  void sweepImports();
  void removeAbandonedUploads()
    .then((removed) => removed && logger.warn(`removed ${removed} upload file(s) left in the temporary directory by a stopped process`))
    .catch(() => undefined);
  const importSweep = setInterval(() => void sweepImports(), IMPORT_SWEEP_INTERVAL_MS);
  importSweep.unref();

  let isStopping = false;
  const stop = async (reason: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info(`stopping (${reason})`);
    // A second signal or a stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 5_000).unref();
    clearInterval(importSweep);
    await Promise.all([running.close(), metricsServer?.close()]);
    await Promise.allSettled([pool.end(), prisma.$disconnect()]);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Started by `npm start` with an IPC channel: when the parent dies, so do we (no orphan API).
  if (process.send) process.once('disconnect', () => void stop('parent exited'));
}

void main();
