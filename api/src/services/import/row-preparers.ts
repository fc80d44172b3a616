/**
 * Where the parse worker has its rows prepared (prepare-rows.ts): in its own thread, or on prepare threads
 * (prepare-worker.ts) it talks to over MessagePorts, a chunk to each in turn. Either way the chunks'
 * results come back in the order the chunks were submitted.
 */
import type { MessagePort } from 'node:worker_threads';
import { createRowPreparer, type PrepareContext, type PreparedChunk, type RowCells } from './prepare-rows.ts';

export interface RowPreparers {
  /** Rows worth one submit: a message to a thread costs tens of microseconds, a call in this thread nothing. */
  readonly rowsPerSubmit: number;
  /** Chunks to submit before awaiting the oldest (so prepare threads never wait for the parse worker). */
  readonly aheadChunks: number;
  submit(rows: RowCells[]): Promise<PreparedChunk>;
  /** Lets the prepare threads go (they exit once their port is closed). */
  close(): void;
}

/** Messages from the parse worker to a prepare thread. */
export type PrepareRequest = { type: 'context'; context: PrepareContext } | { type: 'rows'; rows: RowCells[] };

const NO_VALUES: string[] = [];
const ROWS_PER_MESSAGE = 250;
const MAX_CHUNKS_IN_FLIGHT = 3;

export function createRowPreparers(context: PrepareContext, ports: MessagePort[] = []): RowPreparers {
  if (ports.length === 0) {
    const prepare = createRowPreparer(context);
    return { rowsPerSubmit: 1, aheadChunks: 0, submit: async (rows) => prepare(rows), close: () => undefined };
  }
  // Each port answers its chunks in the order it was given them.
  const waiting = ports.map(() => [] as Array<(chunk: PreparedChunk) => void>);
  ports.forEach((port, index) => {
    port.on('message', (chunk: PreparedChunk) => waiting[index].shift()?.(chunk));
    port.postMessage({ type: 'context', context } satisfies PrepareRequest);
  });
  let next = 0;
  return {
    // A CSV chunk of 64 KB holds ~60 wide rows: several are sent as one message.
    rowsPerSubmit: ROWS_PER_MESSAGE,
    aheadChunks: MAX_CHUNKS_IN_FLIGHT,
    submit(rows) {
      const index = next;
      next = (next + 1) % ports.length;
      const answer = new Promise<PreparedChunk>((resolve) => waiting[index].push(resolve));
      ports[index].postMessage({ type: 'rows', rows: rows.map(({ values, uncomputed }) => (uncomputed ? { values, uncomputed } : { values })) } satisfies PrepareRequest);
      // The cells went with the message: released here, so the chunk's texts die young in this thread
      // instead of waiting (and being promoted) until the answer comes back.
      for (const row of rows) row.values = NO_VALUES;
      return answer;
    },
    close() {
      for (const port of ports) port.close();
    },
  };
}
