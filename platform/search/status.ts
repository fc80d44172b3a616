/**
 * Indexer status for the admin API: outbox depth and lag, last full rebuild, document counts,
 * settings versions, the active indexer and the last error. Reads PostgreSQL and Meilisearch only
 * (no call to the indexer process), so it works whichever replica serves the request.
 */
import type { Meilisearch } from 'meilisearch';
import type { Pool } from '../db/pool.ts';
import { INDEX_KINDS, indexUid, meiliApiError, type IndexKind } from './client.ts';
import { STATE_KEYS, settingsVersion } from './settings.ts';

export interface IndexStatus {
  uid: string;
  /** null when the index does not exist (or Meilisearch is unreachable). */
  documents: number | null;
  isIndexing: boolean | null;
  settingsVersion: { expected: string; applied: string | null; upToDate: boolean };
}

export interface IndexerStatus {
  outbox: {
    /** Changes not yet in Meilisearch. */
    depth: number;
    /** Age in seconds of the oldest pending change: how far search lags behind PostgreSQL. */
    lagSeconds: number;
  };
  meilisearch: { reachable: boolean; error: string | null };
  indexes: Record<IndexKind, IndexStatus>;
  /** While one runs: that rebuild (finishedAt and durationMs null); else the last one. */
  fullRebuild: {
    running: boolean;
    startedAt: string | null;
    finishedAt: string | null;
    durationMs: number | null;
    reason: string | null;
    lastFailure: { at: string; message: string } | null;
  } | null;
  aggregates: { computedAt: string; durationMs: number } | null;
  leader: { pid: number; host: string; since: string } | null;
  lastError: { at: string; job: string; message: string } | null;
}

export async function getIndexerStatus({ pool, meili, prefix }: { pool: Pool; meili: Meilisearch; prefix: string }): Promise<IndexerStatus> {
  const [outbox, state] = await Promise.all([
    pool.query<{ depth: number; lag: number | null }>(
      `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_at))::float8 AS lag FROM search_outbox`,
    ),
    pool.query<{ key: string; value: unknown }>(`SELECT key, value FROM indexer_state WHERE left(key, length($1)) = $1`, [`${prefix}:`]),
  ]);
  // indexer_state values are written only by the indexer (indexer/src/jobs, indexer.ts) in these shapes.
  const values = new Map(state.rows.map((row) => [row.key, row.value]));
  const read = <T>(key: string): T | null => (values.get(key) as T | undefined) ?? null;

  let reachable = true;
  let meiliError: string | null = null;
  const indexes = {} as Record<IndexKind, IndexStatus>;
  await Promise.all(
    INDEX_KINDS.map(async (kind) => {
      const uid = indexUid(prefix, kind);
      let documents: number | null = null;
      let isIndexing: boolean | null = null;
      try {
        const stats = await meili.index(uid).getStats();
        documents = stats.numberOfDocuments;
        isIndexing = stats.isIndexing;
      } catch (error) {
        if (meiliApiError(error)?.cause?.code !== 'index_not_found') {
          reachable = false;
          meiliError = (error as Error).message;
        }
      }
      const applied = read<{ version?: string }>(STATE_KEYS.settings(prefix, kind))?.version ?? null;
      const expected = settingsVersion(kind);
      indexes[kind] = { uid, documents, isIndexing, settingsVersion: { expected, applied, upToDate: applied === expected } };
    }),
  );

  const rebuild = read<{
    running?: boolean;
    startedAt?: string;
    runningSince?: string;
    runningReason?: string;
    finishedAt?: string;
    durationMs?: number;
    reason?: string;
    lastFailure?: { at: string; message: string };
  }>(STATE_KEYS.fullRebuild(prefix));
  return {
    outbox: { depth: outbox.rows[0].depth, lagSeconds: Math.max(0, outbox.rows[0].lag ?? 0) },
    meilisearch: { reachable, error: meiliError },
    indexes,
    fullRebuild: rebuild
      ? {
          running: Boolean(rebuild.running),
          ...shownRebuild(rebuild),
          lastFailure: rebuild.lastFailure ?? null,
        }
      : null,
    aggregates: read(STATE_KEYS.aggregates(prefix)),
    leader: read(STATE_KEYS.leader(prefix)),
    lastError: read(STATE_KEYS.lastError(prefix)),
  };
}

/** The rebuild the status describes: the running one, else the last finished (the state keeps both). */
function shownRebuild(rebuild: { running?: boolean; startedAt?: string; runningSince?: string; runningReason?: string; finishedAt?: string; durationMs?: number; reason?: string }) {
  return rebuild.running
    ? { startedAt: rebuild.runningSince ?? null, finishedAt: null, durationMs: null, reason: rebuild.runningReason ?? null }
    : { startedAt: rebuild.startedAt ?? null, finishedAt: rebuild.finishedAt ?? null, durationMs: rebuild.durationMs ?? null, reason: rebuild.reason ?? null };
}
