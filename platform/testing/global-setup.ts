/**
 * Vitest's global setup for `npm test`: one real PostgreSQL and one real Meilisearch for the whole run,
 * started in the main process before any test file, stopped after the last. A migrated template
 * database is what each file clones (platform/testing/context.ts); the TEST_* variables are set here,
 * before vitest forks its workers, because each fork starts with this process's environment.
 */
import { startThrowawayServers } from '../runtime/throwaway-servers.ts';
import { TEMPLATE_DATABASE } from './constants.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const servers = await startThrowawayServers({ name: 'test', database: TEMPLATE_DATABASE, meilisearch: true, ephemeral: true });
  const meili = servers.meili!;
  Object.assign(process.env, {
    NODE_ENV: 'test',
    TEST_POSTGRES_URL: servers.postgres.urlFor('postgres'),
    TEST_MEILI_URL: meili.url,
    TEST_MEILI_MASTER_KEY: servers.meiliMasterKey,
    TEST_DATA_DIR: servers.dataDir,
  });
  console.log(`test services ready in ${Date.now() - started} ms (PostgreSQL :${servers.postgres.port}, Meilisearch ${meili.url})`);
  return () => servers.stop();
}
