/**
 * The architecture's rules (.dependency-cruiser.cjs) hold over the whole tree, and each of them can
 * fail: the same rules run over a small tree written to a temporary folder that breaks every rule once.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const SOURCE_FOLDERS = ['api', 'bench', 'common', 'frontend', 'indexer', 'platform', 'prisma', 'scripts', 'prisma.config.ts'];

async function findViolations(baseDir: string, folders: string[]): Promise<IViolation[]> {
  const options: ICruiseOptions = { ...(await extractDepcruiseOptions(CONFIG)), baseDir, validate: true };
  const { output } = await cruise(folders, options);
  return (output as ICruiseResult).summary.violations;
}

function describeViolation(violation: IViolation): string {
  const path = violation.cycle?.length ? [violation.from, ...violation.cycle.map((step) => step.name)].join('\n      -> ') : `${violation.from}\n      -> ${violation.to}`;
  return `  ${violation.rule.name}: ${path}`;
}

function assertNoViolations(violations: IViolation[]): void {
  assert.equal(violations.length, 0, `${violations.length} architecture violation(s) (rules and reasons in .dependency-cruiser.cjs):\n${violations.map(describeViolation).join('\n')}`);
}

/** One file per line: path -> content. Each commented line says which rule it breaks (or keeps). */
const FIXTURE: Record<string, string> = {
  'node_modules/pg/package.json': JSON.stringify({ name: 'pg', version: '0.0.0', main: 'index.js' }),
  'node_modules/pg/index.js': 'export default {};\n',
  'platform/db/pool.ts': "import pg from 'pg';\nexport type Pool = typeof pg;\nexport function createPool(): Pool { return pg; }\n",
  'platform/config.ts': 'export const config = {};\n',
  'api/src/repositories/things.ts': "import pg from 'pg';\nexport const findThings = () => pg;\n",
  'api/src/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b;\n", // no-circular
  'api/src/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;\n",
  'common/slug.ts': "import { a } from '../api/src/cycle-a.ts';\nexport const slug = a;\n", // common-imports-only-common
  'common/name.ts': "import { slug } from './slug.ts';\nimport { z } from 'zod';\nexport const name = [slug, z];\n", // allowed: common/ and a package
  'frontend/src/page.tsx': "import { config } from '../../platform/config.ts';\nexport const page = config;\n", // frontend-not-into-server-code
  'indexer/src/job.ts': "import { a } from '../../api/src/cycle-a.ts';\nexport const job = a;\n", // indexer-not-into-api-or-frontend
  'api/src/services/run-query.ts': "import pg from 'pg';\nexport const runQuery = () => pg;\n", // routes-and-services-not-into-database-clients
  'api/src/routes/things.router.ts': "import { createPool } from '../../../platform/db/pool.ts';\nexport const router = createPool;\n", // routes-and-services-name-the-handle-only-as-a-type
  'api/src/services/list-things.ts': "import type { Pool } from '../../../platform/db/pool.ts';\nimport { findThings } from '../repositories/things.ts';\nexport const listThings = (pool: Pool) => [pool, findThings];\n", // allowed: the handle as a type, passed on
  'api/src/services/list-things.test.ts': "import pg from 'pg';\nimport { createPool } from '../../../platform/db/pool.ts';\nexport const setUp = [pg, createPool];\n", // allowed: test code
};

const EXPECTED_IN_FIXTURE = [
  'common-imports-only-common: common/slug.ts',
  'frontend-not-into-server-code: frontend/src/page.tsx',
  'indexer-not-into-api-or-frontend: indexer/src/job.ts',
  'no-circular: api/src/cycle-a.ts',
  'routes-and-services-name-the-handle-only-as-a-type: api/src/routes/things.router.ts',
  'routes-and-services-not-into-database-clients: api/src/services/run-query.ts',
];

describe('architecture (.dependency-cruiser.cjs)', () => {
  test('the tree breaks none of the rules', async () => {
    assertNoViolations(await findViolations(ROOT, SOURCE_FOLDERS));
  });

  test('every rule reports a tree that breaks it, and only there', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'architecture-fixture-'));
    try {
      for (const [file, content] of Object.entries(FIXTURE)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), content);
      }
      const violations = await findViolations(dir, ['api', 'common', 'frontend', 'indexer', 'platform']);
      const found = [...new Set(violations.map((violation) => `${violation.rule.name}: ${violation.from}`))].sort();
      assert.deepEqual(found, EXPECTED_IN_FIXTURE, violations.map(describeViolation).join('\n'));

      const { ruleSet } = await extractDepcruiseOptions(CONFIG);
      const ruleNames = (ruleSet?.forbidden ?? []).map((rule) => rule.name).sort();
      assert.deepEqual([...new Set(found.map((line) => line.split(':')[0]))].sort(), ruleNames, 'a rule that nothing in the fixture breaks');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
