/**
 * drain-outbox: moves committed business changes into the live businesses index.
 * Reads the oldest outbox rows, re-reads those businesses, upserts the ones that exist and deletes the
 * ones that do not, and deletes the outbox rows only once Meilisearch reports their tasks succeeded.
 * A crash at any point leaves the rows to be drained again (at-least-once; re-applying a row's current
 * state is idempotent). A 'truncate' row clears the index.
 *
 * A backlog (an import of many rows) is drained as a pipeline: the next batch is read and enqueued while
 * Meilisearch indexes the previous ones, up to IN_FLIGHT batches ahead of the oldest unacknowledged one.
 * Meilisearch auto-batches queued additions to one index, and each of its batches pays post-processing
 * over the whole index (word prefixes, facets), so waiting for every batch before reading the next made
 * that fixed cost per 5,000 rows the drain's speed.
 */
import type { EnqueuedTask } from 'meilisearch';
import { indexUid } from '../../../platform/search/client.ts';
import { ackOutbox, fetchBusinessesByIds, fetchOutboxBatch, type OutboxRow } from '../db/outbox.ts';
import { toBusinessDocument } from '../documents/business-document.ts';
import { waitForTasks } from '../meili/tasks.ts';
import type { Job, JobContext } from './job.ts';

/**
 * Long: a task waits its turn behind whatever Meilisearch has queued (a rebuild's 32 MB payloads at a
 * million businesses take minutes), and a timeout makes the retry send the batches in flight again.
 */
const TASK_TIMEOUT_MS = 10 * 60_000;
/** Batches enqueued to Meilisearch before waiting for the oldest (measured: docs/performance.md, Indexer). */
export const IN_FLIGHT = 16;

/** A batch sent to Meilisearch and not yet acknowledged. */
interface SentBatch {
  rows: OutboxRow[];
  tasks: EnqueuedTask[];
}

/**
 * Reads the businesses behind `rows` and enqueues their upserts and deletions (holding the write lock);
 * null when this indexer stopped being the leader meanwhile (nothing sent: another one drains now).
 */
function sendBatch(context: JobContext, rows: OutboxRow[]): Promise<SentBatch | null> {
  const { pool, meili, prefix, runtime } = context;
  return runtime.writeLock.run(async () => {
    if (context.signal.aborted) return null;
    const index = meili.index(indexUid(prefix, 'businesses'));
    const ids = [...new Set(rows.map((row) => row.business_id).filter((id): id is number => id !== null))];
    const found = await fetchBusinessesByIds(pool, ids);
    const present = new Set(found.map((row) => row.id));
    const missing = ids.filter((id) => !present.has(id));
    // Recorded before the tasks are enqueued: the rebuild's catch-up (under the same lock) re-reads these
    // businesses into the new index after everything enqueued here.
    if (runtime.rebuildTouched) for (const id of ids) runtime.rebuildTouched.add(id);
    const tasks: EnqueuedTask[] = [];
    if (found.length) tasks.push(await index.addDocuments(found.map(toBusinessDocument), { primaryKey: 'id' }));
    if (missing.length) tasks.push(await index.deleteDocuments(missing));
    context.log.debug({ rows: rows.length, upserted: found.length, deleted: missing.length }, 'batch sent');
    return { rows, tasks };
  });
}

/** Waits for a sent batch's tasks, then acknowledges its outbox rows. */
async function settle(context: JobContext, batch: SentBatch): Promise<number> {
  const { runtime } = context;
  await waitForTasks(context.meili, batch.tasks, TASK_TIMEOUT_MS);
  await ackOutbox(context.pool, batch.rows.map((row) => row.id));
  context.onIndexed?.(batch.rows.length);
  // Most edits (a name, a phone, hours) move no count: only a change the trigger flagged, or any change to
  // a business the home page features (as of now: a recount may have featured it since it was sent), is
  // worth a GROUP BY over every business.
  if (batch.rows.some((row) => row.aggregates || row.op !== 'upsert' || !runtime.featuredIds || runtime.featuredIds.has(row.business_id!))) {
    runtime.markAggregatesDirty();
  }
  return batch.rows.length;
}

/** Clears the index for a 'truncate' row; `rows` ends with it (the rows before it are moot). */
function truncate(context: JobContext, rows: OutboxRow[]): Promise<number> {
  const { pool, meili, prefix, runtime } = context;
  return runtime.writeLock.run(async () => {
    // A former leader must not clear what the new one has indexed since (the truncate is its to drain).
    if (context.signal.aborted) return 0;
    if (runtime.rebuildTouched) runtime.truncatedDuringRebuild = true;
    await waitForTasks(meili, [await meili.index(indexUid(prefix, 'businesses')).deleteAllDocuments()], TASK_TIMEOUT_MS);
    await ackOutbox(pool, rows.map((row) => row.id));
    context.onIndexed?.(rows.length);
    context.log.info('index cleared (businesses truncated)');
    runtime.markAggregatesDirty();
    return rows.length;
  });
}

/**
 * Drains the outbox until a read finds nothing past the rows already taken; returns the number of
 * outbox rows acknowledged. Reads walk forward by id: a row with a lower id that commits meanwhile
 * (its NOTIFY or the poll timer triggers another run) is taken by the next run, which starts over.
 */
export async function drainOutbox(context: JobContext): Promise<number> {
  const inFlight: SentBatch[] = [];
  let after = 0;
  let acknowledged = 0;
  while (!context.signal.aborted) {
    const rows = await fetchOutboxBatch(context.pool, context.config.indexerBatchSize, after);
    if (!rows.length) break;
    const truncateAt = rows.findIndex((row) => row.op === 'truncate');
    if (truncateAt >= 0) {
      // Whatever was sent before lands first; the rows after the truncate are read again next.
      while (inFlight.length && !context.signal.aborted) acknowledged += await settle(context, inFlight.shift()!);
      acknowledged += await truncate(context, rows.slice(0, truncateAt + 1));
      after = rows[truncateAt].id;
      continue;
    }
    after = rows.at(-1)!.id;
    const sent = await sendBatch(context, rows);
    if (!sent) break;
    inFlight.push(sent);
    if (inFlight.length >= IN_FLIGHT) acknowledged += await settle(context, inFlight.shift()!);
  }
  // On a stop the unacknowledged rows stay in the outbox and are drained again after the restart.
  while (inFlight.length && !context.signal.aborted) acknowledged += await settle(context, inFlight.shift()!);
  return acknowledged;
}

export const drainOutboxJob: Job = {
  name: 'drain-outbox',
  async run(context) {
    await drainOutbox(context);
  },
};
