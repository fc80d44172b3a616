/**
 * The importing thread's side of parse-worker.ts: the worker's messages as an async iterable. A crash of
 * the worker (a bug, or running out of memory) ends the iteration with an Error instead of hanging.
 */
import os from 'node:os';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { loadTsWorker } from '../../../../platform/runtime/ts-worker.ts';
import type { EncodedBatch } from '../../../../platform/db/business-writer.ts';
import type { ReadMessage, ReadOptions } from './read-batches.ts';
import { MIN_RANGE_READERS } from './csv-ranges.ts';
import { detectFileType } from './detect-file-type.ts';

/** Batches the worker may encode ahead of the writer: two keep PostgreSQL and the parser both busy. */
const AHEAD = 2;

/**
 * The worker's young generation is what its memory is made of (the parse makes short-lived strings at
 * full speed). Left to V8's default, the import process peaked at 417-459 MB (CSV 150 MB, XLSX 200k rows);
 * capped at 48 MB at 385-398 MB, at 32 MB at 337-376 MB for ~10% less speed: 32 keeps a margin under the
 * 400 MB target. The old generation is only a safety net against a runaway parse.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 512 };
/**
 * With prepare threads (machines of four cores and more) the parse worker keeps 16 MB and each prepare
 * thread 8 MB. With 32 MB each, a prepare thread and the batch writers of a 16-core machine (8 writers,
 * forced on two cores) took a CSV of 150 MB to 412 MB and an XLSX of 100,000 rows to 406 MB; with 16 MB
 * each the short-row CSV of 150 MB still peaked at 423 MB, with 16 and 8 at 388 MB (docs/performance.md,
 * 2026-11-28). Their speed on such a machine is not measured.
 */
const SHARED_WORKER_HEAP = { ...WORKER_HEAP, maxYoungGenerationSizeMb: 16 };
const PREPARE_HEAP = { ...WORKER_HEAP, maxYoungGenerationSizeMb: 8 };
/**
 * Range readers (csv-ranges.ts) parse and prepare, as the lone parse worker does, and keep its 32 MB: at 8 MB
 * two of them took 15.5 s of CPU for a 150 MB CSV (the parse worker alone 9.2 s), at 32 MB 10.7-10.9 s, for
 * 18-38 MB more (docs/performance.md, 2026-11-28 "range readers"). They are asked for where memory is to
 * spare. The parse worker then parses nothing: 8 MB (18-25 MB less than 16, the same CPU).
 */
const RANGE_READER_HEAP = WORKER_HEAP;
const RANGE_COORDINATOR_HEAP = { ...WORKER_HEAP, maxYoungGenerationSizeMb: 8 };

const STOP_GRACE_MS = 3_000;

/**
 * Files from this size on have their rows prepared (normalised, validated, encoded: prepare-rows.ts) on
 * prepare threads beside the parse worker, on a machine with the cores for them. A smaller file is read
 * before a thread would have started (~0.3 s and ~20 MB each).
 */
const PREPARE_THREADS_FROM_BYTES = 4 * 1024 * 1024;
/**
 * Helper threads for a file, by default: one where the machine has a core for it beside the parse worker,
 * the importing thread and PostgreSQL (four or more), else none. It prepares the rows the parse worker reads
 * (normalises, validates, encodes: prepare-rows.ts). On two cores, where the parse worker and PostgreSQL
 * already keep both busy, it gained nothing and cost CPU (each chunk's cells are cloned to it) and memory:
 * CSV 150 MB 10,425 rows/s (process CPU 16.1 s) against 10,554 (14.5 s) without, XLSX 200k rows 9,117
 * rows/s at 423 MB against 11,385 at 359 MB (docs/performance.md, 2026-11-27 "prepare threads").
 *
 * Two or more read a CSV a range each instead (csv-ranges.ts), the parse worker keeping only what depends
 * on the order of rows. That scales with cores where one prepare thread cannot (the parse worker, which
 * scans the whole file for it, sets the pace), but each reader costs ~60 MB: with the 8 writers of a large
 * machine, two put a 150 MB CSV at 381 MB and a 40 MB CSV of short rows at 428 MB, four at 539 and 586 MB,
 * over the import's 400 MB bound (docs/performance.md, 2026-11-28 "range readers"). So they are not the
 * default: IMPORT_READER_THREADS asks for them where there is memory to spare (readerThreads below).
 */
export function prepareThreadsFor(bytes: number, cores = os.availableParallelism()): number {
  return bytes >= PREPARE_THREADS_FROM_BYTES && cores >= 4 ? 1 : 0;
}

/**
 * Helper threads for a file on disk: prepareThreadsFor its size and this machine, or `readerThreads`
 * (IMPORT_READER_THREADS) for a CSV of 4 MB or more, whatever the cores (any other file gets one prepare
 * thread at most: more would not pay).
 */
export async function prepareThreadsForFile(path: string, bytes: number, options: { cores?: number; readerThreads?: number } = {}): Promise<number> {
  const { cores = os.availableParallelism(), readerThreads } = options;
  const byDefault = prepareThreadsFor(bytes, cores);
  if (readerThreads === undefined || bytes < PREPARE_THREADS_FROM_BYTES) return byDefault;
  return (await detectFileType(path).catch(() => null)) === 'csv' ? readerThreads : Math.min(readerThreads, 1);
}

export interface ParsedBatches {
  messages: AsyncIterable<ReadMessage>;
  /** Hands a written batch's payload buffer back to the worker for reuse. */
  recycle(batch: EncodedBatch): void;
  /** Stops the worker (needed when the import stops before reading to the end). */
  close(): Promise<void>;
}

/** `prepareThreads`: how many prepare threads (prepareThreadsFor the file's size, as a rule). */
export async function readBatchesInWorker(options: Omit<ReadOptions, 'allocate' | 'preparePorts'> & { prepareThreads: number }): Promise<ParsedBatches> {
  const { prepareThreads, ...readOptions } = options;
  // Both modules are loaded before either thread starts, and each thread's listeners are attached below
  // with nothing awaited in between: a Worker drops what it posts before there is a listener. Started
  // while the prepare thread's module was still being bundled (the first import with prepare threads in
  // a process), the parse worker could post 'opened' before anyone listened, and the import had no
  // column report.
  const [startParser, startPreparer] = await Promise.all([
    loadTsWorker(new URL('./parse-worker.ts', import.meta.url)),
    prepareThreads > 0 ? loadTsWorker(new URL('./prepare-worker.ts', import.meta.url)) : null,
  ]);
  const channels = Array.from({ length: prepareThreads }, () => new MessageChannel());
  const preparePorts = channels.map((channel) => channel.port1);
  // From MIN_RANGE_READERS helpers on a CSV is read by them a range each (other files cannot be, and their
  // import is then read as with one prepare thread, with these heaps: only the bench forces that).
  const ranged = prepareThreads >= MIN_RANGE_READERS;
  const worker: Worker = startParser({ ...readOptions, ahead: AHEAD, preparePorts }, ranged ? RANGE_COORDINATOR_HEAP : prepareThreads > 0 ? SHARED_WORKER_HEAP : WORKER_HEAP, preparePorts);
  const helpers: Worker[] = channels.map(({ port2 }) => startPreparer!({ port: port2 }, ranged ? RANGE_READER_HEAP : PREPARE_HEAP, [port2]));
  const exited = Promise.all([worker, ...helpers].map((thread) => new Promise<void>((resolve) => thread.once('exit', () => resolve()))));
  const queue: Array<ReadMessage | Error> = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const push = (item: ReadMessage | Error) => {
    queue.push(item);
    wake?.();
    wake = null;
  };
  worker.on('message', (message: ReadMessage) => push(message));
  worker.on('error', (error) => push(error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => {
    if (!ended) push(new Error(`the file reader stopped unexpectedly (exit code ${code})`));
  });
  // A prepare thread ends when the parse worker closes its port (after the last row); ending before that,
  // or failing, would leave the parse worker waiting for its answers: the import fails instead.
  for (const helper of helpers) {
    helper.on('error', (error) => push(error instanceof Error ? error : new Error(String(error))));
    helper.on('exit', (code) => {
      if (!ended && code !== 0) push(new Error(`the file reader stopped unexpectedly (a prepare thread's exit code ${code})`));
    });
  }

  async function* messages(): AsyncGenerator<ReadMessage> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const item = queue.shift()!;
      if (item instanceof Error) {
        ended = true;
        throw item;
      }
      if (item.type === 'batch') worker.postMessage('more');
      yield item;
      if (item.type === 'end') {
        ended = true;
        return;
      }
    }
  }

  return {
    messages: messages(),
    recycle(batch) {
      if (!ended) worker.postMessage(batch.payload.buffer, [batch.payload.buffer as ArrayBuffer]);
    },
    close: async () => {
      ended = true;
      // Asked first, so the reader closes its file and temporary files itself; terminated if it does not
      // finish within a few seconds (a parse stuck inside one huge cell).
      worker.postMessage('stop');
      const timer = setTimeout(() => {
        void worker.terminate();
        for (const helper of helpers) void helper.terminate();
      }, STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
