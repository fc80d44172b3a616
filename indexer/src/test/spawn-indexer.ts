/** Runs the real indexer process (`node --import tsx indexer/src/main.ts`) for tests that kill it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../../platform/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface SpawnedIndexer {
  child: ChildProcess;
  roles: string[];
  readyCount(): number;
  output(): string;
  exited: Promise<number | null>;
}

export function indexerEnv(config: Config, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATABASE_URL: config.databaseUrl,
    MEILI_URL: config.meiliUrl,
    MEILI_MASTER_KEY: config.meiliMasterKey,
    MEILI_INDEX_PREFIX: config.meiliIndexPrefix,
    INDEXER_POLL_MS: String(config.indexerPollMs),
    INDEXER_BATCH_SIZE: String(config.indexerBatchSize),
    ...extra,
  };
}

export function spawnIndexer(config: Config, args: string[] = [], extra: Record<string, string> = {}): SpawnedIndexer {
  return spawnWatched('indexer/src/main.ts', indexerEnv(config, extra), args);
}

/**
 * Runs one of the project's entry points (`node --import tsx <entry>`) with an IPC channel, as `npm start`
 * gives its children (the child exits when this process goes away), keeping its output and the indexer's
 * role and ready messages.
 */
export function spawnWatched(entry: string, env: NodeJS.ProcessEnv, args: string[] = []): SpawnedIndexer {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const roles: string[] = [];
  let ready = 0;
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  child.on('message', (message: { type?: string; role?: string }) => {
    if (message.type === 'indexer-role' && message.role) roles.push(message.role);
    if (message.type === 'indexer-ready') ready++;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, roles, readyCount: () => ready, output: () => text, exited };
}

/** Runs `indexer --verify` as its own process; resolves with its exit code and output. */
export async function runVerifyProcess(config: Config): Promise<{ code: number | null; output: string }> {
  const run = spawnIndexer(config, ['--verify']);
  const code = await run.exited;
  return { code, output: run.output() };
}
