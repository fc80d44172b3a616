/**
 * The threads of an import start together: what the parse worker posts before the prepare thread's module
 * is loaded still reaches the importing thread. (In a file of its own: the module that starts workers is
 * replaced here for every test of the file.)
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, test, vi } from 'vitest';
import type * as TsWorker from '../../../../platform/runtime/ts-worker.ts';
import { readBatchesInWorker } from './parsed-batches.ts';
import { readBatches, type ReadMessage } from './read-batches.ts';
import { EXPORT_HEADER, exportRows } from './testing/export-rows.ts';
import { writeCsv } from './testing/spreadsheet-writers.ts';

/**
 * The prepare thread's module is held back until the parse worker, once started, has posted its first
 * message: as when bundling that module (the first import with prepare threads in a process) takes longer
 * than the parse worker takes to open the file and read its header, which a loaded machine made happen.
 * A parse worker not started in the turn after its own module loaded is not waited for.
 */
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open, parseStarted: false };
});

vi.mock('../../../../platform/runtime/ts-worker.ts', async (importOriginal) => {
  const real = await importOriginal<typeof TsWorker>();
  const isParser = (entry: URL) => entry.pathname.endsWith('/parse-worker.ts');
  const watch = (worker: Worker) => {
    gate.parseStarted = true;
    worker.once('message', () => gate.open());
    worker.once('exit', () => gate.open());
    return worker;
  };
  return {
    ...real,
    async loadTsWorker(entry: URL): Promise<TsWorker.TsWorkerStarter> {
      if (!isParser(entry)) {
        await gate.opened;
        return real.loadTsWorker(entry);
      }
      const start = await real.loadTsWorker(entry);
      setImmediate(() => {
        if (!gate.parseStarted) gate.open();
      });
      return (...args) => watch(start(...args));
    },
  } satisfies typeof TsWorker;
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'parsed-batches-start-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A message as compared: `fraction` left out (it differs with timing), the COPY text as text. */
function comparable(message: ReadMessage): unknown {
  const { fraction: _, ...rest } = message as ReadMessage & { fraction?: number };
  if (rest.type !== 'batch') return rest;
  return { ...rest, batch: { ...rest.batch, payload: Buffer.from(rest.batch.payload).toString('utf8') } };
}

test('the parse worker has opened the file before the prepare thread can start: the importing thread still hears every message, the columns first', async () => {
  const csv = path.join(dir, 'rows.csv');
  await writeCsv(csv, [[...EXPORT_HEADER], ...exportRows(1_000, 41)]);
  const expected: unknown[] = [];
  for await (const message of readBatches({ path: csv, batchSize: 100, source: 'test-import' })) expected.push(comparable(message));
  assert.equal((expected[0] as { type: string }).type, 'opened');

  const reader = await readBatchesInWorker({ path: csv, batchSize: 100, source: 'test-import', prepareThreads: 1 });
  const received: unknown[] = [];
  try {
    for await (const message of reader.messages) received.push(comparable(message));
  } finally {
    await reader.close();
  }
  assert.ok(gate.parseStarted, 'the parse worker was started through the replaced module');
  assert.deepEqual(received, expected);
});
