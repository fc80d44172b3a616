/**
 * full-rebuild: fills every index anew under a temporary uid and swaps all of them in with one
 * atomic POST /swap-indexes, so readers never see a partial or empty index; then deletes the old ones.
 * Runs on `--full`, on cron (INDEXER_CRON), on first start and when an index's settings version changed.
 *
 * Businesses are read from one REPEATABLE READ snapshot with a cursor and sent as ndjson payloads of
 * ~32 MB (large batches index much faster than many small ones), several in flight so PostgreSQL
 * reading and Meilisearch indexing overlap and Meilisearch can batch them together. The drain keeps the live index fresh meanwhile and records which
 * businesses it touched; just before the swap (holding the write lock) those are re-read and written
 * into the new index, so no change made during the rebuild is lost by the swap.
 */
import type { EnqueuedTask } from 'meilisearch';
import { INDEX_KINDS, indexUid, type IndexKind } from '../../../platform/search/client.ts';
import { STATE_KEYS, settingsVersion } from '../../../platform/search/settings.ts';
import { computeAggregates } from '../db/aggregates.ts';
import { ackOutbox, fetchBusinessesByIds } from '../db/outbox.ts';
import { readState, writeState } from '../db/state.ts';
import { BUSINESS_COLUMNS, toBusinessDocument, type BusinessSqlRow } from '../documents/business-document.ts';
import { buildUid, createFreshIndexes, indexExists, swapInBuiltIndexes, waitForTasks } from '../meili/tasks.ts';
import type { Job, JobContext } from './job.ts';
import { fillAggregateIndexes, rememberPublished } from './recompute-aggregates.ts';

/** Target ndjson payload size. Meilisearch accepts up to 100 MB per request by default. */
export const PAYLOAD_BYTES = 32 * 1024 * 1024;
const FETCH_ROWS = 5_000;
/**
 * Payloads enqueued before waiting for the oldest. Meilisearch keeps enqueued payloads on disk and
 * auto-batches consecutive additions to one index, so several queued payloads index as one large
 * batch, and every batch pays post-processing over the whole index (word prefixes, facets). Measured
 * at 1,000,000 businesses: 2 in flight ~1.5x the raw ingestion time, 8 in flight 1.41x, all at once is
 * the raw figure. The cost: live-index updates queue behind the build's batch (the catch-up keeps them
 * correct), so a change made during a rebuild can take a batch's time (~1-2 min at 1M) to show.
 */
const IN_FLIGHT = 16;
const TASK_TIMEOUT_MS = 30 * 60_000;

export interface FullRebuildResult {
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  documents: Record<IndexKind, number>;
  reason: string;
}

/**
 * Streams the businesses of one snapshot into `uid`; returns the number of documents sent and the ids of
 * the outbox rows that snapshot already covers (each row commits with its business change, so the
 * snapshot holds that change: once the new index is live the rows have nothing left to drain).
 */
async function loadBusinesses(context: JobContext, uid: string): Promise<{ count: number; coveredOutboxIds: number[] }> {
  const { pool, meili } = context;
  const client = await pool.connect();
  const inFlight: EnqueuedTask[] = [];
  let count = 0;
  let coveredOutboxIds: number[];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE rebuild_cursor NO SCROLL CURSOR FOR SELECT ${BUSINESS_COLUMNS} FROM businesses`);
    // The snapshot is taken by the first query of the transaction (above), after rebuildTouched was set.
    coveredOutboxIds = (await client.query<{ id: number }>('SELECT id FROM search_outbox')).rows.map((row) => row.id);
    let parts: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!parts.length) return;
      const payload = parts.join('\n');
      parts = [];
      bytes = 0;
      if (inFlight.length >= IN_FLIGHT) await waitForTasks(meili, [inFlight.shift()!], TASK_TIMEOUT_MS, 200);
      inFlight.push(await meili.index(uid).addDocumentsFromString(payload, 'application/x-ndjson', { primaryKey: 'id' }));
    };
    for (;;) {
      if (context.signal.aborted) throw new Error('full rebuild aborted');
      const { rows } = await client.query<BusinessSqlRow>(`FETCH ${FETCH_ROWS} FROM rebuild_cursor`);
      if (!rows.length) break;
      for (const row of rows) {
        const line = JSON.stringify(toBusinessDocument(row));
        parts.push(line);
        bytes += line.length + 1;
      }
      count += rows.length;
      if (bytes >= PAYLOAD_BYTES) await flush();
    }
    await flush();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await waitForTasks(meili, inFlight, TASK_TIMEOUT_MS, 200);
  return { count, coveredOutboxIds };
}

/** Writes the current state of businesses the drain changed during the rebuild into the new index. */
async function catchUp(context: JobContext, uid: string, ids: number[]): Promise<void> {
  const index = context.meili.index(uid);
  const tasks = [];
  for (let start = 0; start < ids.length; start += 5_000) {
    const chunk = ids.slice(start, start + 5_000);
    const rows = await fetchBusinessesByIds(context.pool, chunk);
    const present = new Set(rows.map((row) => row.id));
    const missing = chunk.filter((id) => !present.has(id));
    if (rows.length) tasks.push(await index.addDocuments(rows.map(toBusinessDocument), { primaryKey: 'id' }));
    if (missing.length) tasks.push(await index.deleteDocuments(missing));
  }
  await waitForTasks(context.meili, tasks, TASK_TIMEOUT_MS);
}

/** Rebuilds every index; returns what it did. Retries once from scratch if businesses were truncated meanwhile. */
export async function rebuildAllIndexes(context: JobContext, reason: string): Promise<FullRebuildResult> {
  const { meili, prefix, runtime, log, pool } = context;
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  log.info({ reason }, 'full rebuild started');
  await writeState(pool, STATE_KEYS.fullRebuild(prefix), { ...((await readState<object>(pool, STATE_KEYS.fullRebuild(prefix))) ?? {}), running: true, runningSince: startedAt, runningReason: reason });
  try {
    for (let attempt = 1; ; attempt++) {
      runtime.rebuildTouched = new Set();
      runtime.truncatedDuringRebuild = false;
      await createFreshIndexes(meili, INDEX_KINDS.map((kind) => ({ uid: buildUid(indexUid(prefix, kind)), kind })));
      const { count: businesses, coveredOutboxIds } = await loadBusinesses(context, buildUid(indexUid(prefix, 'businesses')));
      const aggregates = await computeAggregates(pool);
      await fillAggregateIndexes(meili, aggregates, (kind) => buildUid(indexUid(prefix, kind)));

      const swapped = await runtime.aggregateLock.run(() =>
        runtime.writeLock.run(async () => {
          if (runtime.truncatedDuringRebuild) return false;
          await catchUp(context, buildUid(indexUid(prefix, 'businesses')), [...runtime.rebuildTouched!]);
          await swapInBuiltIndexes(meili, INDEX_KINDS.map((kind) => indexUid(prefix, kind)));
          // A first start after the demo seed or a big import found them all in the outbox: without this the
          // drain would send every one of them again (200,000 at npm start's first run with DEMO_COUNT=200000).
          // Still under the write lock: a covered 'truncate' row drained after the swap would clear the new
          // index, and the covered rows after it would then be gone from the outbox.
          for (let start = 0; start < coveredOutboxIds.length; start += 50_000) await ackOutbox(pool, coveredOutboxIds.slice(start, start + 50_000));
          runtime.rebuildTouched = null;
          rememberPublished(runtime, aggregates);
          return true;
        }),
      );
      if (!swapped) {
        if (attempt >= 3) throw new Error('businesses were truncated during three rebuild attempts in a row');
        log.warn('businesses were truncated during the rebuild; starting over');
        continue;
      }
      // Aggregates were counted at the snapshot; recount to include what the drain applied meanwhile.
      runtime.markAggregatesDirty();
      const finished = Date.now();
      const result: FullRebuildResult = {
        startedAt,
        finishedAt: new Date(finished).toISOString(),
        durationMs: finished - started,
        documents: {
          businesses,
          categories: aggregates.categories.length,
          countries: aggregates.countries.length,
          cities: aggregates.cities.length,
          home: 1,
        },
        reason,
      };
      await writeState(pool, STATE_KEYS.fullRebuild(prefix), { ...result, running: false });
      for (const kind of INDEX_KINDS) {
        await writeState(pool, STATE_KEYS.settings(prefix, kind), { version: settingsVersion(kind), appliedAt: result.finishedAt });
      }
      log.info({ durationMs: result.durationMs, businesses }, 'full rebuild finished');
      return result;
    }
  } catch (error) {
    runtime.rebuildTouched = null;
    await writeState(pool, STATE_KEYS.fullRebuild(prefix), {
      ...((await readState<object>(pool, STATE_KEYS.fullRebuild(prefix)).catch(() => null)) ?? {}),
      running: false,
      lastFailure: { at: new Date().toISOString(), message: (error as Error).message },
    }).catch(() => undefined);
    throw error;
  }
}

/** Why a rebuild is needed at start-up (an index is missing or its settings version changed), or null. */
export async function reasonToRebuild(context: Pick<JobContext, 'meili' | 'pool' | 'prefix'>): Promise<string | null> {
  for (const kind of INDEX_KINDS) {
    const uid = indexUid(context.prefix, kind);
    if (!(await indexExists(context.meili, uid))) return `index ${uid} is missing`;
    const stored = await readState<{ version: string }>(context.pool, STATE_KEYS.settings(context.prefix, kind));
    if (stored?.version !== settingsVersion(kind)) return `settings of ${uid} changed (${stored?.version ?? 'none'} -> ${settingsVersion(kind)})`;
  }
  return null;
}

export const fullRebuildJob: Job = {
  name: 'full-rebuild',
  cron: (config) => config.indexerCron,
  async run(context) {
    await rebuildAllIndexes(context, 'scheduled or requested');
  },
};
