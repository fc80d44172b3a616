/**
 * State shared by the jobs of one active indexer: the lock that serialises writes to the live
 * businesses index, the change set recorded while a full rebuild runs, and the last aggregate
 * documents sent (so a recompute only sends what changed).
 */
import type { IndexKind } from '../../platform/search/client.ts';

/** A FIFO async mutex. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

export type AggregateKind = Exclude<IndexKind, 'businesses'>;

export interface IndexerRuntime {
  /** Held by each drained batch and by the rebuild's final catch-up + swap. */
  writeLock: Mutex;
  /** Held by aggregate recomputes and the rebuild's swap. */
  aggregateLock: Mutex;
  /** While a full rebuild runs: the business ids the drain wrote to the live index since the rebuild's snapshot. */
  rebuildTouched: Set<number> | null;
  /** A truncate was drained while a rebuild ran: its snapshot is void. */
  truncatedDuringRebuild: boolean;
  /** JSON of the aggregate documents last sent, per kind and id; null = replace everything next time. */
  aggregateSnapshot: Map<AggregateKind, Map<string, string>> | null;
  /** Ids of the home page's featured businesses as last counted (null before the first count). */
  featuredIds: Set<number> | null;
  /** How long the last aggregate SQL took (ms): recomputes are spaced by a multiple of it. */
  lastAggregateSqlMs: number;
  /** Asks for an aggregate recompute soon (debounced). */
  markAggregatesDirty(): void;
}

export function createRuntime(markAggregatesDirty: () => void): IndexerRuntime {
  return {
    writeLock: new Mutex(),
    aggregateLock: new Mutex(),
    rebuildTouched: null,
    truncatedDuringRebuild: false,
    aggregateSnapshot: null,
    featuredIds: null,
    lastAggregateSqlMs: 0,
    markAggregatesDirty,
  };
}
