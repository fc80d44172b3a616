/**
 * Scale-out as a deployment runs it (docker-compose, docs/deploying.md): two API processes on two ports
 * and two indexers (one active, one standby), real processes (`node --import tsx api/src/main.ts`,
 * `indexer/src/main.ts`) on one PostgreSQL and one Meilisearch started for this file alone, after the
 * one-shot `scripts/migrate.ts`. A browser behind a balancer may reach either API for any request: what
 * one API is told, the other must show.
 */
import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, test } from 'vitest';
import WebSocket from 'ws';
import { findFreePort } from '../../platform/runtime/ports.ts';
import { startThrowawayServers, type ThrowawayServers } from '../../platform/runtime/throwaway-servers.ts';
import { IMPORT_PROGRESS_PATH } from './routes/admin/uploads/import-progress.socket.ts';
import { cookieHeaderFrom } from './test/api-harness.ts';
import { ensureSiteBuilt } from './test/site-build.ts';
import { waitFor as waitUntil } from '../../indexer/src/test/wait.ts';
import { spawnWatched } from '../../indexer/src/test/spawn-indexer.ts';
import { csvText } from './services/import/testing/spreadsheet-writers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Generous: two APIs, two indexers, PostgreSQL and Meilisearch share two cores with other suites. */
const SLOW_MS = 90_000;
/** The balancer's address: both APIs serve it, so a browser's Origin is the same whichever it reaches. */
const PUBLIC_URL = 'http://directory.scale-out.test';
const ORIGIN = new URL(PUBLIC_URL).origin;
const ADMIN = { username: 'admin', password: 'scale-out admin password' };

interface Child {
  name: string;
  child: ChildProcess;
  output(): string;
  /** IPC messages `{ type: 'indexer-role', role }` in order (indexers only). */
  roles: string[];
  readyCount(): number;
  exited: Promise<number | null>;
  isAlive(): boolean;
}

let servers: ThrowawayServers | null = null;
let db: pg.Client | null = null;
const children: Child[] = [];
const apis: Array<{ url: string; child: Child }> = [];
const indexers: Child[] = [];
let cookie = '';
let childEnv: Record<string, string> = {};

function spawnChild(name: string, entry: string, env: Record<string, string>, args: string[] = []): Child {
  const watched = spawnWatched(entry, env, args);
  const spawned: Child = { name, ...watched, isAlive: () => watched.child.exitCode === null && watched.child.signalCode === null };
  children.push(spawned);
  return spawned;
}

/** The end of every process's output, for failure messages. */
function outputs(): string {
  return children.map((spawned) => `\n--- ${spawned.name} (${spawned.isAlive() ? 'running' : `exited ${spawned.child.exitCode ?? spawned.child.signalCode}`}) ---\n${spawned.output().slice(-3000)}`).join('');
}

/** Polls `check` until it returns a truthy value; on time-out the error carries every process's output. */
function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = SLOW_MS, intervalMs = 200): Promise<T> {
  return waitUntil(what, check, timeoutMs, intervalMs, outputs);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}${outputs()}`);
  return (await response.json()) as T;
}

function csvOf(word: string, count: number): string {
  const rows = Array.from({ length: count }, (_, i) => [`${word} Bakery ${i + 1}`, `ChIJ-${word.toLowerCase()}-${i + 1}`, 'Bakery', 'Oslo', 'NO']);
  return csvText([['name', 'place_id', 'category', 'city', 'country_code'], ...rows]);
}

async function upload(apiUrl: string, fileName: string, content: string): Promise<{ jobId: string; successCount: number }> {
  const body = new FormData();
  body.append('batchSize', '100');
  body.append('file', new Blob([content]), fileName);
  const response = await fetch(`${apiUrl}/api/upload-excel-batch`, { method: 'POST', headers: { cookie, origin: ORIGIN }, body });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return JSON.parse(text) as { jobId: string; successCount: number };
}

async function searchTotal(apiUrl: string, word: string): Promise<number> {
  return (await getJson<{ totalCount: number }>(`${apiUrl}/api/search?q=${encodeURIComponent(word)}`)).totalCount;
}

async function openProgressSocket(apiUrl: string): Promise<{ messages: Array<Record<string, unknown>>; raw: string[]; close(): void }> {
  const socket = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}${IMPORT_PROGRESS_PATH}`, { headers: { cookie, origin: ORIGIN } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const raw: string[] = [];
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => {
    raw.push(String(data));
    messages.push(JSON.parse(String(data)));
  });
  return { messages, raw, close: () => socket.close() };
}

/** Connections LISTENing for relayed import progress (one per API with an admin watching). */
async function progressListeners(): Promise<number> {
  const { rows } = await db!.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'directory-import-progress' AND query ILIKE 'LISTEN%'`,
  );
  return rows[0].n;
}

describe('two APIs and two indexers on one PostgreSQL and one Meilisearch', () => {
  beforeAll(async () => {
    await ensureSiteBuilt();
    servers = await startThrowawayServers({ name: 'scale-out', database: 'directory', meilisearch: true, ephemeral: true });
    db = new pg.Client({ connectionString: servers.databaseUrl });
    await db.connect();
    const env = (childEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: servers.databaseUrl,
      MEILI_URL: servers.meili!.url,
      MEILI_MASTER_KEY: servers.meiliMasterKey,
      MEILI_INDEX_PREFIX: `s${randomBytes(3).toString('hex')}_`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      // Part of the operations work adds metrics listeners: none here, so two processes never collide on a port.
      METRICS_PORT: '0',
      INDEXER_METRICS_PORT: '0',
    });
    // The deployment's one-shot step: migrations (already applied: a no-op) and the admin account.
    const migrated = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: ROOT, env, timeout: SLOW_MS });
    assert.match(migrated.stdout, /created admin 'admin'/);

    for (const name of ['indexer 1', 'indexer 2']) indexers.push(spawnChild(name, 'indexer/src/main.ts', env));
    for (const name of ['api A', 'api B']) {
      const port = await findFreePort();
      apis.push({ url: `http://127.0.0.1:${port}`, child: spawnChild(name, 'api/src/main.ts', { ...env, HOST: '127.0.0.1', PORT: String(port) }) });
    }
    await waitFor('one indexer active and the other standing by', async () =>
      indexers.filter((indexer) => indexer.readyCount() > 0).length === 1 && indexers.filter((indexer) => indexer.roles.at(-1) === 'standby').length === 1);
    for (const api of apis) {
      await waitFor(`${api.child.name} to be ready`, async () => {
        if (!api.child.isAlive()) throw new Error(`${api.child.name} exited`);
        return (await fetch(`${api.url}/readyz`)).status === 200;
      });
    }
    // Signed in on A; the cookie is signed with the shared SESSION_SECRET and holds no server-side state,
    // so B honours it too (no sticky sessions).
    const login = await fetch(`${apis[0].url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(ADMIN),
    });
    assert.equal(login.status, 200, await login.clone().text());
    cookie = cookieHeaderFrom(login);
    assert.ok(cookie, 'the sign-in set a session cookie');
  }, 300_000);

  afterAll(async () => {
    // Even after a failure: nothing may outlive the file.
    for (const spawned of children) if (spawned.isAlive()) spawned.child.kill('SIGKILL');
    await Promise.all(children.map((spawned) => spawned.exited));
    await db?.end().catch(() => undefined);
    await servers?.stop();
  });

  test('an upload through A is in B\'s public search and list within the usual lag', async () => {
    const [a, b] = apis;
    // B has answered (and cached) these before the upload: the cache must follow the new data.
    assert.equal(await searchTotal(b.url, 'Quokkaville'), 0);
    const before = (await getJson<{ totalCount: number }>(`${b.url}/api/businesses?page=1`)).totalCount;
    const result = await upload(a.url, 'quokkaville.csv', csvOf('Quokkaville', 250));
    assert.equal(result.successCount, 250);
    await waitFor('the upload in B\'s search', async () => (await searchTotal(b.url, 'Quokkaville')) === 250);
    await waitFor('the upload in B\'s business list', async () => (await getJson<{ totalCount: number }>(`${b.url}/api/businesses?page=1`)).totalCount === before + 250);
  });

  test('the progress socket works on whichever API the browser reaches: an upload through A shows on B\'s socket, and on A\'s once per message', async () => {
    const [a, b] = apis;
    const onA = await openProgressSocket(a.url);
    const onB = await openProgressSocket(b.url);
    try {
      // Each API LISTENs for relayed progress while an admin watches it.
      await waitFor('both APIs listening for relayed progress', async () => (await progressListeners()) >= 2);
      const { jobId } = await upload(a.url, 'wallaby.csv', csvOf('Wallaby', 300));
      const completed = (socket: { messages: Array<Record<string, unknown>> }) => socket.messages.some((m) => m.jobId === jobId && m.phase === 'completed');
      await waitFor('the completed message on both sockets', async () => completed(onA) && completed(onB));

      const onBMine = onB.messages.filter((m) => m.jobId === jobId);
      assert.deepEqual(
        onBMine.filter((m) => m.phase === 'completed').map((m) => ({ file: m.file, rowsWritten: m.rowsWritten })),
        [{ file: 'wallaby.csv', rowsWritten: 300 }],
        'B\'s socket saw the upload A imported, to its end, once',
      );
      const written = onBMine.map((m) => m.rowsWritten as number);
      assert.deepEqual(written, [...written].sort((x, y) => x - y), 'in order');

      const onAMine = onA.raw.filter((text) => JSON.parse(text).jobId === jobId);
      assert.ok(onAMine.length >= 3, `A's socket saw the import's progress (${onAMine.length} messages)`);
      assert.equal(new Set(onAMine).size, onAMine.length, `no message twice on A's socket:\n${onAMine.join('\n')}`);
      assert.equal(onA.messages.filter((m) => m.jobId === jobId && m.phase === 'completed').length, 1);
    } finally {
      onA.close();
      onB.close();
    }
  });

  test('a site-settings change through A purges B\'s cache: B\'s next answer and page carry the new value', async () => {
    const [a, b] = apis;
    const save = async (value: string) => {
      const response = await fetch(`${a.url}/api/admin/site-settings`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ head_tags: `<meta name="scale-out-check" content="${value}">` }),
      });
      assert.equal(response.status, 200, await response.text());
    };
    const bSettings = async () => (await getJson<{ head_tags: string }>(`${b.url}/api/site-settings`)).head_tags;
    const bPage = async () => {
      const response = await fetch(`${b.url}/`);
      assert.equal(response.status, 200);
      return response.text();
    };
    await save('first');
    await waitFor('B to show the first value', async () => (await bSettings()).includes('"first"') && (await bPage()).includes('content="first"'));
    // B holds this answer in its cache now: the next save, taken by A, must reach it.
    assert.match(await bSettings(), /"first"/);

    await save('second');
    await waitFor('B\'s answer to carry the new value', async () => (await bSettings()).includes('"second"'));
    await waitFor('B\'s page to carry the new value', async () => {
      const html = await bPage();
      return html.includes('content="second"') && !html.includes('content="first"');
    });
  });

  test('kill -9 of the active indexer: the standby takes over and a change made after the kill reaches search', async () => {
    const [a, b] = apis;
    const active = indexers.find((indexer) => indexer.readyCount() > 0)!;
    const standby = indexers.find((indexer) => indexer !== active)!;
    assert.equal(standby.readyCount(), 0);
    assert.equal(standby.roles.at(-1), 'standby');

    active.child.kill('SIGKILL');
    await active.exited;
    await waitFor('the standby to take over', async () => standby.readyCount() > 0 && standby.roles.at(-1) === 'leader');

    // Through B this time, read through A.
    const result = await upload(b.url, 'numbat.csv', csvOf('Numbat', 120));
    assert.equal(result.successCount, 120);
    await waitFor('the change made after the kill in A\'s search', async () => (await searchTotal(a.url, 'Numbat')) === 120);

    // Nothing lost: the indexer's own check compares PostgreSQL and Meilisearch.
    const verify = spawnChild('indexer --verify', 'indexer/src/main.ts', childEnv, ['--verify']);
    assert.equal(await verify.exited, 0, verify.output());
    assert.match(verify.output(), /OK: Meilisearch matches PostgreSQL/);
  });
});
