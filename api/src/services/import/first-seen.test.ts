import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { test } from 'vitest';
import { FirstSeen } from './first-seen.ts';

test('remembers the first row of each key exactly, through growth and keys written to disk, for any text', () => {
  // A temporary directory of this test's own: other test files import at the same time.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'first-seen-test-'));
  process.env.TMPDIR = tmp;
  const seen = new FirstSeen();
  const reference = new Map<string, number>();
  // ~6 MB of entries: most of them are read back from the temporary file, the newest from memory.
  const keys = Array.from({ length: 200_000 }, (_, i) => (i % 7 === 0 ? `Zürich-台北-${i}-🍕` : `ChIJ${(i * 2654435761 >>> 0).toString(36)}`));
  keys.push('', 'a', 'A', 'x'.repeat(5000));
  let row = 2;
  // Every key twice (and some three times): the first occurrence's row is what comes back.
  for (const key of [...keys, ...keys, ...keys.slice(0, 1000)]) {
    assert.equal(seen.check(key, row), reference.get(key), key.slice(0, 40));
    if (!reference.has(key)) reference.set(key, row);
    row++;
  }
  assert.equal(seen.size, reference.size);
  // A key just past the newest entry, and prefixes of stored keys, are new.
  assert.equal(seen.check('Zürich-台北-0', row), undefined);
  assert.equal(seen.check('ChIJ', row + 1), undefined);
  assert.equal(seen.check('Zürich-台北-0', row + 2), row);

  seen.close();
  assert.equal(seen.size, 0);
  assert.deepEqual(readdirSync(tmp), [], 'no temporary file is left behind');
  assert.equal(seen.check('a', 7), undefined, 'usable again after close');
  seen.close();
  rmSync(tmp, { recursive: true });
});
