/**
 * `npm test` is `vitest run`. One PostgreSQL and one Meilisearch per run (platform/testing/global-setup.ts);
 * each test file clones its own database and index prefix (platform/testing/context.ts), so files run in
 * parallel, each in a forked process of its own (why forks: docs/decisions.md, "Tests run on vitest").
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  test: {
    root: ROOT,
    include: ['{common,platform,prisma,api,indexer,frontend,scripts,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['platform/testing/global-setup.ts'],
    // Quiet loggers: warnings and errors only (a line per request would drown the report).
    setupFiles: ['platform/testing/log-setup.ts'],
    pool: 'forks',
    // Loaded before anything else in each fork and in the worker threads a test starts (they inherit
    // execArgv), as `node --test` loaded it: see the file for why.
    execArgv: ['--import', fileURLToPath(new URL('platform/testing/assert-ok.mjs', import.meta.url))],
    // As under `node --test`: at least two files at a time on this 2-core machine, whose tests mostly
    // wait on PostgreSQL, Meilisearch and chromium (vitest's own default would be cores - 1).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The longest test took 95 s at load 20 (the type check, 3 minutes, has its own).
    testTimeout: 180_000,
    // The browser files build the frontend and seed a directory in their beforeAll.
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    // node:test ran a file's hooks in the order they were declared, after-hooks too; vitest's default
    // runs after-hooks in reverse.
    sequence: { hooks: 'list' },
    reporters: ['default', './platform/testing/summary-reporter.ts'],
  },
});
