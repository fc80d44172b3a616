/**
 * A job is a named unit of indexer work with the same `run` for cron and on demand
 * (documenso's job definitions, outline's CronTask).
 */
import type { Meilisearch } from 'meilisearch';
import type { Config } from '../../../platform/config.ts';
import type { Pool } from '../../../platform/db/pool.ts';
import type { Logger } from '../../../platform/log.ts';
import type { IndexerRuntime } from '../runtime.ts';

export interface JobContext {
  config: Config;
  pool: Pool;
  meili: Meilisearch;
  prefix: string;
  log: Logger;
  runtime: IndexerRuntime;
  /** Aborted on shutdown or lost leadership: long jobs stop between steps. */
  signal: AbortSignal;
  /** Told how many outbox rows each acknowledgement took off (the indexer's metrics). */
  onIndexed?: (rows: number) => void;
}

export interface Job {
  name: string;
  /** A cron expression (node-cron), or one derived from config; absent = on demand only. */
  cron?: string | ((config: Config) => string);
  run(context: JobContext): Promise<void>;
}

/** The job registry: fails fast at start-up when two jobs share a name. */
export function createJobRegistry(jobs: Job[]): ReadonlyMap<string, Job> {
  const registry = new Map<string, Job>();
  for (const job of jobs) {
    if (registry.has(job.name)) throw new Error(`Duplicate indexer job name: ${job.name}`);
    registry.set(job.name, job);
  }
  return registry;
}
