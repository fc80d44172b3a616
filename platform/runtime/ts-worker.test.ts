import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { loadTsWorker, workerBundle } from './ts-worker.ts';

const PARSE_WORKER = new URL('../../api/src/services/import/parse-worker.ts', import.meta.url);

describe('loadTsWorker', () => {
  test('the import parse worker is bundled, so an import does not load ~230 modules through tsx first', async () => {
    const bundled = await workerBundle(PARSE_WORKER);
    assert.ok(bundled, 'esbuild bundled the parse worker (null means every import starts through tsx, 1-2 s slower)');
    assert.equal(bundled.protocol, 'data:');
    assert.equal(await workerBundle(PARSE_WORKER), bundled, 'built once per process');
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
