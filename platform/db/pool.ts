/**
 * A node-postgres pool for what Prisma cannot do: COPY streams, LISTEN/NOTIFY, advisory locks and
 * large GROUP BY aggregates. Only repositories and db/ modules use it.
 */
import pg from 'pg';
import { createLogger } from '../log.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

// BIGINT (int8) columns hold ids and counts far below 2^53: read them as numbers, not strings.
pg.types.setTypeParser(20, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** How long a caller waits on PostgreSQL before it is told the database is unavailable. */
export interface DatabaseBounds {
  /** A new connection, or a free one from a full pool. */
  connectionTimeoutMs: number;
  /** Each statement, enforced by the server (it cancels the statement: 57014), so locks are let go too. */
  statementTimeoutMs: number;
  /**
   * One-shot `pool.query` calls, enforced by the client: the bound that still holds when the server
   * itself is frozen and cannot cancel anything (its connection is then closed). A little above the
   * statement timeout, so a live server always answers first. Checked-out clients (transactions, COPY
   * streams) have no client-side bound: the server's statement timeout bounds them.
   */
  queryTimeoutMs: number;
}

/**
 * The bounds of the API's request paths (its pool and its Prisma client; docs/decisions.md, "outage"):
 * a frozen or unreachable PostgreSQL answers a visitor or an admin with a 503 in about 3 s instead of
 * hanging. A new connection takes a few ms here (tens under load), so 3 s is an outage, not a slow day.
 * The slowest statements a request runs by design measured 1-4.4 s at 1,000,000 businesses on this
 * loaded 2-core machine (an admin search's exact count, a deep OFFSET page, a sitemap file's boundary
 * pass): 8 s leaves them about twice that and still ends a statement stuck behind a lock. Work that is long by
 * nature (imports, exports, maintenance) sets its own bound per transaction (LONG_STATEMENT_BOUNDS).
 */
export const REQUEST_PATH_BOUNDS: DatabaseBounds = {
  connectionTimeoutMs: 3_000,
  statementTimeoutMs: 8_000,
  queryTimeoutMs: 9_000,
};

/**
 * Statement bounds of the long work that runs inside the API process on its request-path pool, set
 * per transaction with `SET LOCAL` (setStatementTimeout). Generous by design: they only stop a
 * statement that would otherwise wait forever (a lock never released), never a big but healthy job.
 */
export const LONG_STATEMENT_BOUNDS = {
  /** One import batch's statements (COPY into staging, the upsert of up to 2,000 rows): ~0.1-1 s each. */
  importBatchMs: 5 * 60_000,
  /** The export's single `COPY ... TO STDOUT` of every business: 14 s at 1,000,000 here. */
  exportMs: 60 * 60_000,
  /** Delete all, delete test data, fix slugs, bulk actions: one statement over up to every business. */
  maintenanceMs: 30 * 60_000,
} as const;

/**
 * A pool's size when its caller gives none: the API's two pools (node-postgres, Prisma) unless
 * DATABASE_POOL_SIZE (platform/config.ts) says otherwise. The sum over every process must stay under
 * PostgreSQL's max_connections (docs/deploying.md, Connection budget).
 */
export const DEFAULT_POOL_SIZE = 10;

/** The indexer leader's pool when DATABASE_POOL_SIZE is unset: the drain, the recounts, state writes, a rebuild's cursor. */
export const DEFAULT_INDEXER_POOL_SIZE = 6;

export function createPool(
  databaseUrl: string,
  options: { max?: number; applicationName?: string; bounds?: DatabaseBounds } = {},
): pg.Pool {
  const { bounds } = options;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? DEFAULT_POOL_SIZE,
    application_name: options.applicationName ?? 'directory',
    idleTimeoutMillis: 30_000,
    // Without bounds (the indexer, CLIs, migrations): a patient connect, no statement timeout.
    connectionTimeoutMillis: bounds?.connectionTimeoutMs ?? 10_000,
    ...(bounds ? { statement_timeout: bounds.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (error) => createLogger('db').warn({ error: error.message }, 'idle client error'));
  // Nor a checked-out one (a transaction, a COPY stream, when the server restarts or ends the backend):
  // node-postgres emits 'error' on the client as well as failing its query, and the pool listens only
  // while the client is idle. The caller learns of it from its query.
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (bounds) boundPool(pool, bounds);
  return pool;
}

/**
 * Tells a connection that could not be had apart from any other failure: node-postgres raises a connect
 * timeout and a full pool's wait without a code, so they become a DatabaseUnavailableError (the driver's
 * error as its cause). One-shot queries get the client-side query timeout.
 */
function boundPool(pool: pg.Pool, bounds: DatabaseBounds): void {
  const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => Promise<pg.PoolClient> | void;
  const tag = (error: Error | undefined): Error | undefined => {
    if (!error || (error as { code?: unknown }).code !== undefined) return error;
    return new DatabaseUnavailableError(`PostgreSQL gave no connection within ${bounds.connectionTimeoutMs} ms (${error.message})`, { cause: error });
  };
  // pg-pool's own query() checks out with the callback form, so both forms are wrapped.
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => {
    if (callback) return connect((error, client, done) => callback(tag(error), client, done));
    return (connect() as Promise<pg.PoolClient>).catch((error: Error) => {
      throw tag(error);
    });
  }) as typeof pool.connect;
  const query = pool.query.bind(pool) as unknown as (...args: unknown[]) => unknown;
  pool.query = ((text: string | pg.QueryConfig, values?: unknown, callback?: unknown) => {
    // The callback form and submittables (cursors, COPY streams) go through untouched; this project's
    // one-shot queries use the promise form.
    const isSubmittable = typeof text !== 'string' && typeof (text as { submit?: unknown }).submit === 'function';
    if (typeof values === 'function' || callback !== undefined || isSubmittable) return query(text, values, callback);
    const config = typeof text === 'string' ? { text, values } : { ...text, ...(values === undefined ? {} : { values }) };
    return query({ ...config, query_timeout: bounds.queryTimeoutMs });
  }) as typeof pool.query;
}

/**
 * Gives the statements of the caller's open transaction their own bound (`SET LOCAL`: it ends with the
 * transaction), for long work on a pool whose default is the short request-path bound. 0 means none.
 */
export async function setStatementTimeout(client: pg.PoolClient, ms: number): Promise<void> {
  await client.query(`SET LOCAL statement_timeout = ${Math.max(0, Math.floor(ms))}`);
}

/** Runs `work` inside one transaction on one client, rolling back on any error. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    if (options.statementTimeoutMs !== undefined) await setStatementTimeout(client, options.statementTimeoutMs);
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
