/**
 * The fault suite: `npm start` (the real supervisor, scripts/start.ts) on a data directory and ports of
 * its own, whose embedded servers are then killed (-9) and frozen (SIGSTOP) as a crash or a stuck disk
 * would: the site answers 503 while a server is down, the supervisor restarts it, the api and indexer
 * reconnect by themselves, and nothing is lost (`npm run indexer -- --verify` is clean). Killing these
 * servers disturbs no other test file: they are this file's alone.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { findFreePort } from '../platform/runtime/ports.ts';
import { processesIn, processGroupMembers } from '../platform/runtime/processes.ts';
import { ensureFrontendBuild } from '../frontend/server/build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'fault suite password 27';
/** Generous: the machine is shared and loaded; every wait polls for a condition and ends early. */
const RECOVERY_MS = 60_000;
/** How long a request may take to be answered while PostgreSQL is frozen (part of issue 27: a fast 503, not a hang). */
const FROZEN_ANSWER_MS = 15_000;

interface Start {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let dataDir: string;
let env: Record<string, string>;
let start: Start | null = null;
let base: string;
let cookie = '';
let business: { id: number; name: string };

function runStart(): Start {
  let output = '';
  // Its own process group (as a terminal runs it): afterAll can end the api and indexer with it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    // Readable lines ('[start] stopped'): what an operator at a terminal sees, and what these tests match.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(run: Start, pattern: RegExp, timeoutMs: number, from = 0): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().slice(from).match(pattern);
    if (match) return match[0];
    if (run.child.exitCode !== null) break;
    await sleep(200);
  }
  throw new Error(`did not see ${pattern} within ${timeoutMs} ms; output:\n${run.output()}`);
}

async function waitUntil(what: string, condition: () => Promise<boolean>, timeoutMs = RECOVERY_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms; npm start said:\n${start?.output().slice(-4000)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every PostgreSQL process of this data directory: the postmaster and its backends work in it. */
const postgresProcesses = () => processesIn(path.join(dataDir, 'postgres'));

/** The postmaster's pid, from its postmaster.pid. */
async function postmasterPid(): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** The pids of the postgres and meilisearch processes started on this data directory. */
async function serverPids(kind: 'postgres' | 'meilisearch' | 'any' = 'any'): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!commandLine.includes(dataDir)) continue;
    if (kind === 'any' ? /postgres|meilisearch/.test(commandLine) : commandLine.includes(kind === 'postgres' ? 'bin/postgres' : '--db-path')) pids.push(Number(entry));
  }
  return pids;
}

async function meilisearchPid(): Promise<number> {
  const [pid] = await serverPids('meilisearch');
  assert.ok(pid, 'Meilisearch runs');
  return pid;
}

function request(pathname: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  return fetch(`${base}${pathname}`, { ...init, headers: { cookie, ...init.headers }, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
}

function renameBusiness(name: string, timeoutMs?: number): Promise<Response> {
  return request(`/api/admin/businesses/${business.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }), timeoutMs });
}

/** Meilisearch answers a search for `name` with our business (straight from it: no cache in between). */
async function isSearchable(name: string): Promise<boolean> {
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { meiliMasterKey: string };
  const response = await fetch(`http://127.0.0.1:${env.EMBEDDED_MEILI_PORT}/indexes/directory_businesses/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secrets.meiliMasterKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ q: `"${name}"`, limit: 5 }),
  });
  if (!response.ok) return false;
  const { hits } = (await response.json()) as { hits: Array<{ id: number; name: string }> };
  return hits.some((hit) => hit.id === business.id && hit.name === name);
}

interface Probe {
  send: (attempt: number) => Promise<Response>;
  upStatus: number;
}

/** An answer while a server is down: '503' when it is a proper one (no-store, Retry-After), else what it was. */
async function describeAnswer(answer: Promise<Response>): Promise<string> {
  const response = await answer.catch(() => null);
  if (!response) return 'no answer';
  await response.arrayBuffer().catch(() => undefined);
  if (response.status !== 503) return String(response.status);
  const missing = [
    /no-store/.test(response.headers.get('cache-control') ?? '') ? null : `Cache-Control: no-store (was ${response.headers.get('cache-control')})`,
    response.headers.get('retry-after') ? null : 'Retry-After',
  ].filter(Boolean);
  return missing.length ? `503 without ${missing.join(' and ')}` : '503';
}

/** `rounds` answers of each probe while the server is down (the supervisor held, so it stays down). */
async function answersWhileDown(probes: Record<string, Probe>, rounds = 3): Promise<Record<string, string[]>> {
  const seen: Record<string, string[]> = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    await Promise.all(Object.entries(probes).map(async ([name, probe]) => seen[name].push(await describeAnswer(probe.send(round)))));
  }
  return seen;
}

/** Polls every probe until each answers its `upStatus`: the site recovered by itself. */
async function waitUntilUp(probes: Record<string, Probe>): Promise<void> {
  const pending = new Set(Object.keys(probes));
  const last: Record<string, string> = {};
  const deadline = Date.now() + RECOVERY_MS;
  for (let attempt = 100; pending.size > 0; attempt++) {
    if (Date.now() > deadline) throw new Error(`no recovery within ${RECOVERY_MS} ms: ${JSON.stringify(last)}; npm start said:\n${start?.output().slice(-4000)}`);
    await Promise.all(
      [...pending].map(async (name) => {
        const response = await probes[name].send(attempt).catch(() => null);
        await response?.arrayBuffer().catch(() => undefined);
        last[name] = String(response?.status ?? 'no answer');
        if (response?.status === probes[name].upStatus) pending.delete(name);
      }),
    );
    await sleep(200);
  }
}

/** What the outage looked like from outside: every answer while down a proper 503. */
function assertAll503(seen: Record<string, string[]>): void {
  const distinct = Object.fromEntries(Object.entries(seen).map(([name, answers]) => [name, [...new Set(answers)]]));
  const expected = Object.fromEntries(Object.keys(seen).map((name) => [name, ['503']]));
  assert.deepEqual(distinct, expected, 'answers while the server was down');
}

/**
 * Holds the supervisor (SIGSTOP of start.ts) while `work` runs, so a server killed meanwhile stays down
 * for as long as the probes need, however loaded the machine: its restart 1 s later would otherwise race
 * them. The api and indexer run on; once resumed, the supervisor sees the exit and restarts the server.
 */
async function withSupervisorHeld<T>(work: () => Promise<T>): Promise<T> {
  process.kill(start!.child.pid!, 'SIGSTOP');
  try {
    return await work();
  } finally {
    process.kill(start!.child.pid!, 'SIGCONT');
  }
}

/** SIGKILLs `pid` and waits until it is gone (the kernel ends a killed process a moment later). */
async function kill9(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    if (!stat || state === 'Z' || state === 'X') return;
    await sleep(10);
  }
  throw new Error(`pid ${pid} survived SIGKILL`);
}

async function stopEverything(): Promise<void> {
  // Frozen processes cannot stop: thaw them first.
  signal([...(await postgresProcesses()), ...(start ? [start.child.pid!] : [])], 'SIGCONT');
  if (start && start.child.exitCode === null && start.child.signalCode === null) {
    process.kill(-start.child.pid!, 'SIGTERM');
    await Promise.race([start.exited, sleep(40_000)]);
  }
  // Whatever is left (a failed test, a stuck stop): the whole tree, servers and their children included.
  if (start) signal([-start.child.pid!], 'SIGKILL');
  signal([...(await serverPids()), ...(await postgresProcesses())], 'SIGKILL');
}

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone
    }
  }
}

describe('faults under npm start', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'directory-faults-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root.
    env = {
      DATA_DIR: dataDir,
      PORT: String(await findFreePort()),
      EMBEDDED_PG_PORT: String(await findFreePort()),
      EMBEDDED_MEILI_PORT: String(await findFreePort()),
      DEMO_COUNT: '200',
      ADMIN_PASSWORD,
      INDEXER_POLL_MS: '500',
      // Loaded by every node process of npm start: the api and indexer print the restart counts they are sent.
      NODE_OPTIONS: `--import ${path.join(dataDir, 'restart-counts-spy.mjs')}`,
    };
    await writeFile(
      path.join(dataDir, 'restart-counts-spy.mjs'),
      "if (process.send) process.on('message', (m) => m?.type === 'embedded-server-restarts' && console.log(`told ${process.argv.at(-1).split('/').at(-3)}: ${JSON.stringify(m.counts)}`));\n",
    );
    base = `http://127.0.0.1:${env.PORT}`;
    await ensureFrontendBuild(); // what `npm start` does first (prestart): the pages are part of the suite
    start = runStart();
    await waitForOutput(start, /ready at/, 120_000);

    const login = await request('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
    assert.equal(login.status, 200);
    cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const list = (await (await request('/api/admin/businesses?limit=20')).json()) as { businesses: Array<{ id: number; name: string; isApproved: boolean }> };
    const approved = list.businesses.find((row) => row.isApproved);
    assert.ok(approved, 'an approved demo business');
    business = approved;
  }, 150_000);

  afterAll(async () => {
    await stopEverything();
    const left = [...(await serverPids()), ...(await postgresProcesses()), ...(start ? await processGroupMembers(start.child.pid!) : [])];
    await rm(dataDir, { recursive: true, force: true });
    assert.deepEqual(left, [], 'no process of the suite is left behind');
  }, 90_000);

  test('kill -9 of Meilisearch: search answers 503 while it is down, it is restarted, and a write made meanwhile reaches the index', async () => {
    const killed = await meilisearchPid();
    const from = start!.output().length;
    const probes: Record<string, Probe> = {
      'GET /api/search': { send: (attempt) => request(`/api/search?q=outage${attempt}`), upStatus: 200 },
      'GET /search (page)': { send: (attempt) => request(`/search?q=outage${attempt}`), upStatus: 200 },
    };
    let renamed!: Promise<Response>;
    const seen = await withSupervisorHeld(async () => {
      await kill9(killed);
      // A write while search is down is stored (PostgreSQL is up), and indexed once Meilisearch is back.
      renamed = renameBusiness('Fault Suite Bakery During Search Outage');
      return answersWhileDown(probes);
    });
    await waitUntilUp(probes);
    assert.equal((await renamed).status, 200, 'the write is stored while search is down');
    await waitForOutput(start!, /Meilisearch \(pid \d+\) exited unexpectedly \(SIGKILL\); restarting it in 1 s/, 10_000, from);
    console.log(await waitForOutput(start!, /Meilisearch restarted \(pid \d+\).*/, RECOVERY_MS, from)); // a figure for docs/performance.md
    assert.notEqual(await meilisearchPid(), killed, 'a new Meilisearch runs');
    await waitUntil('the write made during the outage to be searchable', () => isSearchable('Fault Suite Bakery During Search Outage'));
    assertAll503(seen);
  }, 150_000);

  test('kill -9 of the PostgreSQL postmaster: reads and writes answer 503 while it is down; it recovers by itself and takes writes again', async () => {
    const killed = await postmasterPid();
    const from = start!.output().length;
    const probes: Record<string, Probe> = {
      'GET /api/admin/businesses/{id}': { send: () => request(`/api/admin/businesses/${business.id}`), upStatus: 200 },
      'PATCH /api/admin/businesses/{id}': { send: (attempt) => renameBusiness(`Fault Suite Bakery Probe ${attempt}`), upStatus: 200 },
    };
    const seen = await withSupervisorHeld(async () => {
      await kill9(killed);
      return answersWhileDown(probes);
    });
    await waitUntilUp(probes);
    await waitForOutput(start!, /PostgreSQL \(pid \d+\) exited unexpectedly \(SIGKILL\); restarting it in 1 s/, 10_000, from);
    console.log(await waitForOutput(start!, /PostgreSQL restarted \(pid \d+\).*/, RECOVERY_MS, from));
    assert.notEqual(await postmasterPid(), killed, 'a new postmaster runs');

    // An admin write after the recovery is stored and reaches search: the api's pools and the indexer's
    // lock and LISTEN connections came back by themselves.
    const after = await renameBusiness('Fault Suite Bakery After Database Crash');
    assert.equal(after.status, 200);
    assert.equal(((await after.json()) as { business: { name: string } }).business.name, 'Fault Suite Bakery After Database Crash');
    await waitUntil('the write made after the recovery to be searchable', () => isSearchable('Fault Suite Bakery After Database Crash'));
    assert.doesNotMatch(start!.output().slice(from), /api exited|indexer exited/, 'the api and indexer rode out the outage');
    // The counts the metrics read: each child told at its start, and after each server restart.
    for (const child of ['api', 'indexer']) {
      for (const counts of ['{"postgres":0,"meilisearch":0}', '{"postgres":0,"meilisearch":1}', '{"postgres":1,"meilisearch":1}']) {
        assert.ok(start!.output().includes(`told ${child}: ${counts}`), `${child} was told ${counts}`);
      }
    }
    assertAll503(seen);
  }, 150_000);

  test('a frozen PostgreSQL (SIGSTOP): requests answer 503 fast instead of hanging, and all is well after SIGCONT', async () => {
    const postmaster = await postmasterPid();
    const frozen = await postgresProcesses();
    signal(frozen, 'SIGSTOP'); // the postmaster and every backend: a database that does not answer
    const answers: Record<string, string> = {};
    try {
      const probe = async (name: string, send: () => Promise<Response>) => {
        const sent = Date.now();
        const answer = await describeAnswer(send());
        const ms = Date.now() - sent;
        answers[name] = ms <= FROZEN_ANSWER_MS ? answer : `${answer} after ${ms} ms`;
      };
      await Promise.all([
        probe('GET /api/admin/businesses/{id}', () => request(`/api/admin/businesses/${business.id}`, { timeoutMs: FROZEN_ANSWER_MS + 5_000 })),
        probe('PATCH /api/admin/businesses/{id}', () => renameBusiness('Fault Suite Bakery Frozen', FROZEN_ANSWER_MS + 5_000)),
      ]);
    } finally {
      signal(frozen, 'SIGCONT');
    }
    // Thawed: the same server (not restarted: it never exited) serves again.
    await waitUntil('writes to work again after SIGCONT', async () => (await renameBusiness('Fault Suite Bakery After Freeze')).status === 200);
    assert.equal(await postmasterPid(), postmaster, 'a frozen server is not restarted');
    await waitUntil('the write made after the freeze to be searchable', () => isSearchable('Fault Suite Bakery After Freeze'));
    assert.deepEqual(answers, { 'GET /api/admin/businesses/{id}': '503', 'PATCH /api/admin/businesses/{id}': '503' }, `answers while PostgreSQL was frozen (within ${FROZEN_ANSWER_MS} ms)`);
  }, 150_000);

  test('after all that nothing is lost: `npm run indexer -- --verify` is clean', async () => {
    const verify = spawn(process.execPath, ['--import', 'tsx', 'indexer/src/main.ts', '--verify'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATA_DIR: dataDir, EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT, EMBEDDED_MEILI_PORT: env.EMBEDDED_MEILI_PORT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    verify.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    verify.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => verify.on('exit', resolve));
    assert.equal(code, 0, output);
    assert.match(output, /OK: Meilisearch matches PostgreSQL/);
  }, 120_000);

  test('Ctrl-C after restarts stops the children, then Meilisearch, then PostgreSQL, restarting none of them', async () => {
    const from = start!.output().length;
    process.kill(-start!.child.pid!, 'SIGINT');
    assert.equal(await start!.exited, 0);
    const output = start!.output().slice(from);
    assert.match(output, /\[start\] stopped/);
    assert.doesNotMatch(output, /exited unexpectedly|restarting/, 'a server it stops is not restarted');
    assert.deepEqual([...(await serverPids()), ...(await postgresProcesses())], [], 'no postgres or meilisearch process remains');
    assert.deepEqual(await processGroupMembers(start!.child.pid!), [], 'nothing of npm start remains');
  }, 60_000);

  test('a server that cannot be restarted stops everything, with a line saying which and why', async () => {
    start = runStart();
    await waitForOutput(start, /ready at/, 120_000);
    const killed = await meilisearchPid();
    const from = start.output().length;
    process.kill(killed, 'SIGKILL');
    // Its port taken (by us) before the restart, 1 s later: the restart cannot succeed.
    const blocker = net.createServer();
    await waitUntil('the port of the killed Meilisearch to be ours', () => new Promise<boolean>((resolve) => {
      blocker.once('error', () => resolve(false));
      blocker.listen({ port: Number(env.EMBEDDED_MEILI_PORT), host: '127.0.0.1', exclusive: true }, () => resolve(true));
    }), 5_000);
    try {
      assert.equal(await start.exited, 1);
    } finally {
      blocker.close();
    }
    const output = start.output().slice(from);
    assert.match(output, new RegExp(`stopping everything: Meilisearch could not be restarted: Port ${env.EMBEDDED_MEILI_PORT} is already in use`));
    assert.match(output, /\[start\] stopped/);
    assert.deepEqual([...(await serverPids()), ...(await postgresProcesses())], [], 'PostgreSQL was stopped too');
    assert.deepEqual(await processGroupMembers(start.child.pid!), [], 'the api and indexer were stopped');
  }, 180_000);
});
