/** Whether PostgreSQL answers and its schema is current, for the readiness check (services/health). */
import { pendingMigrations } from '../../../platform/db/migrate.ts';
import type { Pool, PoolClient } from '../../../platform/db/pool.ts';

export type DatabaseProbe =
  | { isReachable: false; error: unknown }
  | { isReachable: true; pendingMigrations: string[] }
  | { isReachable: true; migrationsError: unknown };

/**
 * Takes a pooled connection, runs SELECT 1 and lists the pending migrations, each step bounded by
 * `bound` (the caller's timeout). A connection that broke or timed out is destroyed, not pooled.
 */
export async function probeDatabase(pool: Pool, bound: <T>(work: Promise<T>) => Promise<T>): Promise<DatabaseProbe> {
  const connecting = pool.connect();
  let client: PoolClient;
  try {
    client = await bound(connecting);
  } catch (error) {
    // A connection that arrives after the timeout must still go back to the pool.
    connecting.then((late) => late.release(), () => undefined);
    return { isReachable: false, error };
  }
  let isBroken = false;
  try {
    await bound(client.query('SELECT 1'));
  } catch (error) {
    isBroken = true;
    client.release(true);
    return { isReachable: false, error };
  }
  try {
    return { isReachable: true, pendingMigrations: await bound(pendingMigrations(client)) };
  } catch (error) {
    isBroken = true;
    return { isReachable: true, migrationsError: error };
  } finally {
    client.release(isBroken);
  }
}

/** The size on disk of the directory's database (tables, indexes and TOAST), in bytes. */
export async function findDatabaseSizeBytes(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes');
  return Number(rows[0].bytes);
}
