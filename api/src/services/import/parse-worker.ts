/**
 * Worker-thread entry (started by readBatchesInWorker): runs readBatches and posts each message to the
 * importing thread. It runs at most `ahead` batches ahead of the writer (the importing thread grants one
 * more per batch it takes), so memory stays flat however fast the file parses.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readBatches, type ReadOptions } from './read-batches.ts';

const { ahead, ...options } = (workerData as { data: ReadOptions & { ahead: number } }).data;
const port = parentPort!;
let credits = ahead;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits++;
  wake?.();
  wake = null;
});

for await (const message of readBatches(options)) {
  if (message.type === 'batch') {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
  }
  // The payload's ArrayBuffer is moved to the importing thread, not copied.
  port.postMessage(message, message.type === 'batch' ? [message.batch.payload.buffer as ArrayBuffer] : []);
}
port.unref();
