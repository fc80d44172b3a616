/**
 * The indexer process (the only writer to Meilisearch).
 *
 *   npm run indexer               keep Meilisearch in step with PostgreSQL (active or standby)
 *   npm run indexer -- --full     rebuild every index now (asks the active indexer if one runs)
 *   npm run indexer -- --verify   compare PostgreSQL and Meilisearch; exit 1 on any difference
 *
 * Started by `npm start` as a child with an IPC channel: it sends `{ type: 'indexer-ready' }` once its
 * indexes are built and `{ type: 'indexer-role', role }` on role changes, and exits when the parent
 * disconnects, so no orphan outlives `npm start`.
 */
import pg from 'pg';
import { loadConfigOrExit, type Config } from '../../platform/config.ts';
import { createPool } from '../../platform/db/pool.ts';
import { configureLogging, createLogger } from '../../platform/log.ts';
import { findRunningStart, StartNotRunningError } from '../../platform/runtime/running-start.ts';
import { createMetricsRegistry, registerOutboxMetrics, startMetricsServer, trackEmbeddedServerRestarts } from '../../platform/metrics.ts';
import { createMeili, INDEX_KINDS, indexUid } from '../../platform/search/client.ts';
import { STATE_KEYS } from '../../platform/search/settings.ts';
import { readState } from './db/state.ts';
import { outboxDepth } from './db/outbox.ts';
import { rebuildAllIndexes } from './jobs/full-rebuild.ts';
import { CONTROL_CHANNEL, lockName, runIndexer } from './indexer.ts';
import { createIndexerMetrics } from './metrics.ts';
import { createRuntime } from './runtime.ts';
import { verifyIndexes } from './verify.ts';

const log = createLogger('indexer');

function send(message: Record<string, unknown>): void {
  if (process.send && process.connected) process.send(message);
}

async function runDaemon(config: Config): Promise<number> {
  // Served on their own listener (INDEXER_METRICS_PORT), standby or leader; the outbox gauges read
  // PostgreSQL at scrape time over a pool of one.
  const metrics = createMetricsRegistry({ processMetrics: true });
  trackEmbeddedServerRestarts(metrics);
  const metricsPool = createPool(config.databaseUrl!, { max: 1, applicationName: 'directory-indexer-metrics' });
  registerOutboxMetrics(metrics, metricsPool);
  const metricsServer = await startMetricsServer({ registry: metrics, host: config.metricsHost, port: config.indexerMetricsPort, log });
  const indexer = runIndexer({
    config,
    log,
    metrics: createIndexerMetrics(metrics),
    onReady: () => send({ type: 'indexer-ready' }),
    onRoleChange: (role) => send({ type: 'indexer-role', role }),
  });
  const shutdown = (why: string) => {
    log.info(`stopping (${why})`);
    void indexer.stop();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('disconnect', () => shutdown('parent disconnected'));
  await indexer.done;
  await Promise.allSettled([metricsServer?.close(), metricsPool.end()]);
  return 0;
}

/** --full: rebuild here when no indexer is active, else ask the active one and wait for its result. */
async function runFull(config: Config): Promise<number> {
  const lockClient = new pg.Client({ connectionString: config.databaseUrl });
  await lockClient.connect();
  const pool = createPool(config.databaseUrl!, { max: 4, applicationName: 'directory-indexer-full' });
  const prefix = config.meiliIndexPrefix;
  try {
    const { rows } = await lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [lockName(prefix)]);
    if (rows[0].ok) {
      const runtime = createRuntime(() => undefined);
      const result = await rebuildAllIndexes(
        { config, pool, meili: createMeili(config, { timeoutMs: 120_000 }), prefix, log, runtime, signal: new AbortController().signal },
        'requested by `indexer --full`',
      );
      console.log(JSON.stringify(result, null, 2));
      return 0;
    }
    const requestedAt = Date.now();
    log.info('an indexer is active; asking it to rebuild');
    await lockClient.query('SELECT pg_notify($1, $2)', [CONTROL_CHANNEL, 'full-rebuild']);
    const deadline = requestedAt + 60 * 60_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const state = await readState<{ finishedAt?: string; running?: boolean; lastFailure?: { at: string; message: string } }>(pool, STATE_KEYS.fullRebuild(prefix));
      if (state?.finishedAt && Date.parse(state.finishedAt) >= requestedAt && !state.running) {
        console.log(JSON.stringify(state, null, 2));
        return 0;
      }
      if (state?.lastFailure && Date.parse(state.lastFailure.at) >= requestedAt) {
        log.error({ error: state.lastFailure.message }, 'the rebuild failed');
        return 1;
      }
    }
    log.error('timed out waiting for the rebuild');
    return 1;
  } finally {
    await lockClient.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
}

/** --verify: wait (up to 60 s) for pending changes to settle, compare, retry once for debounced aggregates. */
async function runVerify(config: Config): Promise<number> {
  const pool = createPool(config.databaseUrl!, { max: 4, applicationName: 'directory-indexer-verify' });
  const meili = createMeili(config, { timeoutMs: 60_000 });
  const prefix = config.meiliIndexPrefix;
  try {
    const deadline = Date.now() + 60_000;
    const uids = INDEX_KINDS.map((kind) => indexUid(prefix, kind));
    while (Date.now() < deadline) {
      const depth = await outboxDepth(pool);
      const pending = await meili.tasks.getTasks({ statuses: ['enqueued', 'processing'], indexUids: uids, limit: 1 });
      if (depth === 0 && pending.results.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    let report = await verifyIndexes({ pool, meili, prefix });
    if (report.differences.length) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      report = await verifyIndexes({ pool, meili, prefix });
    }
    const depth = await outboxDepth(pool);
    for (const [kind, count] of Object.entries(report.counts)) {
      console.log(`${kind.padEnd(11)} postgres=${count.postgres} meilisearch=${count.meilisearch ?? 'missing'}`);
    }
    console.log(`sampled ${report.sampled} businesses; outbox depth ${depth}`);
    if (report.differences.length) {
      console.log(`${report.differences.length} difference(s):`);
      for (const line of report.differences.slice(0, 200)) console.log(`  ${line}`);
      return 1;
    }
    console.log('OK: Meilisearch matches PostgreSQL');
    return 0;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

const NEEDS = 'The indexer needs DATABASE_URL, MEILI_URL and MEILI_MASTER_KEY (npm start passes them to its child processes)';

async function main(): Promise<number> {
  let config = loadConfigOrExit(process.env, { name: 'indexer' });
  configureLogging({ name: 'indexer', level: config.logLevel, format: config.logFormat });
  const args = process.argv.slice(2);
  const oneShot = args.includes('--verify') || args.includes('--full');
  const settings = { DATABASE_URL: config.databaseUrl, MEILI_URL: config.meiliUrl, MEILI_MASTER_KEY: config.meiliMasterKey };
  const missing = Object.keys(settings).filter((name) => !settings[name as keyof typeof settings]);
  if (missing.length > 0) {
    if (!oneShot) {
      log.error(`${NEEDS}.`);
      return 1;
    }
    // Some set and some not: mixing them with the servers of `npm start` would compare one database with
    // another's index (or write to it), so the settings given must be completed, not filled in.
    if (missing.length < 3) {
      const given = Object.keys(settings).filter((name) => !missing.includes(name));
      console.error(`${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set while ${given.join(' and ')} ${given.length === 1 ? 'is' : 'are'}: set all three, or none to use the servers of a running \`npm start\`.`);
      return 1;
    }
    // --verify and --full beside `npm start` need no settings: its embedded servers are found as the import CLI finds them.
    try {
      const running = await findRunningStart(config, { unset: 'DATABASE_URL, MEILI_URL or MEILI_MASTER_KEY is not set', startFirst: `${NEEDS}: run \`npm start\` first, or set them.` });
      console.log(`Using the embedded servers of \`npm start\` (${running.where}, Meilisearch ${running.meiliUrl}).`);
      config = { ...config, databaseUrl: running.databaseUrl, meiliUrl: running.meiliUrl, meiliMasterKey: running.meiliMasterKey };
    } catch (error) {
      if (!(error instanceof StartNotRunningError)) throw error;
      console.error(error.message);
      return 1;
    }
  }
  if (args.includes('--verify')) return runVerify(config);
  if (args.includes('--full')) return runFull(config);
  return runDaemon(config);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log.error({ error: error instanceof Error ? error.stack ?? error.message : String(error) }, 'fatal');
    process.exit(1);
  },
);
