/**
 * Read your writes for counts: awaitSearchPublish says the businesses index holds a change, but the
 * home page's totals and the category, country and city counts are recounted by the indexer afterwards
 * (debounced, recompute-aggregates.ts). A write that moves counts (deleting businesses) waits for a
 * recount that read the database after the write, so the public total reads right once it returns.
 * Bounded like awaitSearchPublish: an indexer that is down leaves `published: false`, never a hang.
 */
import type { Pool } from '../../../../platform/db/pool.ts';
import { STATE_KEYS } from '../../../../platform/search/settings.ts';
import { hasAggregatesComputedSince } from '../../repositories/indexer-state.ts';
import { awaitSearchPublish, pollUntil, type SearchPublish } from './await-search-publish.ts';

const DEFAULT_TIMEOUT_MS = 15_000;
const POLL_MS = 50;

/** Waits (bounded) for the search index and then for an aggregate recount started after `since`. */
export async function awaitSearchAndCountsPublish(options: {
  pool: Pool;
  indexPrefix: string;
  /** The database's time right after the write committed (readDatabaseNow). */
  since: Date;
  timeoutMs?: number;
  onPublished?: () => void;
}): Promise<SearchPublish> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const search = await awaitSearchPublish({ pool: options.pool, timeoutMs: deadline - started });
  const key = STATE_KEYS.aggregates(options.indexPrefix);
  const published = search.published && (await pollUntil(() => hasAggregatesComputedSince(options.pool, key, options.since), deadline, POLL_MS));
  if (published) options.onPublished?.();
  return { published, waitedMs: Date.now() - started };
}
