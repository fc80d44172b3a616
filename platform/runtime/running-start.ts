/**
 * The embedded servers of a running `npm start`, for one-shot commands run beside it with no settings
 * (`npm run import`, `npm run indexer -- --verify | --full`): found the way scripts/start.ts finds them,
 * from DATA_DIR's secrets and the EMBEDDED_PG_PORT / EMBEDDED_MEILI_PORT ports.
 */
import { existsSync } from 'node:fs';
import type { Config } from '../config.ts';
import { EMBEDDED_DATABASE, embeddedDatabaseUrl } from './embedded-postgres.ts';
import { assertPortFree } from './ports.ts';
import { loadOrCreateSecrets } from './secrets.ts';

export class StartNotRunningError extends Error {
  override name = 'StartNotRunningError';
}

export interface RunningStartServers {
  databaseUrl: string;
  meiliUrl: string;
  meiliMasterKey: string;
  /** host:port/database, for messages. */
  where: string;
}

/**
 * `unset` names the settings that are missing ("DATABASE_URL is not set"); `startFirst` ends every
 * message (what to do instead). Throws StartNotRunningError, saying why, when no `npm start` runs there.
 */
export async function findRunningStart(config: Config, messages: { unset: string; startFirst: string }): Promise<RunningStartServers> {
  const where = `127.0.0.1:${config.embeddedPgPort}`;
  // The port check start.ts makes: taken means PostgreSQL runs. Say so before creating any secrets.
  const isRunning = await assertPortFree(config.embeddedPgPort, 'PostgreSQL', '').then(() => false, () => true);
  if (!isRunning) {
    throw new StartNotRunningError(
      `${messages.unset} and the embedded database of \`npm start\` is not running (nothing listens on ${where}: set EMBEDDED_PG_PORT and DATA_DIR to those of \`npm start\` if it uses others). ${messages.startFirst}`,
    );
  }
  if (!existsSync(config.dataDir)) {
    throw new StartNotRunningError(`${messages.unset} and the data directory ${config.dataDir} of \`npm start\` does not exist (set DATA_DIR to the one it uses). ${messages.startFirst}`);
  }
  const secrets = await loadOrCreateSecrets(config.dataDir);
  return {
    databaseUrl: embeddedDatabaseUrl(config.embeddedPgPort, secrets.postgresPassword, EMBEDDED_DATABASE),
    meiliUrl: `http://127.0.0.1:${config.embeddedMeiliPort}`,
    meiliMasterKey: secrets.meiliMasterKey,
    where: `${where}/${EMBEDDED_DATABASE}`,
  };
}
