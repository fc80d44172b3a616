/**
 * The importing thread's side of parse-worker.ts: the worker's messages as an async iterable. A crash of
 * the worker (a bug, or running out of memory) ends the iteration with an Error instead of hanging.
 */
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../../../platform/runtime/ts-worker.ts';
import type { EncodedBatch } from '../../../../platform/db/business-writer.ts';
import type { ReadMessage, ReadOptions } from './read-batches.ts';

/** Batches the worker may encode ahead of the writer: two keep PostgreSQL and the parser both busy. */
const AHEAD = 2;

/**
 * The worker's young generation is what its memory is made of (the parse makes short-lived strings at
 * full speed). Left to V8's default, the import process peaked at 417-459 MB (CSV 150 MB, XLSX 200k rows);
 * capped at 48 MB at 385-398 MB, at 32 MB at 337-376 MB for ~10% less speed: 32 keeps a margin under the
 * 400 MB target. The old generation is only a safety net against a runaway parse.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 512 };

const STOP_GRACE_MS = 3_000;

export interface ParsedBatches {
  messages: AsyncIterable<ReadMessage>;
  /** Hands a written batch's payload buffer back to the worker for reuse. */
  recycle(batch: EncodedBatch): void;
  /** Stops the worker (needed when the import stops before reading to the end). */
  close(): Promise<void>;
}

export async function readBatchesInWorker(options: Omit<ReadOptions, 'allocate'>): Promise<ParsedBatches> {
  const worker: Worker = await startTsWorker(new URL('./parse-worker.ts', import.meta.url), { ...options, ahead: AHEAD }, WORKER_HEAP);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
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
      const timer = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
