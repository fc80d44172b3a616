// Entry of every worker thread started by ts-worker.ts: Node does not pass the parent's `--import tsx`
// loader on to a worker's own entry file, so the worker registers tsx itself, then loads the TypeScript
// module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
