import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { createFormatters } from './format.ts';

describe('duration', () => {
  test("says seconds under a minute and beside minutes under an hour (an import's time left read '0 dk')", () => {
    const tr = createFormatters('tr');
    const en = createFormatters('en');
    assert.deepEqual([7, 59.6, 125, 3725].map((seconds) => en.duration(seconds)), ['7 secs', '1 min', '2 mins 5 secs', '1 hr 2 mins']);
    assert.match(tr.duration(45), /^45 sn/);
    assert.match(tr.duration(125), /^2 dk\.? 5 sn/);
    assert.match(tr.duration(90_000), /^1 gün 1 sa/);
  });
});
