/**
 * Outage or not, as the real drivers report it: errors raised by a real PostgreSQL (the test server),
 * by node-postgres and by Prisma over @prisma/adapter-pg, never built by hand. An outage becomes a 503,
 * anything else keeps its meaning (a conflict, a bug's 500).
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/context.ts';
import { createPool, REQUEST_PATH_BOUNDS, type Pool } from './pool.ts';
import { createPrisma, type Prisma } from './prisma.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

let database: TestDatabase;
let pool: Pool;
let prisma: Prisma;
/** A port that accepts connections and never answers: a frozen server, as a client sees it. */
let silent: net.Server;
let silentUrl: string;
/** A port nothing listens on. */
let closedUrl: string;

const FAST = { ...REQUEST_PATH_BOUNDS, connectionTimeoutMs: 300, statementTimeoutMs: 200 };

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, { max: 2, bounds: FAST });
  prisma = createPrisma(database.url, { max: 2, bounds: FAST });
  silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `postgresql://nobody:secret@127.0.0.1:${(silent.address() as AddressInfo).port}/none`;
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `postgresql://nobody:secret@127.0.0.1:${(probe.address() as AddressInfo).port}/none`;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  await Promise.allSettled([pool?.end(), prisma?.$disconnect()]);
  silent?.close();
  await database?.drop();
});

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('isDatabaseUnavailable', () => {
  test('a statement cancelled by its timeout (57014), through node-postgres and through Prisma', async () => {
    assert.equal(isDatabaseUnavailable(await failure(() => pool.query('SELECT pg_sleep(2)'))), true);
    assert.equal(isDatabaseUnavailable(await failure(() => prisma.$queryRawUnsafe('SELECT pg_sleep(2)'))), true);
  });

  test('a connection ended by the server (57P01 admin shutdown) under a running statement', async () => {
    const client = await pool.connect();
    try {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const running = failure(() => client.query("SET statement_timeout = 0; SELECT pg_sleep(30)"));
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        // Until the sleep is running, terminating would hit an idle connection instead.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE pid = $1', [pid]);
          if (rows[0]?.state === 'active') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      const error = await running;
      assert.equal((error as { code?: string }).code, '57P01');
      assert.equal(isDatabaseUnavailable(error), true);
    } finally {
      client.release(true);
    }
  });

  test('a server that refuses connections or never answers, through node-postgres and through Prisma', async () => {
    const refused = createPool(closedUrl, { max: 1, bounds: FAST });
    const frozen = createPool(silentUrl, { max: 1, bounds: FAST });
    const refusedPrisma = createPrisma(closedUrl, { max: 1, bounds: FAST });
    const frozenPrisma = createPrisma(silentUrl, { max: 1, bounds: FAST });
    try {
      assert.equal(isDatabaseUnavailable(await failure(() => refused.query('SELECT 1'))), true, 'ECONNREFUSED');
      assert.equal(isDatabaseUnavailable(await failure(() => frozen.query('SELECT 1'))), true, 'connect timeout');
      assert.equal(isDatabaseUnavailable(await failure(() => refusedPrisma.siteSetting.count())), true, 'Prisma P1001');
      assert.equal(isDatabaseUnavailable(await failure(() => frozenPrisma.siteSetting.count())), true, 'Prisma, connect timeout');
      assert.equal(isDatabaseUnavailable(await failure(() => frozenPrisma.$transaction(async (tx) => tx.siteSetting.count()))), true, 'Prisma transaction, connect timeout');
    } finally {
      await Promise.allSettled([refused.end(), frozen.end(), refusedPrisma.$disconnect(), frozenPrisma.$disconnect()]);
    }
  });

  test('a request or a bug is not an outage: a unique violation, a syntax error, an error of our own', async () => {
    await pool.query(`INSERT INTO site_settings (key, value) VALUES ('outage-test', 'x')`);
    assert.equal(isDatabaseUnavailable(await failure(() => pool.query(`INSERT INTO site_settings (key, value) VALUES ('outage-test', 'y')`))), false);
    assert.equal(isDatabaseUnavailable(await failure(() => prisma.siteSetting.create({ data: { key: 'outage-test', value: 'z' } }))), false);
    assert.equal(isDatabaseUnavailable(await failure(() => pool.query('SELEC 1'))), false);
    assert.equal(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined')), false);
  });
});
