/**
 * What a browser downloads before the first screen: the modules each entry imports statically (screens
 * loaded with import() are not in it). zod validates the API's answers on the server and in forms, but
 * the shell does not need it: when the admin shell imported one constant from common/api/admin.ts, its
 * first load carried all of zod (137 KB gzip instead of 103). Read from esbuild's metafile of each entry.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The modules reached from `entry` through static imports, each with the module that imported it first. */
async function eagerModules(entry: string): Promise<Map<string, string | null>> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'first-load-out',
    write: false,
    metafile: true,
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    logLevel: 'silent',
  });
  const importedBy = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const current = queue.shift()!;
    for (const imported of metafile.inputs[current]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || importedBy.has(imported.path)) continue;
      importedBy.set(imported.path, current);
      queue.push(imported.path);
    }
  }
  return importedBy;
}

/** The import chain from the entry to `module`, for the failure message. */
function chainTo(module: string, importedBy: Map<string, string | null>): string {
  const chain: string[] = [];
  for (let at: string | null | undefined = module; at; at = importedBy.get(at)) chain.push(at);
  return chain.reverse().join('\n  -> ');
}

describe('first load', () => {
  for (const [name, entry] of [['the admin panel', 'frontend/src/admin/main.tsx'], ['the public site', 'frontend/src/entry-client.tsx']]) {
    test(`${name} loads without zod (screens that validate load it with themselves)`, async () => {
      const modules = await eagerModules(entry);
      assert.ok(modules.size > 50, `the entry was read (${modules.size} modules)`);
      const zod = [...modules.keys()].find((module) => module.includes('node_modules/zod/'));
      assert.equal(zod, undefined, zod && `zod is in the first load through:\n  ${chainTo(zod, modules)}`);
    });
  }
});
