/**
 * What the importer's database tests share: a test database (createTestContext), a pool and Prisma on it,
 * a temporary folder for the files a test writes, `run` to import one and `countBusinesses` to see what was
 * stored. Call it at the top of a test file: it registers its own beforeAll and afterAll.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createPool, type Pool } from '../../../../../platform/db/pool.ts';
import { createPrisma, type Prisma } from '../../../../../platform/db/prisma.ts';
import { createTestContext, type TestContext } from '../../../../../platform/testing/context.ts';
import { importFile, type ImportFileOptions, type ImportOutcome } from '../import-file.ts';

export interface ImportHarness {
  readonly ctx: TestContext;
  readonly pool: Pool;
  readonly prisma: Prisma;
  /** A path in the test's temporary folder, numbered so that no two tests share one. */
  file(name: string): string;
  run(filePath: string, options?: Partial<ImportFileOptions>): Promise<ImportOutcome>;
  countBusinesses(where?: string, params?: unknown[]): Promise<number>;
}

/** `poolMax`: the pool's size (its default: 10); `prefix`: the temporary folder's. */
export function useImportHarness(options: { prefix: string; poolMax?: number }): ImportHarness {
  let ctx: TestContext | undefined;
  let pool: Pool | undefined;
  let prisma: Prisma | undefined;
  let dir = '';
  let counter = 0;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the import harness is used before its beforeAll ran');
    return value;
  };
  beforeAll(async () => {
    ctx = await createTestContext();
    pool = createPool(ctx.config.databaseUrl!, options.poolMax ? { max: options.poolMax } : {});
    prisma = createPrisma(ctx.config.databaseUrl!);
    dir = await mkdtemp(path.join(os.tmpdir(), options.prefix));
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await pool?.end();
    if (dir) await rm(dir, { recursive: true, force: true });
    await ctx?.close();
  });
  const harness: ImportHarness = {
    get ctx() {
      return ready(ctx);
    },
    get pool() {
      return ready(pool);
    },
    get prisma() {
      return ready(prisma);
    },
    file: (name) => path.join(dir, `${++counter}-${name}`),
    run: (filePath, runOptions = {}) => importFile({ pool: harness.pool, prisma: harness.prisma, path: filePath, fileName: path.basename(filePath), ...runOptions }),
    countBusinesses: async (where = 'TRUE', params = []) => {
      const { rows } = await harness.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM businesses WHERE ${where}`, params);
      return rows[0].n;
    },
  };
  return harness;
}
