/**
 * The admin CSV export against PostgreSQL's own speed: `measureAdminExport` downloads all 27 fields of
 * every business through the running API (GET /api/admin/export-csv, read to its end) and, in the same
 * run, times a raw `COPY (SELECT * FROM businesses) TO STDOUT WITH CSV` of the same rows into a sink.
 * It reports both rates, their ratio (target >= 0.5 at 1,000,000 rows) and the API process's peak
 * resident memory (VmHWM, target < 300 MB: the export streams, it never holds the file).
 *
 * CLI: `tsx bench/admin-export.ts --count N` starts throwaway servers, seeds N demo businesses, starts
 * the API process (api/src/main.ts), measures, and removes everything. bench/admin.bench.ts calls
 * `measureAdminExport` with its own servers and API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { to as copyTo } from 'pg-copy-streams';
import { EXPORT_FIELDS } from '../common/api/admin.ts';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { createPrisma } from '../platform/db/prisma.ts';
import { setLogLevel } from '../platform/log.ts';
import { findFreePort } from '../platform/runtime/ports.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { seedDemoData } from '../prisma/seed/seed-demo-data.ts';
import { businessCsvStatement } from '../api/src/repositories/business-exports.ts';
import { ensureAdminUser } from '../api/src/services/auth/ensure-admin-user.ts';
import { benchEnv, stopChild, waitForHttp } from './support.ts';

export interface AdminExportMeasurement {
  rows: number;
  bytes: number;
  exportSeconds: number;
  exportRowsPerSecond: number;
  rawCopySeconds: number;
  rawCopyRowsPerSecond: number;
  /** The export's COPY statement run raw (no HTTP, no Node in between). */
  statementSeconds: number;
  /** export rows/s divided by raw COPY rows/s. */
  ratio: number;
  /** The API process's peak resident set (VmHWM), when its pid is known (Linux). */
  apiPeakRssMb: number | null;
}

export interface MeasureAdminExportOptions {
  pool: Pool;
  /** The API's base URL, e.g. http://127.0.0.1:3001 */
  apiUrl: string;
  /** A Cookie header of a signed-in admin. */
  cookie: string;
  /** The API process, for its peak RSS. */
  apiPid?: number;
}

/** A sink that counts bytes and lets them go. */
function countingSink(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      sink.bytes += chunk.length;
      callback();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

async function peakRssMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export async function measureAdminExport(options: MeasureAdminExportOptions): Promise<AdminExportMeasurement> {
  const rows = (await options.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;

  // Raw COPY first and the export second, then raw COPY again: the better raw time is the reference,
  // so a cold cache cannot flatter the export.
  const timeCopy = async (statement: string) => {
    const client = await options.pool.connect();
    try {
      const started = performance.now();
      await pipeline(client.query(copyTo(statement)), countingSink());
      return (performance.now() - started) / 1000;
    } finally {
      client.release();
    }
  };
  const rawCopy = () => timeCopy('COPY (SELECT * FROM businesses) TO STDOUT WITH (FORMAT csv, HEADER true)');
  const firstRaw = await rawCopy();
  // The export's own statement straight from PostgreSQL: what its SQL (formula rule, ISO dates) costs.
  const statementSeconds = await timeCopy(businessCsvStatement({ columns: EXPORT_FIELDS.map((field) => ({ header: field, column: field })), approval: 'all' }));
  // One small export first, so the measured one does not pay for the route's first run.
  await (await fetch(`${options.apiUrl}/api/admin/export-csv?fields=id&countryCode=AQ`, { headers: { cookie: options.cookie } })).text();

  const started = performance.now();
  const response = await fetch(`${options.apiUrl}/api/admin/export-csv?fields=${EXPORT_FIELDS.join(',')}`, { headers: { cookie: options.cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  const exportSeconds = (performance.now() - started) / 1000;

  const rawCopySeconds = Math.min(firstRaw, await rawCopy());
  const exportRowsPerSecond = rows / exportSeconds;
  const rawCopyRowsPerSecond = rows / rawCopySeconds;
  return {
    rows,
    bytes,
    exportSeconds,
    exportRowsPerSecond,
    rawCopySeconds,
    rawCopyRowsPerSecond,
    statementSeconds,
    ratio: exportRowsPerSecond / rawCopyRowsPerSecond,
    apiPeakRssMb: await peakRssMb(options.apiPid),
  };
}

export function formatAdminExport(result: AdminExportMeasurement): string {
  const rate = (value: number) => `${Math.round(value).toLocaleString('en')} rows/s`;
  return [
    `export     ${result.rows.toLocaleString('en')} rows, 27 fields, ${(result.bytes / 1e6).toFixed(1)} MB in ${result.exportSeconds.toFixed(2)} s: ${rate(result.exportRowsPerSecond)}`,
    `raw COPY   ${result.rawCopySeconds.toFixed(2)} s: ${rate(result.rawCopyRowsPerSecond)} (SELECT * FROM businesses)`,
    `statement  ${result.statementSeconds.toFixed(2)} s: ${rate(result.rows / result.statementSeconds)} (the export's own COPY, raw)`,
    `ratio      ${result.ratio.toFixed(2)}x of raw COPY (target >= 0.5x at 1M rows)`,
    `API peak   ${result.apiPeakRssMb === null ? 'unknown' : `${result.apiPeakRssMb.toFixed(0)} MB RSS`} (target < 300 MB)`,
  ].join('\n');
}



async function main(): Promise<void> {
  const { values: args } = parseArgs({ options: { count: { type: 'string', default: '5000' } } });
  const count = Number(args.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  setLogLevel('warn');
  const root = path.resolve(import.meta.dirname, '..');
  const servers = await startThrowawayServers({ name: 'bench-export', database: 'bench', meilisearch: true, ephemeral: true });
  const pool = createPool(servers.databaseUrl, { max: 4, applicationName: 'bench-export' });
  const prisma = createPrisma(servers.databaseUrl, { max: 2 });
  let api: ChildProcess | null = null;
  try {
    console.log(`bench:admin-export  ${count.toLocaleString('en')} businesses (Node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model})`);
    const seeded = await seedDemoData({ pool, count });
    console.log(`seeded     ${seeded.rows.toLocaleString('en')} rows in ${seeded.seconds.toFixed(1)} s`);
    await pool.query('VACUUM ANALYZE businesses');
    const admin = { username: 'bench-admin', password: 'bench password 1234' };
    await ensureAdminUser({ prisma, ...admin });
    const port = await findFreePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/main.ts')], {
      cwd: root,
      // The indexer is not started: the export reads PostgreSQL only.
      env: { ...process.env, ...benchEnv(servers), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: apiUrl, ALLOWED_ORIGINS: apiUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHttp(`${apiUrl}/healthz`);
    const login = await fetch(`${apiUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: apiUrl }, body: JSON.stringify(admin) });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    console.log(formatAdminExport(await measureAdminExport({ pool, apiUrl, cookie, apiPid: api.pid })));
  } finally {
    await stopChild(api);
    await Promise.allSettled([pool.end(), prisma.$disconnect()]);
    await servers.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
