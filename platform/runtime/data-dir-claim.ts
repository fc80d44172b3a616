/**
 * One `npm start` per data directory. A second one on the same DATA_DIR (other ports, or the same ones
 * on another interface) took the first one's PostgreSQL and Meilisearch for servers left behind by a
 * crash and stopped them; the two supervisors then restarted and stopped each other's servers until the
 * first gave up and the site went down. So `npm start` claims the directory in `start.pid` before it
 * touches a server there, and a second one is refused in one line naming the first.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive, processCommandLine } from './processes.ts';
import { SetupError } from './setup-error.ts';

const CLAIM_FILE = 'start.pid';

/** Whether `pid` runs scripts/start.ts; where /proc cannot tell (not Linux), a live process is taken for one. */
async function isStartProcess(pid: number): Promise<boolean> {
  if (!isProcessAlive(pid)) return false;
  const commandLine = await processCommandLine(pid);
  return commandLine === '' || commandLine.includes('scripts/start.ts');
}

/**
 * Claims `dataDir` for this process (it must exist), or throws SetupError when another live `npm start`
 * holds it. A claim left by a process that is gone (a crash, a kill -9) is taken over. Returns the release,
 * which removes the claim if it is still this process's.
 */
export async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, CLAIM_FILE);
  const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && (await isStartProcess(holder))) {
    throw new SetupError(
      `Another npm start (pid ${holder}) is running on the data directory ${dataDir}: stop it first, or set DATA_DIR to another directory (and other ports). If no npm start runs, delete ${file}.`,
    );
  }
  await writeFile(file, `${process.pid}\n`);
  return async () => {
    const current = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (current === process.pid) await rm(file, { force: true });
  };
}
