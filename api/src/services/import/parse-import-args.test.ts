import assert from 'node:assert/strict';
import { test } from 'vitest';
import { IMPORT_USAGE, parseImportArgs } from './parse-import-args.ts';

test('files, --batch-size and --mode (with = or a space), defaults 500 and upsert', () => {
  assert.deepEqual(parseImportArgs(['a.csv', 'b c.xlsx']), { files: ['a.csv', 'b c.xlsx'], batchSize: 500, mode: 'upsert', holdForReview: false, help: false });
  assert.deepEqual(parseImportArgs(['--batch-size', '2000', 'a.xls', '--mode=update']), { files: ['a.xls'], batchSize: 2000, mode: 'update', holdForReview: false, help: false });
});

test('clear messages for bad flags and no files', () => {
  assert.throws(() => parseImportArgs(['a.csv', '--batch-size', '300']), /--batch-size must be one of 100, 500, 1000, 2000/);
  assert.throws(() => parseImportArgs(['a.csv', '--mode', 'merge']), /--mode must be one of upsert, insert, update/);
  assert.throws(() => parseImportArgs(['a.csv', '--mode']), /--mode needs a value/);
  assert.throws(() => parseImportArgs(['a.csv', '--fast']), /Unknown option --fast/);
  assert.throws(() => parseImportArgs([]), /Name at least one file/);
  assert.equal(parseImportArgs(['--help']).help, true);
});

test('--hold-for-review holds new businesses for review; it takes no value', () => {
  assert.equal(parseImportArgs(['a.csv', '--hold-for-review']).holdForReview, true);
  assert.equal(parseImportArgs(['a.csv']).holdForReview, false, 'imports publish by default');
  assert.throws(() => parseImportArgs(['a.csv', '--hold-for-review=yes']), { message: '--hold-for-review takes no value.' });
  assert.match(IMPORT_USAGE, /--hold-for-review/);
});
