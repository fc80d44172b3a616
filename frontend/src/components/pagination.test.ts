import assert from 'node:assert/strict';
import { test } from 'vitest';
import { slidingWindow, windowWithEdges } from './pagination.tsx';

test('index pages: a sliding window of 5 page buttons', () => {
  assert.deepEqual(slidingWindow(1, 3), [1, 2, 3]);
  assert.deepEqual(slidingWindow(1, 10), [1, 2, 3, 4, 5]);
  assert.deepEqual(slidingWindow(6, 10), [4, 5, 6, 7, 8]);
  assert.deepEqual(slidingWindow(10, 10), [6, 7, 8, 9, 10]);
});

test('/businesses: first, last, ellipses and 2 pages either side', () => {
  assert.deepEqual(windowWithEdges(1, 100), [1, 2, 3, 'ellipsis-end', 100]);
  assert.deepEqual(windowWithEdges(50, 100), [1, 'ellipsis-start', 48, 49, 50, 51, 52, 'ellipsis-end', 100]);
  assert.deepEqual(windowWithEdges(4, 6), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(windowWithEdges(1, 1), [1]);
});
