/**
 * Starts a worker thread on a TypeScript module (the project runs from source under tsx, and a worker
 * does not inherit the parent's loader for its entry file). `data` reaches the module as
 * `workerData.data`.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';

const BOOTSTRAP = new URL('./ts-worker-bootstrap.mjs', import.meta.url);

export function startTsWorker(entry: URL, data: unknown, resourceLimits?: ResourceLimits): Worker {
  return new Worker(BOOTSTRAP, { workerData: { entry: entry.href, data }, resourceLimits });
}
