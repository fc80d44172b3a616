/**
 * Per-test-file isolation over the real servers that `npm test` started (platform/testing/global-setup.ts):
 * a fresh database cloned from the migrated template and a unique Meilisearch index prefix.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Meilisearch } from 'meilisearch';
import { loadConfig, type Config } from '../config.ts';
import { TEMPLATE_DATABASE } from './constants.ts';

export interface TestServers {
  postgresUrl: string;
  meiliUrl: string;
  meiliMasterKey: string;
  dataDir: string;
}

export function testServers(): TestServers {
  const { TEST_POSTGRES_URL, TEST_MEILI_URL, TEST_MEILI_MASTER_KEY, TEST_DATA_DIR } = process.env;
  if (!TEST_POSTGRES_URL || !TEST_MEILI_URL || !TEST_MEILI_MASTER_KEY || !TEST_DATA_DIR) {
    throw new Error('Test servers are not running: run tests with `npm test` (add `-- <file filter>` for one file).');
  }
  return { postgresUrl: TEST_POSTGRES_URL, meiliUrl: TEST_MEILI_URL, meiliMasterKey: TEST_MEILI_MASTER_KEY, dataDir: TEST_DATA_DIR };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database cloned from the migrated template; `drop()` removes it. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const servers = testServers();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: servers.postgresUrl });
  await admin.connect();
  try {
    await admin.query(options.migrated === false ? `CREATE DATABASE "${name}"` : `CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(servers.postgresUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: servers.postgresUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestContext {
  config: Config;
  database: TestDatabase;
  indexPrefix: string;
  meili: Meilisearch;
  /** Drops the database and every index under this file's prefix. */
  close(): Promise<void>;
}

/** Config, database and index prefix for one test file. `env` overrides individual settings. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const servers = testServers();
  const database = await createTestDatabase();
  const indexPrefix = `t${randomBytes(4).toString('hex')}_`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: servers.dataDir,
    DATABASE_URL: database.url,
    MEILI_URL: servers.meiliUrl,
    MEILI_MASTER_KEY: servers.meiliMasterKey,
    MEILI_INDEX_PREFIX: indexPrefix,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PORT: '3999',
    ...env,
  });
  const meili = new Meilisearch({ host: servers.meiliUrl, apiKey: servers.meiliMasterKey });
  return {
    config,
    database,
    indexPrefix,
    meili,
    async close() {
      const { results } = await meili.getIndexes({ limit: 1000 });
      await Promise.all(results.filter((index) => index.uid.startsWith(indexPrefix)).map((index) => meili.deleteIndex(index.uid)));
      await database.drop();
    },
  };
}
