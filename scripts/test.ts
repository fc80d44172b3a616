/**
 * `npm test`: starts a real PostgreSQL and a real Meilisearch (the same embedded binaries as
 * `npm start`) on free ports in a temporary directory, migrates a template database once, then runs
 * every *.test.ts with Node's test runner. Each test file clones its own database from the template
 * and uses its own Meilisearch index prefix (platform/testing/context.ts), so files run in parallel.
 *
 * Usage: npm test [-- <path filters...>]
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { TEMPLATE_DATABASE } from '../platform/testing/constants.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TEST_DIRS = ['common', 'platform', 'prisma', 'api', 'indexer', 'frontend', 'scripts', 'bench'];

async function findTestFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : findTestFiles(full);
      return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const all = (await Promise.all(TEST_DIRS.map((dir) => findTestFiles(path.join(ROOT, dir))))).flat().sort();
  const files = filters.length ? all.filter((file) => filters.some((filter) => file.includes(filter))) : all;
  if (files.length === 0) {
    console.error(`No test files match ${filters.join(' ')}`);
    return 1;
  }

  const started = Date.now();
  const servers = await startThrowawayServers({ name: 'test', database: TEMPLATE_DATABASE, meilisearch: true, ephemeral: true });
  const meili = servers.meili!;
  try {
    console.log(`test services ready in ${Date.now() - started} ms (PostgreSQL :${servers.postgres.port}, Meilisearch ${meili.url}); ${files.length} test files`);

    const concurrency = Math.max(2, os.availableParallelism());
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './platform/testing/assert-ok.mjs', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=300000', ...files],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          TEST_POSTGRES_URL: servers.postgres.urlFor('postgres'),
          TEST_MEILI_URL: meili.url,
          TEST_MEILI_MASTER_KEY: servers.meiliMasterKey,
          TEST_DATA_DIR: servers.dataDir,
        },
      },
    );
    return await new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    await servers.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
