/** `npm run seed` as a user runs it, against a real migrated database. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../platform/testing/context.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function seed(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  async function countBusinesses(): Promise<{ businesses: number; countries: number }> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS businesses, count(DISTINCT country_code)::int AS countries FROM businesses');
      return rows[0];
    } finally {
      await client.end();
    }
  }

  test('--count N loads N businesses; the same command again adds none', async () => {
    const first = seed(['--count', '400'], { DATABASE_URL: database.url });
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /rows\/s/);
    const loaded = await countBusinesses();
    assert.equal(loaded.businesses, 400);
    assert.ok(loaded.countries >= 25, `${loaded.countries} countries`);

    const again = seed(['--count', '400'], { DATABASE_URL: database.url });
    assert.equal(again.status, 0, again.stderr);
    assert.equal((await countBusinesses()).businesses, 400);
  });

  test('a bad flag or a missing DATABASE_URL is a clear message and exit 1', () => {
    const badFlag = seed(['--count', 'many'], { DATABASE_URL: database.url });
    assert.equal(badFlag.status, 1);
    assert.match(badFlag.stderr, /--count/);
    const noDatabase = seed(['--count', '10'], {});
    assert.equal(noDatabase.status, 1);
    assert.match(noDatabase.stderr, /DATABASE_URL is not set/);
    assert.doesNotMatch(badFlag.stderr + noDatabase.stderr, /\n\s+at /);
  });
});
