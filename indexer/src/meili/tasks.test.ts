import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { Meilisearch } from 'meilisearch';
import { testServers } from '../../../platform/testing/context.ts';
import { TaskFailedError, TaskTimeoutError, waitForTasks } from './tasks.ts';

let meili: Meilisearch;
const uid = `tasks_${process.pid}_${Date.now()}`;

beforeAll(() => {
  const servers = testServers();
  meili = new Meilisearch({ host: servers.meiliUrl, apiKey: servers.meiliMasterKey });
});

afterAll(async () => {
  await meili.deleteIndex(uid).catch(() => undefined);
});

test('waitForTasks returns succeeded tasks, names a failed one, and gives up at its timeout', async () => {
  const [created] = await waitForTasks(meili, [await meili.createIndex(uid, { primaryKey: 'id' })], 30_000, 5);
  assert.equal(created.status, 'succeeded');

  const documents = Array.from({ length: 20_000 }, (_, id) => ({ id, name: `business ${id}`, city: `city ${id % 97}` }));
  // A 20,000-document task is still enqueued or processing when first polled with no time to wait.
  await assert.rejects(waitForTasks(meili, [await meili.index(uid).addDocuments(documents)], 0), TaskTimeoutError);

  // Invalid document ids fail the task: the error names it and carries Meilisearch's reason.
  const failing = await meili.index(uid).addDocuments([{ id: 'not a valid id!', name: 'x' }]);
  await assert.rejects(waitForTasks(meili, [failing], 30_000, 5), (error: unknown) => {
    assert.ok(error instanceof TaskFailedError);
    assert.equal(error.task.status, 'failed');
    assert.match(error.message, /document identifier/i);
    return true;
  });
});
