/** Data access for maintenance_checkpoints: where a long admin maintenance run (fix-slugs) has got to. */
import type { Pool, PoolClient } from '../../../platform/db/pool.ts';

export interface MaintenanceCheckpoint {
  /** The last business id examined; the run continues after it. */
  afterId: number;
  processed: number;
  changed: number;
  startedAt: Date;
  /** Null while the run is unfinished (running, or cut off by a restart). */
  finishedAt: Date | null;
}

/**
 * The run to continue: the unfinished one if there is one (`resumed`), else a fresh one (a finished run
 * is replaced). Call it holding the run's lock (withMaintenanceLock).
 */
export async function openMaintenanceCheckpoint(pool: Pool, name: string): Promise<{ checkpoint: MaintenanceCheckpoint; resumed: boolean }> {
  type Row = { after_id: number; processed: number; changed: number; started_at: Date; finished_at: Date | null };
  const toCheckpoint = (row: Row): MaintenanceCheckpoint => ({ afterId: row.after_id, processed: row.processed, changed: row.changed, startedAt: row.started_at, finishedAt: row.finished_at });
  const { rows } = await pool.query<Row>('SELECT after_id, processed, changed, started_at, finished_at FROM maintenance_checkpoints WHERE name = $1', [name]);
  if (rows[0] && rows[0].finished_at === null) return { checkpoint: toCheckpoint(rows[0]), resumed: true };
  const fresh = await pool.query<Row>(
    `INSERT INTO maintenance_checkpoints (name) VALUES ($1)
     ON CONFLICT (name) DO UPDATE SET after_id = 0, processed = 0, changed = 0, started_at = now(), updated_at = now(), finished_at = NULL
     RETURNING after_id, processed, changed, started_at, finished_at`,
    [name],
  );
  return { checkpoint: toCheckpoint(fresh.rows[0]), resumed: false };
}

/** Moves the checkpoint forward, inside the transaction of the batch it covers. */
export async function advanceMaintenanceCheckpoint(client: PoolClient, name: string, progress: { afterId: number; processed: number; changed: number }): Promise<void> {
  await client.query(
    'UPDATE maintenance_checkpoints SET after_id = $2, processed = $3, changed = $4, updated_at = now() WHERE name = $1',
    [name, progress.afterId, progress.processed, progress.changed],
  );
}

export async function finishMaintenanceCheckpoint(pool: Pool, name: string): Promise<void> {
  await pool.query('UPDATE maintenance_checkpoints SET finished_at = now(), updated_at = now() WHERE name = $1', [name]);
}

/**
 * Runs `work` holding a session advisory lock named after the run, or returns null at once when another
 * process (another API replica, a second click) holds it.
 */
export async function withMaintenanceLock<T>(pool: Pool, name: string, work: () => Promise<T>): Promise<T | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtext('maintenance:' || $1)) AS locked`, [name]);
    if (!rows[0].locked) return null;
    try {
      return await work();
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('maintenance:' || $1))`, [name]);
    }
  } finally {
    client.release();
  }
}
