/**
 * "Has the public data changed?" without asking on every request. The version is the pair of
 *  - each of this deployment's Meilisearch indexes with its `updatedAt` (the indexer's document
 *    batches and its atomic index swaps both move it), and
 *  - a fingerprint of the small tables served outside the indexes (advertisement_codes,
 *    site_settings) and of indexer_state, where the indexer records what it published and where
 *    POST /api/admin/clear-cache writes `cache_cleared_at` (see `requestPublicCachePurge`).
 * It is re-read in the background every `intervalMs`, so every API replica notices a publish or an
 * admin purge within about a second, with one tiny query per second instead of one per request.
 */
import type { Meilisearch } from 'meilisearch';
import type { Pool } from '../../../../platform/db/pool.ts';
import { INDEX_KINDS, indexUid } from '../../../../platform/search/client.ts';
import { recordCacheClearedAt } from '../../repositories/indexer-state.ts';
import { readPublicDataFingerprint } from '../../repositories/public-data-fingerprint.ts';

export interface DataVersionTracker {
  /** The current version, re-read in the background every interval. Never throws. */
  current(): Promise<string>;
  /** Makes every entry built so far stale (this process's admin purge). */
  invalidate(): void;
}

const CHECK_DEADLINE_MS = 1_000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('version check timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createDataVersionTracker(options: {
  meili: Meilisearch;
  indexPrefix: string;
  pool: Pool;
  intervalMs?: number;
}): DataVersionTracker {
  const intervalMs = options.intervalMs ?? 1_000;
  let searchPart = 'search:unknown';
  let databasePart = 'db:unknown';
  let purges = 0;
  let checkedAt = 0;
  let inFlight: Promise<void> | null = null;
  // Only the live indexes: the indexer's temporary build indexes share the prefix and change all
  // through a rebuild, which must not empty the cache every second.
  const liveUids = new Set(INDEX_KINDS.map((kind) => indexUid(options.indexPrefix, kind)));

  async function readSearchPart(): Promise<void> {
    // The raw answer: the client's getIndexes() drops createdAt/updatedAt (its Index objects carry only
    // uid and primaryKey), which left this part constant and the cache blind to document writes.
    const { results } = await withDeadline(options.meili.getRawIndexes({ limit: 1000 }), CHECK_DEADLINE_MS);
    searchPart = results
      .filter((index) => liveUids.has(index.uid))
      .map((index) => `${index.uid}@${index.updatedAt}`)
      .sort()
      .join(',');
  }

  async function readDatabasePart(): Promise<void> {
    databasePart = await withDeadline(readPublicDataFingerprint(options.pool), CHECK_DEADLINE_MS);
  }

  function refresh(): Promise<void> {
    inFlight ??= Promise.allSettled([readSearchPart(), readDatabasePart()]).then(() => {
      // A failed read keeps its previous part: an outage is not a data change.
      checkedAt = Date.now();
      inFlight = null;
    });
    return inFlight;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    async current() {
      // The first call waits for a reading; after that a background timer keeps it fresh, so no
      // request ever waits for the check (a slow check would otherwise stall every request of
      // that second).
      if (checkedAt === 0) await refresh();
      if (!timer) {
        timer = setInterval(() => void refresh(), intervalMs);
        timer.unref();
      }
      return `${purges}|${searchPart}|${databasePart}`;
    },
    invalidate() {
      purges += 1;
    },
  };
}

/**
 * What an admin "clear cache" does for every API replica: bump a row the trackers fingerprint.
 * (The in-process cache of the replica that served the admin also drops at once via `invalidate`.)
 */
export async function requestPublicCachePurge(pool: Pool): Promise<void> {
  await recordCacheClearedAt(pool);
}
