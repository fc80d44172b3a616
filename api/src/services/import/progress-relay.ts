/**
 * Import progress across processes: an import run by the CLI (`npm run import`) happens in its own
 * process, so its progress is sent through PostgreSQL (NOTIFY on PROGRESS_CHANNEL), and the API, while
 * an admin watches the progress socket, LISTENs and passes it on as if the import ran in the API.
 * Uploads imported by the API itself publish in-process only (import-progress.ts), never twice.
 */
import { listenLoop, sendNotification } from '../../../../platform/db/listen.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { ImportPhase, ImportProgress } from './import-progress.ts';

export const PROGRESS_CHANNEL = 'directory_import_progress';
const PHASES = new Set<ImportPhase>(['queued', 'reading', 'writing', 'completed', 'failed']);

/**
 * Sends one progress message to every listening API. Best effort (a lost message is a stale bar, not
 * lost data): the promise never rejects. Await it, in order, so the last message is sent before exit.
 */
export function relayProgress(pool: Pool, progress: ImportProgress): Promise<void> {
  return sendNotification(pool, PROGRESS_CHANNEL, JSON.stringify(progress)).then(
    () => undefined,
    () => undefined,
  );
}

function asProgress(payload: string | undefined): ImportProgress | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<ImportProgress>;
    const numbers = [value.rowsRead, value.rowsWritten, value.rowsPerSecond];
    if (typeof value.jobId !== 'string' || typeof value.file !== 'string' || !PHASES.has(value.phase as ImportPhase)) return null;
    if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n)) || !(value.etaSeconds === null || typeof value.etaSeconds === 'number')) return null;
    return { jobId: value.jobId, file: value.file, phase: value.phase as ImportPhase, rowsRead: value.rowsRead!, rowsWritten: value.rowsWritten!, rowsPerSecond: value.rowsPerSecond!, etaSeconds: value.etaSeconds ?? null };
  } catch {
    return null;
  }
}

/** Listens for relayed progress (a dedicated connection, reconnecting) until the returned stop() is called. */
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
