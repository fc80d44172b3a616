/**
 * `npm run bench:import [-- --csv-mb 150 --xlsx-rows 200000 --narrow-csv-mb 150 --batch-size 500 --writers 1,2 --prepare-threads 0]`:
 * generates a ~150 MB CSV and a 200,000-row XLSX of Outscraper-shaped rows, a ~150 MB CSV of ~3M
 * three-column rows and a 1 MB CSV (its time is the import's fixed cost), generation time excluded; starts a
 * throwaway embedded PostgreSQL (temp dir, free port), and imports each file end to end (parse, validate, COPY + upsert,
 * outbox triggers) in a child process, printing rows/s and the child's peak RSS. Nothing is left behind.
 * Each line says how many batch writers (connections writing at once) and prepare threads the import used:
 * by default what this machine gets (importWritersForCores, prepareThreadsFor); `--writers 1,2` imports
 * each file once per count, interleaved, to compare; `--prepare-threads N` forces that many.
 * Targets on the 2-core machine: CSV >= 50,000 rows/s, XLSX >= 15,000 rows/s, peak RSS < 400 MB (for
 * every file, whatever its size).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BatchSize } from '../common/api/admin.ts';
import { importFile, importWritersForCores } from '../api/src/services/import/import-file.ts';
import { prepareThreadsForFile } from '../api/src/services/import/parsed-batches.ts';
import { MIN_RANGE_READERS } from '../api/src/services/import/csv-ranges.ts';
import { readBatches } from '../api/src/services/import/read-batches.ts';
import { PAYLOAD_COLUMNS, type EncodedBatch } from '../platform/db/business-writer.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { EXPORT_HEADER, exportRows } from '../api/src/services/import/testing/export-rows.ts';
import { csvCell, writeXlsx, type Cell } from '../api/src/services/import/testing/spreadsheet-writers.ts';
import { createPool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';

const SELF = fileURLToPath(import.meta.url);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} needs a positive number`);
    process.exit(1);
  }
  return value;
}

/** Child mode: import one file and report figures as one JSON line. */
async function runChild(file: string, url: string, batchSize: BatchSize, writers: number, prepareThreads: number | undefined): Promise<void> {
  const pool = createPool(url, { max: writers + 1, applicationName: 'bench-import' });
  const prisma = createPrisma(url, { max: 2 });
  const threads = prepareThreads ?? (await prepareThreadsForFile(file, (await stat(file)).size));
  let peakHeap = 0;
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const { result, status } = await importFile({
    pool, prisma, path: file, fileName: path.basename(file), batchSize, writers, prepareThreads: threads,
    onProgress() {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  await prisma.$disconnect();
  await pool.end();
  console.log(JSON.stringify({
    status, message: result.message, rows: result.totalRows, written: result.successCount, seconds,
    maxRssBytes: process.resourceUsage().maxRSS * 1024, peakHeapBytes: peakHeap, cpuSeconds: (cpu.user + cpu.system) / 1e6,
    writers, prepareThreads: threads,
  }));
}

async function generateCsv(file: string, targetBytes: number, seed = 101): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  let rows = 0;
  let chunk = `${EXPORT_HEADER.join(',')}\n`;
  for (const row of exportRows(10_000_000, seed)) {
    chunk += `${row.map((cell) => csvCell(cell)).join(',')}\n`;
    rows++;
    if (chunk.length > 1 << 20) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
      if (bytes >= targetBytes) break;
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return rows;
}

/**
 * The most rows 150 MB of CSV can hold in practice: place_id, name and city only (~50 bytes a row, ~3M
 * rows, 1% repeated place_ids). Nothing in it is slow to parse; it is the test of memory that grows with
 * the row count (in-file de-duplication).
 */
async function generateNarrowCsv(file: string, targetBytes: number): Promise<number> {
  const out = createWriteStream(file);
  const cities = ['Berlin', 'İstanbul', 'São Paulo', 'Zürich', 'New York', 'Lagos', 'Osaka'];
  let bytes = 0;
  let rows = 0;
  let chunk = 'place_id,name,city\n';
  while (bytes < targetBytes) {
    const id = rows % 100 === 99 ? rows - 50 : rows;
    chunk += `ChIJ${(Math.imul(id, 2654435761) >>> 0).toString(36).padStart(7, '0')}x${id.toString(36).padStart(15, '0')},Business ${rows},${cities[rows % cities.length]}\n`;
    rows++;
    if (chunk.length > 1 << 20) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return rows;
}

async function generateXlsx(file: string, rows: number): Promise<void> {
  const data: Cell[][] = [EXPORT_HEADER, ...exportRows(rows, 202, true)];
  await writeXlsx(file, [{ name: 'Generated by Outscraper ©', rows: data }], { sharedStrings: true });
}

interface ChildRun { status: string; message: string; rows: number; written: number; seconds: number; maxRssBytes: number; peakHeapBytes: number; cpuSeconds: number; writers: number; prepareThreads: number }

function importInChild(file: string, url: string, batchSize: number, writers: number, prepareThreads: number | undefined): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const args = [SELF, '--child', file, url, String(batchSize), String(writers), prepareThreads === undefined ? '' : String(prepareThreads)];
    const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/iprof'] : []), '--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`import child exited with ${code}: ${output}`));
      }
    });
  });
}

/**
 * What the database alone can take: the CSV's rows, already parsed and encoded (not timed), COPYed in the
 * same batches straight into businesses (its indexes and outbox trigger included) and into a table of
 * the same columns without indexes or triggers. The end-to-end figure cannot beat the first.
 */
async function copyCeiling(url: string, file: string, batchSize: number): Promise<string> {
  const batches: EncodedBatch[] = [];
  for await (const message of readBatches({ path: file, batchSize, source: 'bench' })) if (message.type === 'batch') batches.push(message.batch);
  const rows = batches.reduce((sum, batch) => sum + batch.count, 0);
  const pool = createPool(url, { max: 1 });
  const client = await pool.connect();
  const timeInto = async (table: string): Promise<number> => {
    await client.query('CHECKPOINT');
    const started = process.hrtime.bigint();
    for (const batch of batches) {
      await client.query('BEGIN');
      await pipeline(Readable.from([Buffer.from(batch.payload.buffer, batch.payload.byteOffset, batch.payload.byteLength)]), client.query(copyFrom(`COPY ${table} (${PAYLOAD_COLUMNS}) FROM STDIN`)));
      await client.query('COMMIT');
    }
    return rows / (Number(process.hrtime.bigint() - started) / 1e9);
  };
  try {
    await client.query('CREATE TABLE bench_plain (LIKE businesses INCLUDING DEFAULTS)');
    const plain = await timeInto('bench_plain');
    const real = await timeInto('businesses');
    await client.query('DROP TABLE bench_plain; TRUNCATE businesses, slug_redirects; TRUNCATE search_outbox');
    return `COPY ceiling (${rows.toLocaleString('en')} CSV rows pre-encoded, batches of ${batchSize}): into businesses ${Math.round(real).toLocaleString('en')} rows/s; into a table of the same columns without indexes or triggers ${Math.round(plain).toLocaleString('en')} rows/s`;
  } finally {
    client.release();
    await pool.end();
  }
}

async function main(): Promise<void> {
  const csvMb = flag('csv-mb', 150);
  const xlsxRows = flag('xlsx-rows', 200_000);
  const narrowMb = flag('narrow-csv-mb', 150);
  const batchSize = flag('batch-size', 500);
  const writerCounts = listFlag('writers', [importWritersForCores()]);
  const prepareIndex = process.argv.indexOf('--prepare-threads');
  // On a machine with cores to spare the CSVs are also read by range readers (IMPORT_READER_THREADS: not the
  // default, for memory), so one run shows what the setting gains there and what it costs.
  const readers = Math.min(6, os.availableParallelism() - 2);
  const threadCounts: Array<number | undefined> = prepareIndex === -1 ? (readers >= 4 ? [undefined, readers] : [undefined]) : String(process.argv[prepareIndex + 1]).split(',').map(Number);
  if (threadCounts.some((count) => count !== undefined && !(Number.isInteger(count) && count >= 0))) {
    console.error('--prepare-threads needs whole numbers (0 or more), comma-separated');
    process.exit(1);
  }
  const prepareThreads = threadCounts.length === 1 ? threadCounts[0] : undefined;
  const fileIndex = process.argv.indexOf('--files');
  const kinds = fileIndex === -1 ? ['csv', 'xlsx', 'narrow'] : String(process.argv[fileIndex + 1]).split(',');
  if (kinds.some((kind) => !['csv', 'xlsx', 'narrow'].includes(kind))) {
    console.error('--files takes csv, xlsx and narrow, comma-separated');
    process.exit(1);
  }
  const servers = await startThrowawayServers({ name: 'bench-import', database: 'bench' });
  const { dataDir, databaseUrl: url } = servers;
  try {
    console.log(`bench:import on Node ${process.version}, ${os.cpus().length} cores (${os.availableParallelism()} available: ${importWritersForCores()} writer(s) by default), batches of ${batchSize}, writers ${writerCounts.join(' and ')}, prepare threads ${threadCounts.map((count) => count ?? 'by default').join(' and ')}; 1-min load average at the start ${os.loadavg()[0].toFixed(1)}`);

    const csv = path.join(dataDir, 'bench.csv');
    let started = Date.now();
    const csvRows = await generateCsv(csv, csvMb * 1024 * 1024);
    console.log(`generated ${path.basename(csv)}: ${csvRows.toLocaleString('en')} rows, ${mb((await stat(csv)).size)} in ${((Date.now() - started) / 1000).toFixed(1)} s (not timed)`);
    const xlsx = path.join(dataDir, 'bench.xlsx');
    if (kinds.includes('xlsx')) {
      started = Date.now();
      await generateXlsx(xlsx, xlsxRows);
      console.log(`generated ${path.basename(xlsx)}: ${xlsxRows.toLocaleString('en')} rows, ${mb((await stat(xlsx)).size)} in ${((Date.now() - started) / 1000).toFixed(1)} s (not timed)`);
    }

    const narrow = path.join(dataDir, 'narrow.csv');
    if (kinds.includes('narrow')) {
      started = Date.now();
      const narrowRows = await generateNarrowCsv(narrow, narrowMb * 1024 * 1024);
      console.log(`generated ${path.basename(narrow)}: ${narrowRows.toLocaleString('en')} rows, ${mb((await stat(narrow)).size)} in ${((Date.now() - started) / 1000).toFixed(1)} s (not timed)`);
    }

    // A file of the size most uploads are: its time is mostly the import's fixed cost (worker start, job and report).
    const small = path.join(dataDir, 'small.csv');
    const smallRows = await generateCsv(small, 1024 * 1024, 303);

    console.log(await copyCeiling(url, csv, batchSize));
    for (const writers of writerCounts) {
      const smallRun = await importInChild(small, url, batchSize, writers, prepareThreads);
      console.log(`small CSV, ${smallRun.writers} writer(s), ${smallRun.prepareThreads} prepare thread(s): ${smallRun.rows.toLocaleString('en')} rows (${smallRows.toLocaleString('en')} generated) imported in ${smallRun.seconds.toFixed(2)} s, import CPU ${smallRun.cpuSeconds.toFixed(2)} s; ${smallRun.status}`);
    }
    const files = ([['csv', 'CSV', csv, 50_000], ['xlsx', 'XLSX', xlsx, 15_000], ['narrow', 'narrow CSV', narrow, 50_000]] as const).filter(([kind]) => kinds.includes(kind));
    const allRuns = writerCounts.flatMap((writers) => threadCounts.map((threads) => ({ writers, threads })));
    for (const [kind, , file, target] of files) {
      // Range readers read CSVs only: an XLSX is read once, by default.
      const runs = kind === 'xlsx' && prepareIndex === -1 ? allRuns.filter((run) => run.threads === undefined) : allRuns;
      const label = files.find(([other]) => other === kind)![1];
      // Each writer and thread count in turn on the same file (a second run would update nothing: every row
      // is unchanged, so the table is emptied before each and all write the same new rows).
      for (const { writers, threads } of runs) {
        if (runs.length > 1) await emptyBusinesses(url);
        const run = await importInChild(file, url, batchSize, writers, threads);
        const rate = Math.round(run.rows / run.seconds);
        const threadsUsed = run.prepareThreads >= MIN_RANGE_READERS && kind !== 'xlsx' ? `${run.prepareThreads} range readers (IMPORT_READER_THREADS=${run.prepareThreads})` : `${run.prepareThreads} prepare thread(s)`;
        console.log(`${label}, ${run.writers} writer(s), ${threadsUsed}: ${run.rows.toLocaleString('en')} rows (${run.written.toLocaleString('en')} written) in ${run.seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s (target ${target.toLocaleString('en')}), peak RSS ${mb(run.maxRssBytes)} (target < 400 MB), peak heap ${mb(run.peakHeapBytes)}, import process CPU ${run.cpuSeconds.toFixed(1)} s (${Math.round(run.rows / run.cpuSeconds).toLocaleString('en')} rows per CPU-second); 1-min load average at the end ${os.loadavg()[0].toFixed(1)}; ${run.status}`);
        if (run.status !== 'completed') console.log(`  ${run.message}`);
      }
    }
    const countPool = createPool(url, { max: 1 });
    const { rows: [counts] } = await countPool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
    await countPool.end();
    console.log(`businesses in the database: ${counts.n.toLocaleString('en')}`);
  } finally {
    await servers.stop();
  }
}

/** Empties businesses between the runs of one file, so each writer count inserts the same rows. */
async function emptyBusinesses(url: string): Promise<void> {
  const pool = createPool(url, { max: 1 });
  try {
    await pool.query('TRUNCATE businesses, slug_redirects; TRUNCATE search_outbox; CHECKPOINT');
  } finally {
    await pool.end();
  }
}

/** A comma-separated list of positive whole numbers (`--writers 1,2`). */
function listFlag(name: string, fallback: number[]): number[] {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const values = String(process.argv[index + 1]).split(',').map(Number);
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value <= 0)) {
    console.error(`--${name} needs positive whole numbers, comma-separated (e.g. 1,2)`);
    process.exit(1);
  }
  return values;
}

if (process.argv[2] === '--child') {
  await runChild(process.argv[3], process.argv[4], Number(process.argv[5]) as BatchSize, Number(process.argv[6]), process.argv[7] === '' ? undefined : Number(process.argv[7]));
  process.exit(0);
} else {
  await main();
  process.exit(0);
}
