import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { test } from 'vitest';
import { createHeapValve } from './heap-valve.ts';

const used = () => v8.getHeapStatistics().used_heap_size;
const MB = 1024 * 1024;

/** ~`mb` MB of objects, kept alive while made so they are promoted to the old generation as a long import's are. */
function promotedGarbage(mb: number): number {
  let kept: string[][] = [];
  for (let i = 0; i < mb * 16; i++) kept.push(Array.from({ length: 1024 }, (_, j) => `${i}-${j}`));
  const count = kept.length;
  kept = [];
  return count;
}

test('the heap valve collects garbage once the heap has grown past its limit, and only then', () => {
  const valve = createHeapValve({ growthBytes: 32 * MB, intervalMs: 0 });
  assert.equal(valve.check(), false, 'nothing has grown yet');
  promotedGarbage(80);
  const before = used();
  assert.equal(valve.check(), true);
  assert.ok(before - used() > 32 * MB, `heap ${Math.round(before / MB)} -> ${Math.round(used() / MB)} MB`);
  assert.equal(valve.check(), false, 'nothing has grown since the collection');
  assert.equal((globalThis as { gc?: unknown }).gc, undefined, 'no global gc is left behind');
});

test('the heap valve collects at most once per interval', () => {
  const valve = createHeapValve({ growthBytes: 8 * MB, intervalMs: 60_000 });
  promotedGarbage(40);
  assert.equal(valve.check(), true);
  promotedGarbage(40);
  assert.equal(valve.check(), false);
});
