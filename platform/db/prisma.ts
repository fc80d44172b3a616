/** Prisma 7 client over node-postgres (@prisma/adapter-pg): no native query engine is needed. */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.ts';
import { createPool, DEFAULT_POOL_SIZE, type DatabaseBounds, type Pool } from './pool.ts';

export type Prisma = PrismaClient;

/**
 * With `bounds` (the API's request paths, pool.ts REQUEST_PATH_BOUNDS) Prisma runs over a pool of ours
 * with the same connection, statement and query bounds and the same outage errors as the API's pool;
 * without, over the adapter's own pool (no timeouts: CLIs and migrations). With `pool`, over that one
 * (the caller made it with createPool and watches it: the API's pool metrics); it is ended with the client.
 */
export function createPrisma(databaseUrl: string, options: { max?: number; bounds?: DatabaseBounds; pool?: Pool } = {}): PrismaClient {
  const max = options.max ?? DEFAULT_POOL_SIZE;
  const pool = options.pool ?? (options.bounds ? createPool(databaseUrl, { max, applicationName: 'directory-prisma', bounds: options.bounds }) : null);
  const adapter = pool ? new PrismaPg(pool, { disposeExternalPool: true }) : new PrismaPg({ connectionString: databaseUrl, max });
  return new PrismaClient({ adapter });
}
