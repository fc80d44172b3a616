/**
 * Read your writes: an admin write returns only once the search index holds it, so the next admin list
 * read and public read show it. The businesses triggers queue every committed change in search_outbox and
 * the indexer deletes a row only after Meilisearch applied it, so "no outbox row at or below the newest id
 * seen after our commit" means every change up to ours is searchable. The wait is bounded: when the
 * indexer is down or far behind (a big import), the write is still stored and the answer says the search
 * has not caught up yet (`published: false`) instead of hanging or claiming otherwise.
 */
import type { Pool } from '../../../../platform/db/pool.ts';
import { findNewestOutboxId, hasPendingOutboxRowsUpTo } from '../../repositories/search-outbox.ts';

export interface SearchPublish {
  /** True when the index held the write before the deadline. */
  published: boolean;
  waitedMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 25;

/** Waits (bounded) until every business change committed before the call is in the search index. */
export async function awaitSearchPublish(options: { pool: Pool; timeoutMs?: number; onPublished?: () => void }): Promise<SearchPublish> {
  const started = Date.now();
  const deadline = started + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const newest = await findNewestOutboxId(options.pool);
  const published = newest === 0 || (await pollUntil(async () => !(await hasPendingOutboxRowsUpTo(options.pool, newest)), deadline));
  // The public answers cached in this process were built before the write: drop them now rather than
  // when the data-version tracker next looks (about a second; other replicas follow that way).
  if (published) options.onPublished?.();
  return { published, waitedMs: Date.now() - started };
}

/**
 * Asks `isDone` every `pollMs` until it answers true (true) or `deadline` (a Date.now() value) passes
 * (false): the bounded wait behind every read-your-writes answer.
 */
export async function pollUntil(isDone: () => Promise<boolean>, deadline: number, pollMs = POLL_MS): Promise<boolean> {
  for (;;) {
    if (await isDone()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
