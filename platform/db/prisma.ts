/** Prisma 7 client over node-postgres (@prisma/adapter-pg): no native query engine is needed. */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.ts';
import { createPool, type DatabaseBounds } from './pool.ts';

export type Prisma = PrismaClient;

/**
 * With `bounds` (the API's request paths, pool.ts REQUEST_PATH_BOUNDS) Prisma runs over a pool of ours
 * with the same connection, statement and query bounds and the same outage errors as the API's pool;
 * without, over the adapter's own pool (no timeouts: CLIs and migrations).
 */
export function createPrisma(databaseUrl: string, options: { max?: number; bounds?: DatabaseBounds } = {}): PrismaClient {
  const adapter = options.bounds
    ? new PrismaPg(createPool(databaseUrl, { max: options.max ?? 10, applicationName: 'directory-prisma', bounds: options.bounds }), { disposeExternalPool: true })
    : new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
