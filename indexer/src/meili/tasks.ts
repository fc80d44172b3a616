/**
 * Waiting on Meilisearch tasks with timeouts, and the index life-cycle of a rebuild
 * (build under a temporary uid, swap in atomically, delete the old).
 */
import type { EnqueuedTask, Meilisearch, Task } from 'meilisearch';
import { INDEX_SETTINGS } from '../../../platform/search/settings.ts';
import { meiliApiError, type IndexKind } from '../../../platform/search/client.ts';

export class TaskFailedError extends Error {
  constructor(readonly task: Task) {
    super(`Meilisearch task ${task.uid} (${task.type} on ${task.indexUid ?? '-'}) ${task.status}: ${task.error?.message ?? 'no error message'}`);
    this.name = 'TaskFailedError';
  }
}

export class TaskTimeoutError extends Error {
  constructor(readonly taskUid: number, timeoutMs: number) {
    super(`Meilisearch task ${taskUid} did not finish within ${timeoutMs} ms`);
    this.name = 'TaskTimeoutError';
  }
}

/**
 * Waits for every task (each within `timeoutMs`); throws TaskFailedError when one did not succeed, or
 * TaskTimeoutError. Polls getTask itself: the client's waitForTask leaves one abort listener per poll on
 * its timeout signal until the wait ends (thousands during a long rebuild task, and Node's
 * MaxListenersExceededWarning on every poll past 1,500).
 */
export async function waitForTasks(meili: Meilisearch, tasks: Array<EnqueuedTask | number>, timeoutMs: number, intervalMs = 50): Promise<Task[]> {
  const done: Task[] = [];
  for (const task of tasks) {
    const uid = typeof task === 'number' ? task : task.taskUid;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = await meili.tasks.getTask(uid);
      if (result.status !== 'enqueued' && result.status !== 'processing') {
        if (result.status !== 'succeeded') throw new TaskFailedError(result);
        done.push(result);
        break;
      }
      if (Date.now() >= deadline) throw new TaskTimeoutError(uid, timeoutMs);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
  return done;
}

export async function indexExists(meili: Meilisearch, uid: string): Promise<boolean> {
  try {
    await meili.getRawIndex(uid);
    return true;
  } catch (error) {
    if (meiliApiError(error)?.cause?.code === 'index_not_found') return false;
    throw error;
  }
}

/** The temporary uid a rebuild fills before the swap. Deterministic, so a crashed rebuild's leftover is found and dropped. */
export function buildUid(liveUid: string, purpose: 'build' | 'agg' = 'build'): string {
  return `${liveUid}__${purpose}`;
}

/**
 * Drops any leftovers, creates the indexes with their settings (before documents, so they index
 * once). All tasks are enqueued first and awaited together: Meilisearch runs them in order anyway,
 * and each round trip costs a task's fixed overhead.
 */
export async function createFreshIndexes(meili: Meilisearch, indexes: Array<{ uid: string; kind: IndexKind }>, timeoutMs = 120_000): Promise<void> {
  const tasks: EnqueuedTask[] = [];
  for (const { uid, kind } of indexes) {
    if (await indexExists(meili, uid)) tasks.push(await meili.deleteIndex(uid));
    tasks.push(await meili.createIndex(uid, { primaryKey: 'id' }));
    tasks.push(await meili.index(uid).updateSettings(INDEX_SETTINGS[kind]));
  }
  await waitForTasks(meili, tasks, timeoutMs);
}

/**
 * Atomically replaces each live index by its build index (one POST /swap-indexes for all pairs, so
 * readers see either every old index or every new one), then deletes the old ones. A live index that
 * does not exist yet is created by renaming the build index.
 */
export async function swapInBuiltIndexes(meili: Meilisearch, liveUids: string[], purpose: 'build' | 'agg' = 'build', timeoutMs = 120_000): Promise<void> {
  const pairs = await Promise.all(
    liveUids.map(async (live) => ({ indexes: [live, buildUid(live, purpose)] as [string, string], rename: !(await indexExists(meili, live)) })),
  );
  await waitForTasks(meili, [await meili.swapIndexes(pairs.map((pair) => ({ indexes: [pair.indexes[1], pair.indexes[0]], rename: pair.rename })))], timeoutMs);
  const leftovers = pairs.filter((pair) => !pair.rename).map((pair) => pair.indexes[1]);
  const deletions = await Promise.all(leftovers.map((uid) => meili.deleteIndex(uid)));
  await waitForTasks(meili, deletions, timeoutMs);
}
