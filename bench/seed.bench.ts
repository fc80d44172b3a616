/**
 * `npm run bench:seed -- --count N [--batch-size B] [--seed S]`: times the demo seed end to end (generator +
 * COPY + upsert + outbox triggers) on a throwaway embedded PostgreSQL with the same durable settings as
 * `npm start`, then prints rows/s and the process's peak RSS. Nothing is left behind.
 */
import os from 'node:os';
import { createPool } from '../platform/db/pool.ts';
import { parseSeedArgs, SEED_USAGE, SeedArgsError } from '../prisma/seed/parse-seed-args.ts';
import { everyRows, seedDemoData } from '../prisma/seed/seed-demo-data.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';

let args;
try {
  args = parseSeedArgs(process.argv.slice(2), { count: 100_000 });
} catch (error) {
  if (!(error instanceof SeedArgsError)) throw error;
  console.error(`${error.message}\n\n${SEED_USAGE.replace('npm run seed', 'npm run bench:seed')}`);
  process.exit(1);
}
if (args.help) {
  console.log(SEED_USAGE.replace('npm run seed', 'npm run bench:seed'));
  process.exit(0);
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const servers = await startThrowawayServers({ name: 'bench-seed', database: 'bench' });

try {
  const url = servers.databaseUrl;
  const pool = createPool(url, { max: 2, applicationName: 'bench-seed' });
  console.log(`seeding ${args.count.toLocaleString('en')} businesses in batches of ${args.batchSize} (Node ${process.version}, ${os.cpus().length} cores)`);
  const result = await seedDemoData({
    pool,
    count: args.count,
    seed: args.seed,
    batchSize: args.batchSize,
    onProgress: everyRows(100_000, (written) => console.log(`  ${written.toLocaleString('en')} rows, RSS ${mb(process.memoryUsage().rss)}`)),
  });
  const { rows: [sizes] } = await pool.query<{ businesses: number; outbox: number; bytes: number }>(
    `SELECT (SELECT count(*) FROM businesses)::int AS businesses, (SELECT count(*) FROM search_outbox)::int AS outbox,
            pg_total_relation_size('businesses')::bigint AS bytes`,
  );
  await pool.end();
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const cpu = process.cpuUsage();
  console.log(`rows:        ${result.rows.toLocaleString('en')} (${result.inserted.toLocaleString('en')} inserted, ${result.updated.toLocaleString('en')} updated)`);
  console.log(`businesses:  ${sizes.businesses.toLocaleString('en')} in the table (${mb(sizes.bytes)} with indexes), ${sizes.outbox.toLocaleString('en')} outbox rows`);
  console.log(`time:        ${result.seconds.toFixed(1)} s`);
  console.log(`rows/s:      ${Math.round(result.rows / result.seconds).toLocaleString('en')}`);
  console.log(`peak RSS:    ${mb(peakRss)} (this Node process; PostgreSQL excluded)`);
  console.log(`Node CPU:    ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (generator + COPY encoding; the rest of the time is PostgreSQL)`);
  console.log(`load avg:    ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} (other work on the machine slows every figure)`);
  console.log(`batch size:  ${args.batchSize}`);
} finally {
  await servers.stop();
}
