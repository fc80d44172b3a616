/**
 * Secrets of the embedded set-up (database password, Meilisearch master key, session secret),
 * generated once and kept in DATA_DIR/secrets.json (mode 0600) so restarts reuse them.
 * Values given in the environment always win.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const Secrets = z.object({
  postgresPassword: z.string().min(16),
  meiliMasterKey: z.string().min(16),
  sessionSecret: z.string().min(32),
});
export type Secrets = z.infer<typeof Secrets>;

export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  const existing = await readFile(file, 'utf8').then((text) => Secrets.safeParse(JSON.parse(text)), () => null);
  if (existing?.success) return existing.data;
  const secrets: Secrets = {
    postgresPassword: randomBytes(18).toString('base64url'),
    meiliMasterKey: randomBytes(24).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  await makeDirectories(dataDir);
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * `mkdir -p` without Node's recursive mode, which never returns for some paths (a directory under /proc:
 * `npm start` with such a DATA_DIR spun the CPU forever): each missing level is made on its own, and the
 * first that cannot be says why (ENOENT, EACCES, ENOTDIR).
 */
async function makeDirectories(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      await stat(at);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.push(at);
      if (path.dirname(at) === at) break;
    }
  }
  for (const level of missing.reverse()) {
    await mkdir(level).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
