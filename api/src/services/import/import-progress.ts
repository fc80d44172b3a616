/**
 * Live import progress inside this process. The pipeline publishes here; the WebSocket route
 * (routes/admin/uploads/import-progress.socket.ts) forwards each message to connected admins. An upload is
 * imported by the replica that received it; the other replicas' sockets get its progress through
 * PostgreSQL (progress-relay.ts), since a balancer may send the admin's socket to any of them.
 */
import { EventEmitter } from 'node:events';
import type { ImportProgressMessage } from '../../../../common/api/admin.ts';

export type ImportPhase = 'queued' | 'reading' | 'writing' | 'completed' | 'failed';

export interface ImportProgress {
  jobId: string;
  file: string;
  phase: ImportPhase;
  rowsRead: number;
  rowsWritten: number;
  rowsPerSecond: number;
  /** Seconds left, estimated from how much of the file has been read; null when unknown. */
  etaSeconds: number | null;
}

const hub = new EventEmitter();
hub.setMaxListeners(0);

/** 'local': an import of this process; 'relayed': another process's, passed on for this process's sockets. */
export type ProgressSource = 'local' | 'relayed';

export function publishImportProgress(progress: ImportProgress, source: ProgressSource = 'local'): void {
  hub.emit('progress', progress, source);
}

/** Subscribes to every import's progress; returns the unsubscribe function. */
export function subscribeImportProgress(listener: (progress: ImportProgress, source: ProgressSource) => void): () => void {
  hub.on('progress', listener);
  return () => hub.off('progress', listener);
}

/** The panel reads these messages through common/api/admin.ts ImportProgressMessage: kept in step at compile time. */
export const progressMatchesPanelShape = (progress: ImportProgress): ImportProgressMessage => progress;
