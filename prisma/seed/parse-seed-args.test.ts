import assert from 'node:assert/strict';
import { test } from 'vitest';
import { parseSeedArgs, SeedArgsError } from './parse-seed-args.ts';

test('seed flags are parsed, defaulted and refused with a message naming the flag', () => {
  assert.deepEqual(parseSeedArgs(['--count', '1_000_000', '--seed', '7', '--batch-size', '500']), { count: 1_000_000, seed: 7, batchSize: 500, help: false });
  assert.equal(parseSeedArgs([]).count, 5000);
  assert.equal(parseSeedArgs(['--count=12']).count, 12);
  for (const [argv, message] of [
    [['--count', 'lots'], /--count must be a whole number/],
    [['--count', '0'], /--count must be between 1/],
    [['--batch-size', '1.5'], /--batch-size must be a whole number/],
    [['--cuont', '5'], /Unknown option '--cuont'/],
    [['5000'], /positional/i],
  ] as const) {
    assert.throws(() => parseSeedArgs([...argv]), (error: Error) => error instanceof SeedArgsError && message.test(error.message));
  }
});
