/**
 * Import metrics from the progress every import publishes in this process (import-progress.ts):
 * `directory_import_rows_total` counts rows committed (so rate() is rows/s) and
 * `directory_imports_running` the imports under way. Reading the progress hub keeps the import
 * pipeline free of metrics code; each committed batch publishes its progress, so no row is missed.
 * Progress relayed from other processes (for this process's progress sockets) is theirs to count.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { subscribeImportProgress } from './import-progress.ts';

/** Registers the import metrics; returns the unsubscribe function. */
export function trackImportMetrics(registry: Registry): () => void {
  const rows = new Counter({ name: 'directory_import_rows_total', help: 'Rows committed by imports run by this process (rate() is rows/s)', registers: [registry] });
  const running = new Gauge({ name: 'directory_imports_running', help: 'Imports under way in this process', registers: [registry] });
  const written = new Map<string, number>();
  return subscribeImportProgress((progress, source) => {
    if (source === 'relayed') return;
    const before = written.get(progress.jobId) ?? 0;
    if (progress.rowsWritten > before) rows.inc(progress.rowsWritten - before);
    if (progress.phase === 'completed' || progress.phase === 'failed') written.delete(progress.jobId);
    else written.set(progress.jobId, Math.max(before, progress.rowsWritten));
    running.set(written.size);
  });
}
