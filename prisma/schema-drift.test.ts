import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import pg from 'pg';
import { applyMigrations, pendingMigrations, readMigrations } from '../platform/db/migrate.ts';
import { diffSchemaAgainstDatabase } from '../platform/db/schema-diff.ts';
import { createTestDatabase, type TestDatabase } from '../platform/testing/context.ts';

describe('migrations and schema.prisma', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    // An empty database, migrated by the project's runner exactly as `npm start` does.
    database = await createTestDatabase({ migrated: false });
    await applyMigrations(database.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  test('the migrated database matches schema.prisma: tables, columns, types, nullability, indexes', async () => {
    assert.deepEqual(await diffSchemaAgainstDatabase(client), []);
  });

  test('migrations are recorded in _prisma_migrations as prisma migrate deploy records them', async () => {
    const migrations = await readMigrations();
    const { rows } = await client.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name');
    assert.deepEqual(rows.map((row) => row.migration_name), migrations.map((migration) => migration.name));
    for (const [index, row] of rows.entries()) {
      assert.equal(row.checksum, migrations[index].checksum);
      assert.ok(row.finished_at instanceof Date);
      assert.equal(row.applied_steps_count, 1);
    }
    assert.deepEqual(await pendingMigrations(client), []);
  });

  test('running the migrations again applies nothing', async () => {
    assert.deepEqual(await applyMigrations(database.url), []);
  });

  test('a drifted database is reported, column by column and index by index', async () => {
    await client.query('BEGIN');
    try {
      await client.query('ALTER TABLE businesses ADD COLUMN stray TEXT');
      await client.query('ALTER TABLE businesses ALTER COLUMN phone SET NOT NULL');
      await client.query('ALTER TABLE businesses ALTER COLUMN review_count TYPE bigint');
      await client.query('DROP INDEX import_jobs_created_at_idx');
      await client.query('CREATE INDEX businesses_name_idx ON businesses (name)');
      const problems = await diffSchemaAgainstDatabase(client);
      assert.deepEqual(problems.sort(), [
        'column businesses.phone: schema.prisma says nullable, database has NOT NULL',
        'column businesses.review_count: schema.prisma says integer, database has bigint',
        'column businesses.stray exists in the database but not in schema.prisma',
        'index businesses:index(name) exists in the database but not in schema.prisma',
        'index import_jobs:index(created_at) is in schema.prisma but missing from the database',
      ]);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  test('a model added to schema.prisma without a migration is reported', async () => {
    const { readFileSync } = await import('node:fs');
    const { SCHEMA_PATH } = await import('../platform/db/schema-diff.ts');
    const schema = `${readFileSync(SCHEMA_PATH, 'utf8')}\nmodel Review {\n  id Int @id\n  @@map("reviews")\n}\n`;
    assert.deepEqual(await diffSchemaAgainstDatabase(client, schema), [
      'table reviews (model Review) is missing from the database',
      'index reviews:primary(id) is in schema.prisma but missing from the database',
    ]);
  });
});
