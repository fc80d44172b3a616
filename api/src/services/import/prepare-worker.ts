/**
 * A helper thread (started by readBatchesInWorker next to the parse worker). It prepares the chunks of rows
 * the parse worker sends over its port (prepare-rows.ts), or reads whole ranges of a CSV and prepares their
 * rows (csv-ranges.ts), and posts each result back, its buffers moved, not copied. Ranges are read one at a
 * time, in the order they came. It ends when the parse worker closes the port.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { readRange, rangePartTransfers, type RangeRequest } from './csv-ranges.ts';
import { createRowPreparer, type PreparedChunk, type RowCells } from './prepare-rows.ts';
import type { PrepareRequest } from './row-preparers.ts';

const { port } = (workerData as { data: { port: MessagePort } }).data;
let prepare: ((rows: RowCells[]) => PreparedChunk) | null = null;
let ranges = Promise.resolve();
port.on('message', (request: PrepareRequest | RangeRequest) => {
  if (request.type === 'context') {
    prepare = createRowPreparer(request.context);
    return;
  }
  const preparer = prepare;
  if (!preparer) throw new Error(`${request.type} arrived before the file context`);
  if (request.type === 'range') {
    ranges = ranges.then(async () => {
      const end = await readRange(request, preparer, (part) => port.postMessage(part, rangePartTransfers(part)));
      port.postMessage(end);
    });
    return;
  }
  const chunk = preparer(request.rows);
  port.postMessage(chunk, [chunk.flags.buffer, chunk.rests.buffer, chunk.restEnds.buffer] as ArrayBuffer[]);
});
