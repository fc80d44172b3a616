/**
 * Real PostgreSQL (and optionally Meilisearch) in a temporary directory on free ports, with one
 * migrated database: what `npm test` and every bench start, and stop (removing the directory) at the
 * end or on Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '../db/migrate.ts';
import { startEmbeddedMeilisearch, type RunningMeilisearch } from './embedded-meilisearch.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.ts';
import { findFreePort } from './ports.ts';

export interface ThrowawayServers {
  dataDir: string;
  postgres: RunningPostgres;
  /** Null unless `meilisearch: true`. */
  meili: RunningMeilisearch | null;
  meiliMasterKey: string;
  /** The migrated database named by `database`. */
  databaseUrl: string;
  /** Stops both servers and removes the directory; safe to call more than once. */
  stop(): Promise<void>;
}

export async function startThrowawayServers(options: {
  /** Part of the temporary directory's name. */
  name: string;
  database: string;
  meilisearch?: boolean;
  /** fsync off: for tests and benches that do not measure durable writes. */
  ephemeral?: boolean;
}): Promise<ThrowawayServers> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `directory-${options.name}-`));
  await chmod(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root.
  const meiliMasterKey = randomBytes(16).toString('hex');
  const [pgPort, meiliPort] = [await findFreePort(), await findFreePort()];

  const started = await Promise.allSettled([
    startEmbeddedPostgres({ dataDir, port: pgPort, password: randomBytes(12).toString('hex'), ephemeral: options.ephemeral }),
    options.meilisearch ? startEmbeddedMeilisearch({ dataDir, port: meiliPort, masterKey: meiliMasterKey }) : Promise.resolve(null),
  ]);
  const postgres = started[0].status === 'fulfilled' ? started[0].value : null;
  const meili = started[1].status === 'fulfilled' ? started[1].value : null;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.allSettled([meili?.stop(), postgres?.stop()]);
      await rm(dataDir, { recursive: true, force: true });
    })());

  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw (failure as PromiseRejectedResult).reason;
  }
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)));

  try {
    await postgres!.ensureDatabase(options.database);
    const databaseUrl = postgres!.urlFor(options.database);
    await applyMigrations(databaseUrl);
    return { dataDir, postgres: postgres!, meili, meiliMasterKey, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
