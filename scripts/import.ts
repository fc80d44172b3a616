/**
 * `npm run import -- <files...> [--batch-size 100|500|1000|2000] [--mode upsert|insert|update] [--hold-for-review]`: the same
 * pipeline as the admin upload (api/src/services/import), against DATABASE_URL or, when it is not set,
 * the embedded PostgreSQL that `npm start` runs. Prints live progress and each file's report summary;
 * exits 1 when any file failed.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { importFile, importWritersForCores } from '../api/src/services/import/import-file.ts';
import { MIN_RANGE_READERS } from '../api/src/services/import/csv-ranges.ts';
import { prepareThreadsForFile } from '../api/src/services/import/parsed-batches.ts';
import { MAX_UPLOAD_BYTES } from '../api/src/routes/admin/uploads/receive-upload.ts';
import { IMPORT_USAGE, ImportArgsError, parseImportArgs } from '../api/src/services/import/parse-import-args.ts';
import { relayProgress } from '../api/src/services/import/progress-relay.ts';
import { loadConfigOrExit, type Config } from '../platform/config.ts';
import { createPool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { findRunningStart, StartNotRunningError } from '../platform/runtime/running-start.ts';


const START_FIRST = 'Run `npm start` first (and leave it running), or set DATABASE_URL to the PostgreSQL database to import into.';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseImportArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof ImportArgsError) fail(`${error.message}\n\n${IMPORT_USAGE}`);
  throw error;
}
if (args.help) {
  console.log(IMPORT_USAGE);
  process.exit(0);
}
for (const file of args.files) {
  if (!existsSync(file)) fail(`File not found: ${file}`);
  if (!statSync(file).isFile()) fail(`Not a file: ${file}`);
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL of `npm start`, so the CLI needs no setting next to it. */
async function resolveDatabase(config: Config): Promise<{ url: string; isEmbedded: boolean }> {
  if (config.databaseUrl) return { url: config.databaseUrl, isEmbedded: false };
  try {
    const running = await findRunningStart(config, { unset: 'DATABASE_URL is not set', startFirst: START_FIRST });
    console.log(`Importing into the embedded database of \`npm start\` (${running.where}); set DATABASE_URL to choose another.`);
    return { url: running.databaseUrl, isEmbedded: true };
  } catch (error) {
    if (error instanceof StartNotRunningError) fail(error.message);
    throw error;
  }
}

const config = loadConfigOrExit();
const database = await resolveDatabase(config);

// Room for as many batch writers as this machine's cores call for (import-file.ts, importWritersFor).
const pool = createPool(database.url, { max: 2 * importWritersForCores(), applicationName: 'directory-import' });
const prisma = createPrisma(database.url, { max: 2 });
let failed = 0;
let relayed = Promise.resolve();
try {
  const { rows } = await pool.query<{ table: string | null }>(`SELECT to_regclass('import_jobs')::text AS table`).catch((error: Error) => {
    if (!database.isEmbedded) throw error;
    // Something else holds the port, or `npm start` runs from another DATA_DIR (other secrets).
    return fail(`The embedded database of \`npm start\` on 127.0.0.1:${config.embeddedPgPort} did not accept the connection (${error.message}). ${START_FIRST}`);
  });
  if (!rows[0].table) fail('The database has no import tables yet: run `npm run migrate` first (or `npm start`).');
  for (const [index, file] of args.files.entries()) {
    const fileName = path.basename(file);
    // The upload's limit, with its message: a file the admin panel refuses is refused here too.
    if (statSync(file).size > MAX_UPLOAD_BYTES) {
      console.log(`[${index + 1}/${args.files.length}] Dosya çok büyük: ${fileName} - Maksimum dosya boyutu 150MB'dır (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB; split it into smaller files). Skipped.`);
      failed++;
      continue;
    }
    // Chosen here, as the import would, so the line can say how the file is read.
    const prepareThreads = await prepareThreadsForFile(file, statSync(file).size, { readerThreads: config.importReaderThreads });
    const reading = prepareThreads >= MIN_RANGE_READERS ? `, read by ${prepareThreads} range readers (IMPORT_READER_THREADS)` : prepareThreads === 1 ? ', 1 prepare thread' : '';
    console.log(`[${index + 1}/${args.files.length}] ${fileName} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, mode ${args.mode}, batches of ${args.batchSize}${reading}${args.holdForReview ? ', new businesses held for review' : ''})`);
    let last = 0;
    const { result, status, jobId } = await importFile({
      pool, prisma, path: file, fileName, mode: args.mode, batchSize: args.batchSize, holdForReview: args.holdForReview, kind: 'cli', prepareThreads,
      onProgress(progress) {
        // Admins watching the progress socket of `npm start` see this import too (in order, all sent before exit).
        relayed = relayed.then(() => relayProgress(pool, progress));
        const now = Date.now();
        if (now - last < 2000 && progress.phase !== 'completed' && progress.phase !== 'failed') return;
        last = now;
        const eta = progress.etaSeconds === null ? '' : `, ETA ${progress.etaSeconds}s`;
        console.log(`  ${progress.phase}: ${progress.rowsRead.toLocaleString('en')} read, ${progress.rowsWritten.toLocaleString('en')} written, ${progress.rowsPerSecond.toLocaleString('en')} rows/s${eta}`);
      },
    });
    console.log(`  ${status === 'completed' ? 'done' : 'FAILED'}: ${result.message}`);
    console.log(`  rows ${result.totalRows}, imported ${result.successCount} (new ${result.results.inserted}, updated ${result.results.updated}, unchanged ${result.results.unchanged}), skipped ${result.skippedCount}, rejected ${result.errorCount}`);
    console.log(`  columns ${result.columnExtraction.extractedCount}/23${result.columnExtraction.missing.length ? ` (missing: ${result.columnExtraction.missing.join(', ')})` : ''}`);
    const d = result.duplicateAnalysis;
    // Rows without a place_id are matched by name, address and phone: the message above says how many.
    const withoutPlaceId = d.recordsWithPlaceId < result.successCount ? '; rows without a place_id: see above' : '';
    console.log(`  duplicates: ${d.excelDuplicateCount} in the file, ${d.databaseDuplicateCount} place_ids already in the database, ${d.newPlaceIdCount} new${withoutPlaceId}; job ${jobId}`);
    for (const line of result.errors.slice(0, 5)) console.log(`    ${line}`);
    if (result.errors.length > 5) console.log(`    ... and ${result.errorCount - 5} more`);
    if (status !== 'completed') failed++;
  }
} catch (error) {
  fail(`import failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await relayed;
  await prisma.$disconnect();
  await pool.end();
}
process.exit(failed ? 1 : 0);
