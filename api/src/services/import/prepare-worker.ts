/**
 * A prepare thread (started by readBatchesInWorker next to the parse worker): prepares the chunks of rows
 * the parse worker sends over its port (prepare-rows.ts) and posts each result back, its buffers moved,
 * not copied. It ends when the parse worker closes the port.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { createRowPreparer, type PreparedChunk, type RowCells } from './prepare-rows.ts';
import type { PrepareRequest } from './row-preparers.ts';

const { port } = (workerData as { data: { port: MessagePort } }).data;
let prepare: ((rows: RowCells[]) => PreparedChunk) | null = null;
port.on('message', (request: PrepareRequest) => {
  if (request.type === 'context') {
    prepare = createRowPreparer(request.context);
    return;
  }
  if (!prepare) throw new Error('rows arrived before the file context');
  const chunk = prepare(request.rows);
  port.postMessage(chunk, [chunk.flags.buffer, chunk.rests.buffer, chunk.restEnds.buffer] as ArrayBuffer[]);
});
