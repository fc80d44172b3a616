/**
 * A node-postgres pool for what Prisma cannot do: COPY streams, LISTEN/NOTIFY, advisory locks and
 * large GROUP BY aggregates. Only repositories and db/ modules use it.
 */
import pg from 'pg';
import { createLogger } from '../log.ts';

// BIGINT (int8) columns hold ids and counts far below 2^53: read them as numbers, not strings.
pg.types.setTypeParser(20, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(databaseUrl: string, options: { max?: number; applicationName?: string } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'directory',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (error) => createLogger('db').warn({ error: error.message }, 'idle client error'));
  return pool;
}

/** Runs `work` inside one transaction on one client, rolling back on any error. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
