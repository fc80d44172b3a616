/**
 * `npm run seed -- --count N [--seed S] [--batch-size B]`: loads deterministic demo businesses into the
 * database at DATABASE_URL with the same bulk writer as the importer. Re-running with the same seed adds
 * nothing (rows are upserted by place_id).
 */
import { loadConfigOrExit } from '../platform/config.ts';
import { createPool } from '../platform/db/pool.ts';
import { parseSeedArgs, SEED_USAGE, SeedArgsError } from '../prisma/seed/parse-seed-args.ts';
import { everyRows, seedDemoData } from '../prisma/seed/seed-demo-data.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseSeedArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof SeedArgsError) fail(`${error.message}\n\n${SEED_USAGE}`);
  throw error;
}
if (args.help) {
  console.log(SEED_USAGE);
  process.exit(0);
}

const config = loadConfigOrExit();
if (!config.databaseUrl) {
  fail('DATABASE_URL is not set. Set it to the PostgreSQL database to seed, or use `npm start`, which runs an embedded database and seeds it automatically.');
}

const pool = createPool(config.databaseUrl, { max: 2, applicationName: 'directory-seed' });
try {
  const { rows } = await pool.query<{ table: string | null }>(`SELECT to_regclass('businesses')::text AS table`);
  if (!rows[0].table) fail('The database has no businesses table yet: run `npm run migrate` first (or `npm start`).');

  console.log(`seeding ${args.count.toLocaleString('en')} businesses (seed ${args.seed}, batches of ${args.batchSize})`);
  const result = await seedDemoData({
    pool,
    count: args.count,
    seed: args.seed,
    batchSize: args.batchSize,
    onProgress: everyRows(100_000, (written) => console.log(`  ${written.toLocaleString('en')} rows written`)),
  });
  const rate = Math.round(result.rows / Math.max(result.seconds, 0.001));
  console.log(
    `done: ${result.rows.toLocaleString('en')} rows, ${result.inserted.toLocaleString('en')} inserted, ${result.updated.toLocaleString('en')} updated in ${result.seconds.toFixed(1)} s (${rate.toLocaleString('en')} rows/s)`,
  );
} catch (error) {
  const unreachable = (error as { code?: string }).code === 'ECONNREFUSED' ? ' (is PostgreSQL running at DATABASE_URL?)' : '';
  fail(`seed failed: ${error instanceof Error ? error.message : String(error)}${unreachable}`);
} finally {
  await pool.end();
}
