import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FirstSeen } from './first-seen.ts';

test('remembers the first row of each key exactly, through growth, for any text', () => {
  const seen = new FirstSeen();
  const reference = new Map<string, number>();
  const keys = Array.from({ length: 50_000 }, (_, i) => (i % 7 === 0 ? `Zürich-台北-${i}-🍕` : `ChIJ${(i * 2654435761 >>> 0).toString(36)}`));
  keys.push('', 'a', 'A', 'x'.repeat(5000));
  let row = 2;
  // Every key twice (and some three times): the first occurrence's row is what comes back.
  for (const key of [...keys, ...keys, ...keys.slice(0, 1000)]) {
    assert.equal(seen.check(key, row), reference.get(key), key.slice(0, 40));
    if (!reference.has(key)) reference.set(key, row);
    row++;
  }
  assert.equal(seen.size, reference.size);
});
