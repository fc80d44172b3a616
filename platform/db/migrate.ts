/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records each in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, columns, checksum and
 * advisory lock), so a production deploy may use either this runner or the Prisma CLI on the same files.
 * We need our own because the Prisma CLI's schema engine cannot be downloaded on these machines.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations');

// The lock id prisma migrate uses, so our runner and the CLI never run at once.
const PRISMA_MIGRATE_LOCK_ID = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Applies pending migrations; returns the names applied. Refuses to run over a failed or edited one. */
export async function applyMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'directory-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_ID]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
    const applied = new Map(rows.filter((row) => !row.rolled_back_at).map((row) => [row.migration_name, row]));
    for (const row of applied.values()) {
      if (!row.finished_at) {
        throw new MigrationError(`Migration ${row.migration_name} failed earlier and must be resolved by hand before others run.`);
      }
    }
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new MigrationError(`Migration ${migration.name} was edited after it was applied (checksum differs). Add a new migration instead.`);
        }
        continue;
      }
      const id = randomUUID();
      await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)', [id, migration.checksum, migration.name]);
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        const message = error instanceof Error ? error.message : String(error);
        await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, message]);
        throw new MigrationError(`Migration ${migration.name} failed: ${message}`);
      }
      await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** Names of migrations on disk that the database has not finished: empty means up to date. */
export async function pendingMigrations(client: pg.ClientBase, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const exists = await client.query(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return migrations.map((migration) => migration.name);
  const { rows } = await client.query<{ migration_name: string }>(
    'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  const finished = new Set(rows.map((row) => row.migration_name));
  return migrations.map((migration) => migration.name).filter((name) => !finished.has(name));
}
