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
let stopping = false;
let wake: (() => void) | null = null;
// Payload buffers come back once written and are reused: the importing thread allocates almost nothing,
// so its garbage collector (which alone would free them) runs too seldom to keep their memory bounded.
const spare: ArrayBuffer[] = [];
port.on('message', (message: 'more' | 'stop' | ArrayBuffer) => {
  if (message instanceof ArrayBuffer) {
    if (spare.length < ahead + 2) spare.push(message);
    return;
  }
  if (message === 'stop') stopping = true;
  else credits++;
  wake?.();
  wake = null;
});
const allocate = (bytes: number): Uint8Array => {
  const index = spare.findIndex((buffer) => buffer.byteLength >= bytes);
  return index === -1 ? new Uint8Array(bytes) : new Uint8Array(spare.splice(index, 1)[0]);
};

// Leaving the loop early (on 'stop') returns the generator, whose cleanup closes the file and removes
// its temporary files: terminating the thread instead would leak their descriptors into the process.
for await (const message of readBatches({ ...options, allocate })) {
  if (stopping) break;
  if (message.type === 'batch') {
    while (credits === 0 && !stopping) await new Promise<void>((resolve) => (wake = resolve));
    if (stopping) break;
    credits--;
  }
  // The payload's ArrayBuffer is moved to the importing thread, not copied.
  port.postMessage(message, message.type === 'batch' ? [message.batch.payload.buffer as ArrayBuffer] : []);
}
port.unref();
