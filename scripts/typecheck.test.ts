/** The whole project type-checks (tsx runs it without checking types, so nothing else would notice). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

// tsc alone took 3 minutes at load 20; past its own 300 s the assertion below says so, not a bare timeout.
test('npm run typecheck: no type errors and no unused locals', { timeout: 320_000 }, () => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
});
