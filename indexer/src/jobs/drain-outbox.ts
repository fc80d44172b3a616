/**
 * drain-outbox: moves committed business changes into the live businesses index.
 * Reads the oldest outbox rows, re-reads those businesses, upserts the ones that exist and deletes the
 * ones that do not, waits until Meilisearch reports the tasks succeeded, and only then deletes the
 * outbox rows. A crash at any point leaves the rows to be drained again (at-least-once; re-applying a
 * row's current state is idempotent). A 'truncate' row clears the index.
 */
import { indexUid } from '../../../platform/search/client.ts';
import { ackOutbox, fetchBusinessesByIds, fetchOutboxBatch } from '../db/outbox.ts';
import { toBusinessDocument } from '../documents/business-document.ts';
import { waitForTasks } from '../meili/tasks.ts';
import type { Job, JobContext } from './job.ts';

const TASK_TIMEOUT_MS = 120_000;

/** Drains one batch; returns the number of outbox rows acknowledged (0 = outbox empty). */
export async function drainOutboxBatch(context: JobContext): Promise<number> {
  const { pool, meili, prefix, config, runtime } = context;
  return runtime.writeLock.run(async () => {
    const rows = await fetchOutboxBatch(pool, config.indexerBatchSize);
    if (!rows.length) return 0;
    const index = meili.index(indexUid(prefix, 'businesses'));

    const truncateAt = rows.findIndex((row) => row.op === 'truncate');
    if (truncateAt >= 0) {
      // Rows before the truncate are moot; rows after it are handled by the next batch.
      const taken = rows.slice(0, truncateAt + 1);
      if (runtime.rebuildTouched) runtime.truncatedDuringRebuild = true;
      await waitForTasks(meili, [await index.deleteAllDocuments()], TASK_TIMEOUT_MS);
      await ackOutbox(pool, taken.map((row) => row.id));
      context.log.info('index cleared (businesses truncated)');
      runtime.markAggregatesDirty();
      return taken.length;
    }

    const ids = [...new Set(rows.map((row) => row.business_id).filter((id): id is number => id !== null))];
    const found = await fetchBusinessesByIds(pool, ids);
    const present = new Set(found.map((row) => row.id));
    const missing = ids.filter((id) => !present.has(id));
    if (runtime.rebuildTouched) for (const id of ids) runtime.rebuildTouched.add(id);

    const tasks = [];
    if (found.length) tasks.push(await index.addDocuments(found.map(toBusinessDocument), { primaryKey: 'id' }));
    if (missing.length) tasks.push(await index.deleteDocuments(missing));
    await waitForTasks(meili, tasks, TASK_TIMEOUT_MS);
    await ackOutbox(pool, rows.map((row) => row.id));
    const recount = rows.some((row) => row.aggregates || row.op !== 'upsert' || !runtime.featuredIds || runtime.featuredIds.has(row.business_id!));
    context.log.debug('batch drained', { rows: rows.length, upserted: found.length, deleted: missing.length, recount });
    // Most edits (a name, a phone, hours) move no count: only a change the trigger flagged, or any change to
    // a business the home page features, is worth a GROUP BY over every business.
    if (recount) runtime.markAggregatesDirty();
    return rows.length;
  });
}

export const drainOutboxJob: Job = {
  name: 'drain-outbox',
  async run(context) {
    while (!context.signal.aborted && (await drainOutboxBatch(context)) > 0) {
      // Keep going until the outbox is empty.
    }
  },
};
