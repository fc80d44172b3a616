/**
 * The architecture's rules (.dependency-cruiser.cjs) hold over the whole tree, and each of them can
 * fail: the same rules run over a small tree written to a temporary folder that breaks every rule once.
 *
 * dependency-cruiser sees imports, not calls: a service may import the pool's or Prisma's type to hand
 * the handle to a repository, and nothing in its imports says whether it also runs a query through it.
 * So one more rule is checked with TypeScript's type checker: routes, services, middleware and the
 * frontend server call no method of a database client (query, connect, $transaction,
 * prisma.<model>.findMany, ...).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'vitest';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
// Each check parses the whole tree (~20 s on a busy 2-core machine): far past a unit test's default limit.
const CHECK_TIMEOUT_MS = 300_000;
const SOURCE_FOLDERS = ['api', 'bench', 'common', 'frontend', 'indexer', 'platform', 'prisma', 'scripts', 'prisma.config.ts'];

async function findViolations(baseDir: string, folders: string[]): Promise<IViolation[]> {
  const options: ICruiseOptions = { ...(await extractDepcruiseOptions(CONFIG)), baseDir, validate: true };
  const { output } = await cruise(folders, options);
  return (output as ICruiseResult).summary.violations;
}

function describeViolation(violation: IViolation): string {
  const route = violation.cycle?.length ? [violation.from, ...violation.cycle.map((step) => step.name)].join('\n      -> ') : `${violation.from}\n      -> ${violation.to}`;
  return `  ${violation.rule.name}: ${route}`;
}

function assertNoViolations(violations: IViolation[]): void {
  assert.equal(violations.length, 0, `${violations.length} architecture violation(s) (rules and reasons in .dependency-cruiser.cjs):\n${violations.map(describeViolation).join('\n')}`);
}

/** Where the database clients declare their methods (the same clients as DATABASE_CLIENTS in the config). */
const DATABASE_CLIENT_DECLARATIONS = /\/node_modules\/(pg|pg-pool|pg-copy-streams|@types\/pg|@types\/pg-copy-streams|@prisma\/client|@prisma\/adapter-pg)\/|\/generated\/prisma\//;
const REQUEST_CODE_FOLDERS = ['api/src/routes', 'api/src/services', 'api/src/middleware', 'frontend/server'];

function listRequestCode(baseDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  return REQUEST_CODE_FOLDERS.filter((folder) => existsSync(path.join(baseDir, folder)))
    .flatMap((folder) => walk(path.join(baseDir, folder)))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes(`${path.sep}testing${path.sep}`));
}

/** Each call of a database client's method in request code, as `file:line  receiver.method`. */
function findDatabaseCalls(baseDir: string): string[] {
  const files = listRequestCode(baseDir);
  const tsconfig = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  assert.ok(tsconfig, 'tsconfig.json could not be read');
  const program = ts.createProgram(files, tsconfig.options);
  const checker = program.getTypeChecker();
  const calls: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const declarations = checker.getSymbolAtLocation(node.expression.name)?.declarations ?? [];
        if (declarations.some((declaration) => DATABASE_CLIENT_DECLARATIONS.test(declaration.getSourceFile().fileName.replaceAll(path.sep, '/')))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          calls.push(`${path.relative(baseDir, file).replaceAll(path.sep, '/')}:${line + 1}  ${node.expression.getText(source).replace(/\s+/g, '')}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

/** One file per line: path -> content. Each commented line says which rule it breaks (or keeps). */
const FIXTURE: Record<string, string> = {
  'node_modules/pg/package.json': JSON.stringify({ name: 'pg', version: '0.0.0', main: 'index.js', types: 'index.d.ts' }),
  'node_modules/pg/index.js': 'export class Pool { query() { return Promise.resolve(); } }\n',
  'node_modules/pg/index.d.ts': 'export declare class Pool { query(text: string): Promise<unknown>; }\n',
  'platform/db/pool.ts': "import { Pool as PgPool } from 'pg';\nexport type Pool = PgPool;\nexport function createPool(): Pool { return new PgPool(); }\n",
  'platform/config.ts': 'export const config = {};\n',
  'api/src/repositories/things.ts': "import pg from 'pg';\nexport const findThings = () => pg;\n",
  'api/src/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b;\n", // no-circular
  'api/src/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;\n",
  'common/slug.ts': "import { a } from '../api/src/cycle-a.ts';\nexport const slug = a;\n", // common-imports-only-common
  'common/name.ts': "import { slug } from './slug.ts';\nimport { z } from 'zod';\nexport const name = [slug, z];\n", // allowed: common/ and a package
  'frontend/src/page.tsx': "import { config } from '../../platform/config.ts';\nexport const page = config;\n", // frontend-not-into-server-code
  'indexer/src/job.ts': "import { a } from '../../api/src/cycle-a.ts';\nexport const job = a;\n", // indexer-not-into-api-or-frontend
  'api/src/services/run-query.ts': "import { Pool } from 'pg';\nexport const runQuery = () => new Pool();\n", // no-database-client-in-request-code
  'generated/prisma/client.ts': 'export class PrismaClientKnownRequestError extends Error {}\n',
  'api/src/middleware/error-handler.ts': "import { PrismaClientKnownRequestError } from '../../../generated/prisma/client.ts';\nimport { Pool } from 'pg';\nexport const handle = [PrismaClientKnownRequestError, Pool];\n", // error-handler-imports-only-prisma-errors (pg, not the Prisma errors)
  'api/src/routes/things.router.ts': "import { createPool } from '../../../platform/db/pool.ts';\nexport const router = createPool;\n", // database-handle-only-as-a-type-in-request-code
  'frontend/server/render.ts': 'export const render = () => null;\n',
  'api/src/routes/pages.router.ts': "import { render } from '../../../frontend/server/render.ts';\nexport const router = render;\n", // api-layers-not-into-frontend
  'api/src/app.ts': "import { render } from '../../frontend/server/render.ts';\nexport const app = render;\n", // allowed: the composition root mounts the renderer
  'api/src/services/count-things.ts': "import type { Pool } from '../../../platform/db/pool.ts';\nexport const countThings = (pool: Pool) => pool.query('SELECT count(*) FROM things');\n", // allowed by the imports, found by findDatabaseCalls
  'api/src/services/list-things.ts': "import type { Pool } from '../../../platform/db/pool.ts';\nimport { findThings } from '../repositories/things.ts';\nexport const listThings = (pool: Pool) => [pool, findThings];\n", // allowed: the handle as a type, passed on
  'api/src/services/list-things.test.ts': "import pg from 'pg';\nimport { createPool } from '../../../platform/db/pool.ts';\nexport const setUp = [pg, createPool];\n", // allowed: test code
};

const EXPECTED_IN_FIXTURE = [
  'api-layers-not-into-frontend: api/src/routes/pages.router.ts',
  'common-imports-only-common: common/slug.ts',
  'database-handle-only-as-a-type-in-request-code: api/src/routes/things.router.ts',
  'error-handler-imports-only-prisma-errors: api/src/middleware/error-handler.ts',
  'frontend-not-into-server-code: frontend/src/page.tsx',
  'indexer-not-into-api-or-frontend: indexer/src/job.ts',
  'no-circular: api/src/cycle-a.ts',
  'no-database-client-in-request-code: api/src/services/run-query.ts',
];

describe('architecture (.dependency-cruiser.cjs)', () => {
  test('the tree breaks none of the rules', { timeout: CHECK_TIMEOUT_MS }, async () => {
    assertNoViolations(await findViolations(ROOT, SOURCE_FOLDERS));
  });

  test('routes, services, middleware and the frontend server run no query themselves: they call repositories', { timeout: CHECK_TIMEOUT_MS }, () => {
    const calls = findDatabaseCalls(ROOT);
    assert.deepEqual(calls, [], `${calls.length} database call(s) outside api/src/repositories/, indexer/src/db/ and platform/db/:\n${calls.map((call) => `  ${call}`).join('\n')}`);
  });

  test('every rule reports a tree that breaks it, and only there', { timeout: CHECK_TIMEOUT_MS }, async () => {
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

      assert.deepEqual(findDatabaseCalls(dir), ['api/src/services/count-things.ts:2  pool.query']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
