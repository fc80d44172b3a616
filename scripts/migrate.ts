/**
 * `npm run migrate`: applies pending migrations, brings stored slugs up to the current slug rules and
 * ensures the admin account, against DATABASE_URL.
 * The deploy's one-shot step (docker-compose `migrate` service); `npm start` does the same itself.
 */
import { loadConfigOrExit } from '../platform/config.ts';
import { applyMigrations } from '../platform/db/migrate.ts';
import { createPool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { describeSlugUpgrade, upgradeStoredSlugs } from '../platform/db/upgrade-slugs.ts';
import { ensureAdminUser } from '../api/src/services/auth/ensure-admin-user.ts';

const config = loadConfigOrExit();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set. `npm run migrate` works on an existing server; `npm start` runs an embedded one and migrates it itself.');
  process.exit(1);
}
try {
  const applied = await applyMigrations(config.databaseUrl);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  const pool = createPool(config.databaseUrl, { max: 1, applicationName: 'directory-migrate' });
  try {
    const slugs = describeSlugUpgrade(await upgradeStoredSlugs(pool));
    if (slugs) console.log(slugs);
  } finally {
    await pool.end();
  }
  const prisma = createPrisma(config.databaseUrl, { max: 1 });
  try {
    const admin = await ensureAdminUser({ prisma, username: config.adminUsername, password: config.adminPassword });
    if (admin.generatedPassword) {
      console.log(`created admin '${config.adminUsername}' with generated password: ${admin.generatedPassword}\n(shown only this once; set ADMIN_PASSWORD to choose your own)`);
    } else if (admin.created) console.log(`created admin '${config.adminUsername}'`);
  } finally {
    await prisma.$disconnect();
  }
} catch (error) {
  console.error(`migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
