import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';
import { loadTsWorker, workerBundle } from './ts-worker.ts';

const PARSE_WORKER = new URL('../../api/src/services/import/parse-worker.ts', import.meta.url);

describe('loadTsWorker', () => {
  test('the import parse worker is bundled, so an import does not load ~230 modules through tsx first', async () => {
    const bundled = await workerBundle(PARSE_WORKER);
    assert.ok(bundled, 'esbuild bundled the parse worker (null means every import starts through tsx, 1-2 s slower)');
    assert.equal(bundled.protocol, 'file:');
    assert.equal((await workerBundle(PARSE_WORKER))?.href, bundled.href, 'built once per process');
  });

  test("a bundle's file removed by a clean-up of the temporary directory is written again before the next worker starts", async () => {
    const entry = new URL('../testing/echo-worker.ts', import.meta.url);
    const bundled = await workerBundle(entry);
    assert.ok(bundled);
    await rm(fileURLToPath(bundled), { force: true });
    const worker = (await loadTsWorker(entry))({ word: 'again' });
    try {
      const message = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      assert.deepEqual(message, { word: 'AGAIN', yauzl: 'function' });
    } finally {
      await worker.terminate();
    }
  });

  test('a bundled worker gets its data, runs TypeScript and packages, and can require built-ins', async () => {
    const entry = new URL('../testing/echo-worker.ts', import.meta.url);
    assert.ok(await workerBundle(entry));
    const worker = (await loadTsWorker(entry))({ word: 'hello' });
    try {
      const message = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      assert.deepEqual(message, { word: 'HELLO', yauzl: 'function' });
    } finally {
      await worker.terminate();
    }
  });
});
