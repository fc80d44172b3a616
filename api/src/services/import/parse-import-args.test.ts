import assert from 'node:assert/strict';
import { test } from 'vitest';
import { parseImportArgs } from './parse-import-args.ts';

test('files, --batch-size and --mode (with = or a space), defaults 500 and upsert', () => {
  assert.deepEqual(parseImportArgs(['a.csv', 'b c.xlsx']), { files: ['a.csv', 'b c.xlsx'], batchSize: 500, mode: 'upsert', help: false });
  assert.deepEqual(parseImportArgs(['--batch-size', '2000', 'a.xls', '--mode=update']), { files: ['a.xls'], batchSize: 2000, mode: 'update', help: false });
});

test('clear messages for bad flags and no files', () => {
  assert.throws(() => parseImportArgs(['a.csv', '--batch-size', '300']), /--batch-size must be one of 100, 500, 1000, 2000/);
  assert.throws(() => parseImportArgs(['a.csv', '--mode', 'merge']), /--mode must be one of upsert, insert, update/);
  assert.throws(() => parseImportArgs(['a.csv', '--mode']), /--mode needs a value/);
  assert.throws(() => parseImportArgs(['a.csv', '--fast']), /Unknown option --fast/);
  assert.throws(() => parseImportArgs([]), /Name at least one file/);
  assert.equal(parseImportArgs(['--help']).help, true);
});
