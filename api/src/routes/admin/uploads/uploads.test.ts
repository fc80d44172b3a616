import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, test } from 'vitest';
import WebSocket from 'ws';
import { startTestApi, type TestApi } from '../../../test/api-harness.ts';
import { EXPORT_HEADER, exportRows } from '../../../services/import/testing/export-rows.ts';
import { csvText, writeXls, type Cell } from '../../../services/import/testing/spreadsheet-writers.ts';
import { IMPORT_PROGRESS_PATH, SIGNED_OUT_CLOSE_CODE } from './import-progress.socket.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');

let api: TestApi & { close(): Promise<void> };
let cookie: string;
let tmp: string;

beforeAll(async () => {
  // A temporary directory of this file's own, so the leftover checks see only this file's uploads.
  tmp = await mkdtemp(path.join(os.tmpdir(), 'uploads-test-'));
  process.env.TMPDIR = tmp;
  api = await startTestApi();
  cookie = await api.signIn();
});
afterAll(async () => {
  await api.close();
  await rm(tmp, { recursive: true, force: true });
});

function form(fileName: string, content: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([content]), fileName);
  return body;
}

function upload(path: string, body: FormData | ReadableStream, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { origin: api.origin, cookie, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function leftoverUploads(): Promise<string[]> {
  return (await readdir(tmp)).filter((name) => name.startsWith('directory-upload-'));
}

const small = (rows: Cell[][]) => csvText([['name', 'place_id', 'city', 'country_code'], ...rows]);

const TOO_MANY_FILES = {
  error: 'too_many_files',
  message: 'Send one file per request (the batch upload sends each file in its own request with fileIndex and totalFiles).',
};

async function countRows(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(sql, params);
  return rows[0].n;
}

/** Posts two file parts; answers with what the request changed in the database. */
async function uploadTwoFiles(route: string, secondField: string, placeIds: [string, string]) {
  const reportsBefore = await countRows('SELECT count(*)::int AS n FROM upload_reports');
  const body = new FormData();
  body.append('batchSize', '100');
  body.append('fileIndex', '1');
  body.append('totalFiles', '2');
  body.append('file', new Blob([small([['First', placeIds[0], 'Oslo', 'NO']])]), 'a.csv');
  body.append(secondField, new Blob([small([['Second', placeIds[1], 'Oslo', 'NO']])]), 'b.csv');
  const response = await upload(route, body);
  return {
    response,
    imported: await countRows('SELECT count(*)::int AS n FROM businesses WHERE place_id = ANY($1)', [placeIds]),
    newReports: (await countRows('SELECT count(*)::int AS n FROM upload_reports')) - reportsBefore,
  };
}

describe('POST /api/upload-excel-batch', () => {
  test('requires an admin session', async () => {
    const response = await api.request('/api/upload-excel-batch', { method: 'POST', headers: { origin: api.origin }, body: form('a.csv', small([['A', 'ChIJ-auth', 'Oslo', 'NO']])) });
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error, 'unauthorized');
  });

  test('imports a file and answers the batch upload result; the report is listed newest first', async () => {
    const name = 'Outscraper-2025_plumber +44 - Sheet1 (2).csv';
    const response = await upload('/api/upload-excel-batch', form(name, csvText([EXPORT_HEADER, ...exportRows(120, 5)]), { batchSize: '100', fileIndex: '1', totalFiles: '2', mode: 'upsert' }));
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.success, true);
    assert.equal(body.totalRows, 120);
    assert.equal(body.successCount, 120);
    assert.equal(body.errorCount, 0);
    assert.equal(body.skippedCount, 0);
    assert.equal(body.columnExtraction.extractedCount, 23);
    assert.equal(body.duplicateAnalysis.newPlaceIdCount, 120);
    assert.equal(body.fileIndex, 1);
    assert.equal(body.totalFiles, 2);
    assert.equal(body.batchSize, 100);
    assert.equal(body.summary.fileName, name);
    for (const key of ['success', 'message', 'totalRows', 'successCount', 'errorCount', 'skippedCount', 'errors', 'skippedBusinesses', 'columnExtraction', 'duplicateAnalysis']) {
      assert.ok(key in body, key);
    }

    const second = await upload('/api/upload-excel-batch', form('second.csv', small([['Second', 'ChIJ-second', 'Oslo', 'NO']])));
    assert.equal(second.status, 200);
    const list = await api.request('/api/admin/upload-reports?limit=2', { headers: { cookie } });
    assert.equal(list.status, 200);
    const reports = await list.json();
    assert.deepEqual(reports.reports.map((r: { fileName: string }) => r.fileName), ['second.csv', name]);
    // Each item is the spec's stored report, at the top level.
    const stored = reports.reports[1];
    assert.equal(stored.successCount, 120);
    assert.equal(stored.success, true);
    assert.match(stored.timestamp, /^\d{4}-\d{2}-\d{2}T/);
    assert.equal(stored.summary.fileName, name);
    assert.equal(stored.summary.totalRecords, 120);
    assert.equal(typeof stored.results.updateRate, 'number');
    assert.equal(stored.duplicateAnalysis.newPlaceIdCount, 120);
    assert.equal(stored.report, undefined);
    assert.equal(reports.pagination.limit, 2);
    assert.ok(reports.pagination.total >= 2);
    assert.deepEqual(await leftoverUploads(), []);
  });

  test('clear 4xx JSON errors: bad batch size, no file, not multipart, file without a name column', async () => {
    const badSize = await upload('/api/upload-excel-batch', form('a.csv', small([['A', 'ChIJ-x', 'Oslo', 'NO']]), { batchSize: '300' }));
    assert.equal(badSize.status, 400);
    assert.match((await badSize.json()).message, /batchSize.*100, 500, 1000 or 2000/);

    const noFile = new FormData();
    noFile.append('batchSize', '500');
    const missing = await upload('/api/upload-excel-batch', noFile);
    assert.equal(missing.status, 400);
    assert.match((await missing.json()).message, /No file was uploaded/);

    const json = await api.request('/api/upload-excel-batch', { method: 'POST', headers: { origin: api.origin, cookie, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 415);

    const nameless = await upload('/api/upload-excel-batch', form('contacts.csv', 'email,phone\na@b.c,1\n'));
    assert.equal(nameless.status, 422);
    const body = await nameless.json();
    assert.equal(body.error, 'missing_columns');
    assert.match(body.message, /contacts\.csv: The file has no business name column/);
    assert.equal(body.success, false);
    assert.deepEqual(await leftoverUploads(), []);
  });

  test('a truncated .xls answers 422 with a plain message (no JavaScript error text)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'xls-upload-test-'));
    try {
      const whole = path.join(dir, 'whole.xls');
      await writeXls(whole, [{ name: 'S', rows: [EXPORT_HEADER, ...exportRows(300, 12)] }]);
      const bytes = await readFile(whole);
      for (const size of [20_000, Math.floor(bytes.length / 2)]) {
        const body = new FormData();
        body.append('file', new Blob([bytes.subarray(0, size)]), 'listings.xls');
        const response = await upload('/api/upload-excel-batch', body);
        assert.equal(response.status, 422, `cut at ${size}`);
        const answer = await response.json();
        assert.equal(answer.error, 'malformed');
        assert.match(answer.message, /The \.xls file is damaged or truncated; save it again from Excel and upload it once more\./);
        assert.doesNotMatch(answer.message, /Cannot|undefined|of null|properties/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    assert.deepEqual(await leftoverUploads(), []);
  });

  test('a file over 150 MB is refused while streaming with the spec message, and nothing is left behind', async () => {
    const boundary = '----limit-test';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\nname,place_id\n`);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const total = 151;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent < total) {
          controller.enqueue(chunk);
          sent++;
        } else {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const response = await upload('/api/upload-excel-batch', stream, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { error: 'too_large', title: 'Dosya çok büyük', message: "huge.csv - Maksimum dosya boyutu 150MB'dır" });
    assert.deepEqual(await leftoverUploads(), []);
  });
});

describe('one file per request', () => {
  test('a second file part in the field "file" is refused with 400 too_many_files and nothing is imported', async () => {
    const { response, imported, newReports } = await uploadTwoFiles('/api/upload-excel-batch', 'file', ['ChIJ-two-a', 'ChIJ-two-b']);
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), TOO_MANY_FILES);
    assert.equal(imported, 0);
    assert.equal(newReports, 0);
    assert.deepEqual(await leftoverUploads(), []);
  });

  test('a second file part in any other field is refused too, on /api/upload-excel as well', async () => {
    for (const route of ['/api/upload-excel', '/api/upload-excel-batch']) {
      const { response, imported, newReports } = await uploadTwoFiles(route, 'attachment', ['ChIJ-other-a', 'ChIJ-other-b']);
      assert.equal(response.status, 400, route);
      assert.deepEqual(await response.json(), TOO_MANY_FILES, route);
      assert.equal(imported, 0, route);
      assert.equal(newReports, 0, route);
    }
    // The other field first, then "file": still two files.
    const body = new FormData();
    body.append('attachment', new Blob(['x']), 'notes.txt');
    body.append('file', new Blob([small([['Third', 'ChIJ-other-c', 'Oslo', 'NO']])]), 'c.csv');
    const response = await upload('/api/upload-excel', body);
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error, 'too_many_files');
    assert.equal(await countRows('SELECT count(*)::int AS n FROM businesses WHERE place_id = $1', ['ChIJ-other-c']), 0);
    assert.deepEqual(await leftoverUploads(), []);
  });

  test('a large first file followed by a still-streaming second file: answered at once, temp file removed', async () => {
    const boundary = '----two-files';
    const part = (name: string, fileName: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`);
    const rows = Buffer.from(csvText([EXPORT_HEADER, ...exportRows(2000, 11)]));
    const chunk = Buffer.alloc(256 * 1024, 'a');
    let step = 0;
    const stream = new ReadableStream({
      async pull(controller) {
        if (step === 0) controller.enqueue(Buffer.concat([part('file', 'big.csv'), rows, Buffer.from('\r\n'), part('file', 'second.csv')]));
        else if (step < 40) {
          // The second file keeps arriving slowly after the refusal; the server drains it and still answers.
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(chunk);
        } else {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
        step++;
      },
    });
    const response = await api.request('/api/upload-excel-batch', {
      method: 'POST',
      headers: { origin: api.origin, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
      signal: AbortSignal.timeout(60_000),
    } as RequestInit);
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), TOO_MANY_FILES);
    assert.deepEqual(await leftoverUploads(), []);
  });
});

describe('the server\'s own storage fails', () => {
  test('a disk that is full (here: a file-size limit) answers 507 insufficient_storage, keeps nothing, and the server goes on', async () => {
    // The API in a child process whose files may not grow past 256 KB: storing the upload fails with EFBIG,
    // as it would with ENOSPC on a full disk.
    const child = spawn('bash', ['-c', 'ulimit -f 256 && exec "$0" --import tsx "$1"', process.execPath, path.join(import.meta.dirname, '../../../test/api-child.ts')], {
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      const server = JSON.parse(line) as { url: string; origin: string; cookie: string };
      const post = (content: string) => fetch(`${server.url}/api/upload-excel-batch`, {
        method: 'POST',
        headers: { origin: server.origin, cookie: server.cookie },
        body: form('big.csv', content),
      });
      const big = await post(csvText([EXPORT_HEADER, ...exportRows(1500, 41)]));
      assert.equal(big.status, 507);
      const body = await big.json();
      assert.equal(body.error, 'insufficient_storage');
      assert.match(body.message, /^The server has no room to keep the upload for importing; nothing was imported\./);
      assert.deepEqual(await leftoverUploads(), [], 'the partial file is removed');
      // A file under the limit still imports.
      const fine = await post(small([['Still Fine', 'ChIJ-after-full-disk', 'Oslo', 'NO']]));
      assert.equal(fine.status, 200);
      assert.equal((await fine.json()).successCount, 1);
    } finally {
      child.stdin!.end();
      await exited;
    }
  });
});

describe('GET /api/admin/upload-reports paging', () => {
  test('a wrong method on an upload or admin path is a 405 with Allow (signed in; the upload paths also signed out)', async () => {
    for (const [method, path, allow, signedOutToo] of [
      ['GET', '/api/upload-excel-batch', 'POST', true],
      ['PUT', '/api/upload-excel', 'POST', true],
      ['DELETE', '/api/admin/upload-reports', 'GET, HEAD', false],
      ['GET', '/api/admin/login', 'POST', false],
      ['POST', '/api/admin/indexer-status', 'GET, HEAD', false],
    ] as const) {
      const variants: Record<string, string>[] = signedOutToo ? [{ origin: api.origin }, { origin: api.origin, cookie }] : [{ origin: api.origin, cookie }];
      for (const headers of variants) {
        const response = await api.request(path, { method, headers });
        assert.equal(response.status, 405, `${method} ${path} ${'cookie' in headers ? 'signed in' : 'signed out'}`);
        assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
        assert.equal(((await response.json()) as { error: string }).error, 'method_not_allowed');
      }
    }
    // Signed out, an admin path still asks for a sign-in first (it says nothing of what is there).
    assert.equal((await api.request('/api/admin/upload-reports', { method: 'DELETE', headers: { origin: api.origin } })).status, 401);
  });

  test('a bad page or limit names the parameter and what is allowed', async () => {
    const cases: Array<[string, string]> = [
      ['page=abc', 'Invalid query: "page" must be a whole number from 1 to 100,000.'],
      ['page=0', 'Invalid query: "page" must be a whole number from 1 to 100,000.'],
      ['page=1.5', 'Invalid query: "page" must be a whole number from 1 to 100,000.'],
      ['page=', 'Invalid query: "page" must be a whole number from 1 to 100,000.'],
      ['page=100001', 'Invalid query: "page" must be a whole number from 1 to 100,000.'],
      ['limit=abc', 'Invalid query: "limit" must be a whole number from 1 to 100.'],
      ['limit=101', 'Invalid query: "limit" must be a whole number from 1 to 100.'],
      ['limit=-1', 'Invalid query: "limit" must be a whole number from 1 to 100.'],
    ];
    for (const [query, message] of cases) {
      const response = await api.request(`/api/admin/upload-reports?${query}`, { headers: { cookie } });
      assert.equal(response.status, 400, query);
      const body = await response.json();
      assert.equal(body.error, 'bad_request', query);
      assert.equal(body.message, message, query);
    }
    const fine = await api.request('/api/admin/upload-reports?page=2&limit=5', { headers: { cookie } });
    assert.equal(fine.status, 200);
    const { pagination } = await fine.json();
    assert.equal(pagination.page, 2);
    assert.equal(pagination.limit, 5);
  });
});

describe('POST /api/upload-excel', () => {
  test('answers the single-file report', async () => {
    const response = await upload('/api/upload-excel', form('single.csv', small([['Single One', 'ChIJ-single-1', 'Oslo', 'NO'], ['', 'ChIJ-single-2', 'Oslo', 'NO']])));
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.deepEqual(Object.keys(body).sort(), ['errorCount', 'errors', 'message', 'skippedBusinesses', 'skippedCount', 'success', 'successCount', 'totalRows']);
    assert.equal(body.successCount, 1);
    assert.equal(body.errorCount, 1);
    assert.deepEqual(body.errors, ['Row 3: name is missing']);
  });
});

describe('WebSocket progress', () => {
  test('an admin receives JSON progress messages for a running import', async () => {
    const url = `${api.url.replace(/^http/, 'ws')}${IMPORT_PROGRESS_PATH}`;
    const socket = new WebSocket(url, { headers: { cookie, origin: api.origin } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const response = await upload('/api/upload-excel-batch', form('progress.csv', csvText([EXPORT_HEADER, ...exportRows(300, 9)]), { batchSize: '100' }));
    const body = await response.json();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    const mine = messages.filter((m) => m.jobId === body.jobId);
    assert.ok(mine.length >= 3, `got ${mine.length} messages`);
    const last = mine.at(-1)!;
    assert.deepEqual(Object.keys(last).sort(), ['etaSeconds', 'file', 'jobId', 'phase', 'rowsPerSecond', 'rowsRead', 'rowsWritten']);
    assert.equal(last.phase, 'completed');
    assert.equal(last.file, 'progress.csv');
    assert.equal(last.rowsWritten, 300);
    assert.ok(mine.some((m) => m.phase === 'writing'));
  });

  test('an import run by the CLI against the same database shows on the progress socket too', async () => {
    const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}${IMPORT_PROGRESS_PATH}`, { headers: { cookie, origin: api.origin } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cli-progress-'));
    try {
      const file = path.join(dir, 'from-the-cli.csv');
      await writeFile(file, csvText([EXPORT_HEADER, ...exportRows(120, 31)]));
      const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/import.ts'), file, '--batch-size', '100'], {
        env: { ...process.env, DATABASE_URL: api.config.databaseUrl! },
      });
      assert.equal(stderr, '');
      for (let waited = 0; waited < 50 && !messages.some((m) => m.file === 'from-the-cli.csv' && m.phase === 'completed'); waited++) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      socket.close();
      await rm(dir, { recursive: true, force: true });
    }
    const fromCli = messages.filter((m) => m.file === 'from-the-cli.csv');
    assert.ok(fromCli.some((m) => m.phase === 'completed' && m.rowsWritten === 120), JSON.stringify(fromCli));
  });

  test('signing out closes the progress socket (code 4401): a session that ended sees no more imports', async () => {
    const own = await api.signIn();
    const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}${IMPORT_PROGRESS_PATH}`, { headers: { cookie: own, origin: api.origin } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    // Past the second in which a fresh session is not asked again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const signedOut = await api.request('/api/admin/logout', { method: 'POST', headers: { cookie: own, origin: api.origin } });
    assert.equal(signedOut.status, 200);
    // Sign-out ends every session of the admin: the other tests of this file go on with a new one.
    cookie = await api.signIn();
    const response = await upload('/api/upload-excel-batch', form('after-logout.csv', csvText([EXPORT_HEADER, ...exportRows(50, 12)]), { batchSize: '100' }));
    assert.equal(response.status, 200);
    assert.equal(await closed, SIGNED_OUT_CLOSE_CODE);
    assert.deepEqual(messages, [], 'nothing of the import reached the signed-out socket');
  });

  test('without an admin session the upgrade is refused', async () => {
    const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}${IMPORT_PROGRESS_PATH}`, { headers: { origin: api.origin } });
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => undefined);
    });
    socket.terminate();
    assert.equal(status, 401);
  });
});
