import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { afterEach, test } from 'vitest';
import { trackImportMetrics } from './import-metrics.ts';
import { publishImportProgress, type ImportProgress } from './import-progress.ts';

let stop: (() => void) | null = null;
afterEach(() => stop?.());

const progress = (jobId: string, rowsWritten: number, phase: ImportProgress['phase'] = 'writing'): ImportProgress => ({
  jobId, file: `${jobId}.csv`, phase, rowsRead: rowsWritten, rowsWritten, rowsPerSecond: 0, etaSeconds: null,
});

async function value(registry: Registry, name: string): Promise<number> {
  const metric = await registry.getSingleMetric(name)!.get();
  return metric.values[0]?.value ?? 0;
}

test('rows committed by this process are counted once per row; progress relayed from another process is not counted', async () => {
  const registry = new Registry();
  stop = trackImportMetrics(registry);

  publishImportProgress(progress('local', 2_000));
  publishImportProgress(progress('local', 5_000));
  // Another replica's upload (or a CLI import) passed on for this process's progress sockets.
  publishImportProgress(progress('elsewhere', 7_000), 'relayed');
  assert.equal(await value(registry, 'directory_import_rows_total'), 5_000);
  assert.equal(await value(registry, 'directory_imports_running'), 1);

  publishImportProgress(progress('local', 6_000, 'completed'));
  publishImportProgress(progress('elsewhere', 9_000, 'completed'), 'relayed');
  assert.equal(await value(registry, 'directory_import_rows_total'), 6_000);
  assert.equal(await value(registry, 'directory_imports_running'), 0);
});
