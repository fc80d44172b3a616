/**
 * Flags of `npm run seed` and `npm run bench:seed`: --count N, --seed S, --batch-size B. Bad input is
 * refused with one line naming the flag, never silently defaulted.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from './generate-businesses.ts';
import { DEFAULT_BATCH_SIZE } from './seed-demo-data.ts';

export interface SeedArgs {
  count: number;
  seed: number;
  batchSize: number;
  help: boolean;
}

export const SEED_USAGE = `Usage: npm run seed -- --count N [--seed S] [--batch-size B]
  --count N        distinct businesses to generate (1..10000000, default 5000)
  --seed S         generator seed: the same seed gives the same data (default ${DEFAULT_SEED})
  --batch-size B   rows per COPY batch and transaction (1..50000, default ${DEFAULT_BATCH_SIZE})`;

export class SeedArgsError extends Error {}

function integerFlag(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const normalised = value.replace(/_/g, '');
  if (!/^-?\d+$/.test(normalised)) throw new SeedArgsError(`--${name} must be a whole number, got "${value}"`);
  const number = Number(normalised);
  if (number < min || number > max) throw new SeedArgsError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return number;
}

export function parseSeedArgs(argv: string[], defaults: { count?: number } = {}): SeedArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        count: { type: 'string' },
        seed: { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new SeedArgsError((error as Error).message.split('\n')[0]);
  }
  return {
    count: integerFlag('count', values.count as string | undefined, defaults.count ?? 5000, 1, 10_000_000),
    seed: integerFlag('seed', values.seed as string | undefined, DEFAULT_SEED, 0, 2 ** 32 - 1),
    batchSize: integerFlag('batch-size', values['batch-size'] as string | undefined, DEFAULT_BATCH_SIZE, 1, 50_000),
    help: Boolean(values.help),
  };
}
