/**
 * Import progress across processes, through PostgreSQL (NOTIFY on PROGRESS_CHANNEL): an import run by the
 * CLI (`npm run import`) happens in a process of its own, and an upload is imported by whichever API
 * replica the load balancer sent it to, while the admin's progress socket may be open on another. Every
 * importing process NOTIFYs its progress; every API with an admin watching LISTENs and passes the
 * messages on to its sockets as if the import ran there.
 * An API's own uploads already reach its sockets in-process (import-progress.ts): each message carries
 * the id of the process that sent it and a listener drops its own, so no socket gets a message twice.
 */
import { randomUUID } from 'node:crypto';
import { listenLoop, sendNotification } from '../../../../platform/db/listen.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { ImportPhase, ImportProgress } from './import-progress.ts';

export const PROGRESS_CHANNEL = 'directory_import_progress';
const PHASES = new Set<ImportPhase>(['queued', 'reading', 'writing', 'completed', 'failed']);

/** This process, as named in the messages it relays (a listener skips messages from its own process). */
const THIS_PROCESS = randomUUID();

/**
 * Sends one progress message to every listening API. Best effort (a lost message is a stale bar, not
 * lost data): the promise never rejects. Await it, in order, so the last message is sent before exit.
 */
export function relayProgress(pool: Pool, progress: ImportProgress): Promise<void> {
  return sendNotification(pool, PROGRESS_CHANNEL, JSON.stringify({ ...progress, origin: THIS_PROCESS })).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * A relay for one import inside the API (an upload): at most one NOTIFY in flight; messages produced
 * meanwhile are coalesced into the newest, so the import never waits on it and every listener still
 * gets the messages in order and always the last one (completed or failed).
 */
export function createProgressRelay(pool: Pool): (progress: ImportProgress) => void {
  let pending: ImportProgress | null = null;
  let isSending = false;
  const drain = async () => {
    isSending = true;
    while (pending) {
      const next = pending;
      pending = null;
      await relayProgress(pool, next);
    }
    isSending = false;
  };
  return (progress) => {
    pending = progress;
    if (!isSending) void drain();
  };
}

function asProgress(payload: string | undefined): ImportProgress | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<ImportProgress> & { origin?: unknown };
    if (value.origin === THIS_PROCESS) return null;
    const numbers = [value.rowsRead, value.rowsWritten, value.rowsPerSecond];
    if (typeof value.jobId !== 'string' || typeof value.file !== 'string' || !PHASES.has(value.phase as ImportPhase)) return null;
    if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n)) || !(value.etaSeconds === null || typeof value.etaSeconds === 'number')) return null;
    return { jobId: value.jobId, file: value.file, phase: value.phase as ImportPhase, rowsRead: value.rowsRead!, rowsWritten: value.rowsWritten!, rowsPerSecond: value.rowsPerSecond!, etaSeconds: value.etaSeconds ?? null };
  } catch {
    return null;
  }
}

/**
 * Listens for progress relayed by other processes (a dedicated connection, reconnecting) until the
 * returned stop() is called. This process's own messages are left out: its sockets had them in-process.
 */
export function listenForProgress(databaseUrl: string, onProgress: (progress: ImportProgress) => void): () => Promise<void> {
  const controller = new AbortController();
  const listening = listenLoop({
    databaseUrl,
    channels: [PROGRESS_CHANNEL],
    applicationName: 'directory-import-progress',
    signal: controller.signal,
    onNotification(_channel, payload) {
      const progress = asProgress(payload);
      if (progress) onProgress(progress);
    },
  });
  return () => {
    controller.abort();
    return listening;
  };
}
