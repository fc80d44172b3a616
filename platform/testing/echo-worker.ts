/**
 * A worker for platform/runtime/ts-worker.test.ts: TypeScript that imports an ES module package (zod) and
 * a CommonJS one that requires Node's built-ins (yauzl: 'fs', 'zlib', 'stream'), as the parse worker does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import yauzl from 'yauzl';
import { z } from 'zod';

const data: { word: string } = (workerData as { data: { word: string } }).data;
parentPort!.postMessage({ word: z.string().parse(data.word).toUpperCase(), yauzl: typeof yauzl.open });
