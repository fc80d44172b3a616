/**
 * The indexer's own metrics, beside the outbox gauges read from PostgreSQL at scrape time
 * (platform/metrics.ts: rows and seconds search lags behind): what this process knows as it works.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Pool } from '../../platform/db/pool.ts';
import { registerPoolMetrics } from '../../platform/metrics.ts';

export interface IndexerMetrics {
  /** Outbox rows acknowledged (their changes are in Meilisearch). */
  onIndexed(rows: number): void;
  /** Leader (writes to Meilisearch) or not (starting, standby, stopped). */
  setLeader(isLeader: boolean): void;
  /** The leader's PostgreSQL pool while it has one (DATABASE_POOL_SIZE), null once it is ended: the pool gauges. */
  watchPool(pool: Pool | null): void;
}

export function createIndexerMetrics(registry: Registry): IndexerMetrics {
  const indexed = new Counter({ name: 'directory_indexer_rows_indexed_total', help: 'Outbox rows this indexer has put into Meilisearch and acknowledged', registers: [registry] });
  const lastIndexed = new Gauge({ name: 'directory_indexer_last_indexed_timestamp_seconds', help: 'When this indexer last acknowledged outbox rows (Unix time; 0: not yet)', registers: [registry] });
  const leader = new Gauge({ name: 'directory_indexer_leader', help: '1 while this indexer holds the lock and writes to Meilisearch, 0 as a standby', registers: [registry] });
  leader.set(0);
  lastIndexed.set(0);
  const pools: Record<string, Pool> = {};
  registerPoolMetrics(registry, pools);
  return {
    onIndexed(rows) {
      if (rows <= 0) return;
      indexed.inc(rows);
      lastIndexed.set(Date.now() / 1000);
    },
    setLeader(isLeader) {
      leader.set(isLeader ? 1 : 0);
    },
    watchPool(pool) {
      if (pool) pools.indexer = pool;
      else delete pools.indexer;
    },
  };
}
