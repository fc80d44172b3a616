/** Arguments of `npm run import -- <files...> [--batch-size 100|500|1000|2000] [--mode upsert|insert|update] [--hold-for-review]`. */
import { BATCH_SIZES, IMPORT_MODES, type BatchSize, type ImportMode } from '../../../../common/api/admin.ts';

export const IMPORT_USAGE = `Usage: npm run import -- <files...> [--batch-size 100|500|1000|2000] [--mode upsert|insert|update] [--hold-for-review]

Imports .xlsx, .xls, .csv (or Outscraper .json) files into the database at DATABASE_URL or, when it
is not set, into the embedded database of the running \`npm start\` (same DATA_DIR).
  --batch-size  rows per transaction (default 500)
  --mode        upsert: insert new place_ids and update existing ones (default)
                insert: insert new place_ids only, skip existing ones
                update: update existing place_ids only, skip rows with no match
  --hold-for-review
                new businesses are not approved: visitors see them once an admin
                approves them (default: publish); updated ones keep their approval`;

export class ImportArgsError extends Error {}

export interface ImportArgs {
  files: string[];
  batchSize: BatchSize;
  mode: ImportMode;
  holdForReview: boolean;
  help: boolean;
}

export function parseImportArgs(argv: string[]): ImportArgs {
  const args: ImportArgs = { files: [], batchSize: 500, mode: 'upsert', holdForReview: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next.startsWith('--')) throw new ImportArgsError(`${flag} needs a value.`);
      return next;
    };
    if (flag === '--help' || flag === '-h') args.help = true;
    else if (flag === '--hold-for-review') {
      if (inline !== undefined) throw new ImportArgsError('--hold-for-review takes no value.');
      args.holdForReview = true;
    }
    else if (flag === '--batch-size') {
      const size = Number(value());
      if (!(BATCH_SIZES as readonly number[]).includes(size)) throw new ImportArgsError(`--batch-size must be one of ${BATCH_SIZES.join(', ')}.`);
      args.batchSize = size as BatchSize;
    } else if (flag === '--mode') {
      const mode = value();
      if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw new ImportArgsError(`--mode must be one of ${IMPORT_MODES.join(', ')}.`);
      args.mode = mode as ImportMode;
    } else if (flag.startsWith('--')) throw new ImportArgsError(`Unknown option ${flag}.`);
    else args.files.push(arg);
  }
  if (!args.help && args.files.length === 0) throw new ImportArgsError('Name at least one file to import.');
  return args;
}
