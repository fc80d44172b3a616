/**
 * Loads generated demo businesses through the same bulk writer as the importer (COPY + one upsert per
 * batch, source 'demo'). Each batch is its own transaction, so an interrupted seed keeps what it wrote and a
 * re-run upserts the same deterministic rows instead of adding new ones.
 */
import type { BusinessRow } from '../../common/business.ts';
import { writeBusinessBatch } from '../../platform/db/business-writer.ts';
import { withTransaction, type Pool } from '../../platform/db/pool.ts';
import { generateBusinesses } from './generate-businesses.ts';

export const DEFAULT_BATCH_SIZE = 2000;
/**
 * Batches written at once, each on its own connection: while PostgreSQL inserts one batch, Node generates
 * and COPYs the next. Two open transactions touching the same place_id can deadlock (each may take the
 * other's row first), so a row whose place_id is still being written by another batch waits for a later one.
 */
const CONCURRENT_BATCHES = 2;

export interface SeedOptions {
  pool: Pool;
  /** Distinct businesses to generate. */
  count: number;
  seed?: number;
  batchSize?: number;
  /** Rows handed to the writer so far (after each committed batch). */
  onProgress?(written: number): void;
}

export interface SeedResult {
  /** Rows generated and handed to the writer (distinct businesses plus repeated place ids). */
  rows: number;
  inserted: number;
  updated: number;
  seconds: number;
}

/** Streams the generator into the database in batches; returns what the writer reported and the time taken. */
export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const started = performance.now();
  const result: SeedResult = { rows: 0, inserted: 0, updated: 0, seconds: 0 };
  const inFlight = new Map<Promise<void>, Set<string>>();
  let failure: unknown = null;

  const write = async (rows: BusinessRow[]) => {
    const outcome = await withTransaction(options.pool, async (client) => {
      // Demo rows can always be generated again, so a batch need not wait for its WAL flush.
      await client.query('SET LOCAL synchronous_commit TO off');
      return writeBusinessBatch(client, rows, { mode: 'upsert', source: 'demo' });
    });
    result.inserted += outcome.inserted;
    result.updated += outcome.updated;
    result.rows += rows.length;
    options.onProgress?.(result.rows);
  };

  /** Starts the rows whose place_id no open batch holds; returns the others, to go with the next batch. */
  const start = (rows: BusinessRow[]): BusinessRow[] => {
    const open = [...inFlight.values()];
    const busy = (row: BusinessRow) => open.some((ids) => ids.has(row.placeId!));
    const held = rows.filter(busy);
    const ready = held.length ? rows.filter((row) => !busy(row)) : rows;
    const task = write(ready).catch((error: unknown) => {
      failure ??= error;
    });
    inFlight.set(task, new Set(ready.map((row) => row.placeId!)));
    void task.finally(() => inFlight.delete(task));
    return held;
  };

  let batch: BusinessRow[] = [];
  for (const row of generateBusinesses({ count: options.count, seed: options.seed })) {
    batch.push(row);
    if (batch.length < batchSize) continue;
    batch = start(batch);
    while (inFlight.size >= CONCURRENT_BATCHES) await Promise.race(inFlight.keys());
    if (failure) break;
  }
  while (batch.length && !failure) {
    await Promise.all(inFlight.keys());
    batch = start(batch);
  }
  await Promise.all(inFlight.keys());
  if (failure) throw failure;
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** An onProgress that calls `report` once per `step` rows written (progress lines of the seed CLI and benches). */
export function everyRows(step: number, report: (written: number) => void): (written: number) => void {
  let last = 0;
  return (written) => {
    if (written - last < step) return;
    last = written;
    report(written);
  };
}
