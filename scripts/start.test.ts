/**
 * `npm start` as a user runs it: a fresh data directory, the embedded servers, readiness, Ctrl-C,
 * and a second start on the same data. Runs scripts/start.ts as a real child process.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, chmod, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import pg from 'pg';
import { findFreePort } from '../platform/runtime/ports.ts';
import { createTestDatabase, testServers } from '../platform/testing/context.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Run as `npm start` runs it: under tsx's CLI, leading its own process group (a terminal's job). */
  isProcessGroup: boolean;
}

const runs: Run[] = [];

function runStart(env: Record<string, string>, options: { asProcessGroup?: boolean } = {}): Run {
  let output = '';
  const isProcessGroup = options.asProcessGroup ?? false;
  // package.json's "start": one node process with tsx as a loader (the tsx CLI ran the script in a child and
  // relayed signals; under load it missed the child's acknowledgement, SIGKILLed start.ts and exited 130).
  const [command, args] = [process.execPath, ['--import', 'tsx', 'scripts/start.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: isProcessGroup,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, output: () => output, exited, isProcessGroup };
  runs.push(run);
  return run;
}

/** PIDs of the live processes in process group `pgid` (Linux /proc). */
async function processGroupPids(pgid: number): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') pids.push(Number(entry));
  }
  return pids;
}

async function waitFor(run: Run, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`did not see ${pattern} within ${timeoutMs} ms; output:\n${run.output()}`);
}

/** PIDs of postgres/meilisearch processes whose command line mentions the data directory. */
async function serverPidsUsing(dataDir: string): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(dataDir) && /postgres|meilisearch/.test(commandLine)) pids.push(Number(entry));
  }
  return pids;
}

/** The NUL-separated command line of the Meilisearch serving `dataDir`. */
async function meilisearchCommandLine(dataDir: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  for (const pid of await serverPidsUsing(dataDir)) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes('meilisearch') && commandLine.includes('--db-path')) return commandLine;
  }
  throw new Error(`no Meilisearch runs from ${dataDir}`);
}

/** The pid of a direct child of `parent` whose command line contains `script`. */
async function childPid(parent: number, script: string): Promise<number> {
  const { readdir, readFile } = await import('node:fs/promises');
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== parent) continue;
    if ((await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).includes(script)) return Number(entry);
  }
  throw new Error(`no child of ${parent} runs ${script}`);
}

async function waitForReady(port: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/readyz not green within ${timeoutMs} ms`);
}

describe('npm start', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'directory-start-'));
    await chmod(dataDir, 0o755);
    env = {
      DATA_DIR: dataDir,
      PORT: String(await findFreePort()),
      EMBEDDED_PG_PORT: String(await findFreePort()),
      EMBEDDED_MEILI_PORT: String(await findFreePort()),
      DEMO_COUNT: '300',
    };
  });
  afterEach(async () => {
    // A failed assertion must not leave its `npm start` holding the ports for the next test.
    for (const run of runs.splice(0)) {
      if (run.child.exitCode === null && run.child.signalCode === null) {
        if (run.isProcessGroup) process.kill(-run.child.pid!, 'SIGTERM');
        else run.child.kill('SIGTERM');
        await run.exited;
      }
    }
  });
  afterAll(async () => {
    for (const pid of await serverPidsUsing(dataDir)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a fresh start brings everything up, prints the URL and the generated password once, and Ctrl-C leaves nothing behind', async () => {
    const run = runStart(env, { asProcessGroup: true });
    await waitFor(run, /ready at (http:\/\/\S+)/, 90_000);
    assert.match(run.output(), /generated password/i);
    // Its output is a pipe: the password is a field of a JSON line, not a banner among them.
    const line = run.output().split('\n').find((entry) => entry.includes('generated password'));
    assert.ok(line, run.output());
    const password = (JSON.parse(line) as { password?: string }).password;
    assert.ok(password, 'the generated password is printed');

    const ready = await fetch(`http://127.0.0.1:${env.PORT}/readyz`);
    assert.equal(ready.status, 200);
    const login = await fetch(`http://127.0.0.1:${env.PORT}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    assert.equal(login.status, 200, 'the printed password signs in');

    assert.ok((await serverPidsUsing(dataDir)).length >= 2, 'postgres and meilisearch run from the data directory');
    // Meilisearch's default indexing memory (2/3 of RAM) made every single update take seconds.
    assert.match(await meilisearchCommandLine(dataDir), /--max-indexing-memory\x001GiB\x00/);
    // Ctrl-C signals the whole process group: start.ts, the api and the indexer at once; a terminal may
    // deliver it twice (a second press). A repeated SIGINT used to make start.ts exit at once, leaving
    // PostgreSQL and Meilisearch running.
    process.kill(-run.child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(run.child.pid!, 'SIGINT');
    assert.equal(await run.exited, 0);
    assert.match(run.output(), /"name":"start".*"msg":"stopped"/);
    // Written to a pipe (a log file, journald, Docker), everything is JSON lines: no banner, no stray text.
    const notJson = run.output().split('\n').filter((entry) => {
      if (!entry.trim()) return false;
      try {
        JSON.parse(entry);
        return false;
      } catch {
        return true;
      }
    });
    assert.deepEqual(notJson, [], 'every line of the output is a JSON object');
    assert.deepEqual(await serverPidsUsing(dataDir), [], 'no postgres or meilisearch process remains');
    assert.deepEqual(await processGroupPids(run.child.pid!), [], 'nothing of npm start remains');
  });

  test('a second start reuses the data: no new password, no re-seed, same rows', async () => {
    const run = runStart({ ...env, MEILI_MAX_INDEXING_MEMORY: '768MiB' });
    await waitFor(run, /ready at/, 90_000);
    assert.match(await meilisearchCommandLine(dataDir), /--max-indexing-memory\x00768MiB\x00/, 'the setting reaches Meilisearch');
    assert.doesNotMatch(run.output(), /generated password/i);
    assert.doesNotMatch(run.output(), /demo businesses/);
    const secrets = JSON.parse(await (await import('node:fs/promises')).readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    const client = new pg.Client({ connectionString: `postgresql://postgres:${secrets.postgresPassword}@127.0.0.1:${env.EMBEDDED_PG_PORT}/directory` });
    await client.connect();
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM businesses');
    await client.end();
    assert.ok(rows[0].count > 250 && rows[0].count <= 300, `demo rows loaded once (${rows[0].count})`);
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0);
    assert.deepEqual(await serverPidsUsing(dataDir), []);
  });

  test('a second npm start on the same data directory is refused in one line and leaves the first running; a hang-up (SIGHUP) stops everything', async () => {
    const first = runStart(env);
    await waitFor(first, /ready at/, 90_000);
    // Other ports, same DATA_DIR: it took the first one's servers for a crash's leftovers and stopped them.
    const second = runStart({ ...env, PORT: String(await findFreePort()), EMBEDDED_PG_PORT: String(await findFreePort()), EMBEDDED_MEILI_PORT: String(await findFreePort()) });
    assert.equal(await second.exited, 1);
    assert.match(second.output(), new RegExp(`Another npm start \\(pid ${first.child.pid}\\) is running on the data directory`));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal((await fetch(`http://127.0.0.1:${env.PORT}/readyz`)).status, 200, 'the first still serves');
    assert.doesNotMatch(first.output(), /exited unexpectedly/);
    // A closed terminal: Node's default for SIGHUP exited at once and left PostgreSQL and Meilisearch running.
    first.child.kill('SIGHUP');
    assert.equal(await first.exited, 0);
    assert.deepEqual(await serverPidsUsing(dataDir), [], 'no postgres or meilisearch process remains');
  });

  test('when the process that ran it dies (npm killed), npm start stops everything rather than run on unowned', async () => {
    // npm start is npm -> sh -> node; SIGTERM to npm ends npm and sh without waiting for the script.
    let output = '';
    // Not exec'd: sh stays the parent, as under npm.
    const shell = spawn('sh', ['-c', `${process.execPath} --import tsx scripts/start.ts; true`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shell.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForReady(env.PORT, 90_000);
    shell.kill('SIGKILL');
    const deadline = Date.now() + 60_000;
    while ((await serverPidsUsing(dataDir)).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    assert.deepEqual(await serverPidsUsing(dataDir), [], `no postgres or meilisearch process remains:\n${output.slice(-2_000)}`);
    assert.match(output, /the parent process \(pid \d+\) is gone: stopping/);
  });

  test('a start after a crash (SIGKILL) recovers the servers left behind, and a child that dies is restarted', async () => {
    const first = runStart(env);
    await waitFor(first, /ready at/, 90_000);
    first.child.kill('SIGKILL');
    await first.exited;
    // The api and indexer notice the lost IPC channel and exit; PostgreSQL and Meilisearch stay up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.ok((await serverPidsUsing(dataDir)).length >= 2, 'the crash left the servers running');
    const second = runStart(env);
    await waitFor(second, /ready at/, 90_000);

    // A child that dies is restarted by npm start, and the site comes back.
    const apiPid = await childPid(second.child.pid!, 'api/src/main.ts');
    process.kill(apiPid, 'SIGKILL');
    await waitFor(second, /api exited \(SIGKILL\); restarting/, 10_000);
    await waitForReady(env.PORT, 60_000);
    assert.notEqual(await childPid(second.child.pid!, 'api/src/main.ts'), apiPid);

    second.child.kill('SIGINT');
    assert.equal(await second.exited, 0);
    assert.deepEqual(await serverPidsUsing(dataDir), []);
  });

  test('with DATABASE_URL and MEILI_URL set, those servers are used and nothing embedded starts', async () => {
    const servers = testServers();
    const database = await createTestDatabase({ migrated: false });
    const externalDataDir = await mkdtemp(path.join(os.tmpdir(), 'directory-external-'));
    try {
      const run = runStart({
        DATA_DIR: externalDataDir,
        PORT: String(await findFreePort()),
        DATABASE_URL: database.url,
        MEILI_URL: servers.meiliUrl,
        MEILI_MASTER_KEY: servers.meiliMasterKey,
        MEILI_INDEX_PREFIX: 'external_start_',
        SESSION_SECRET: 'x'.repeat(40),
        ADMIN_PASSWORD: 'correct horse battery',
        DEMO_COUNT: '50',
      });
      await waitFor(run, /ready at/, 90_000);
      assert.doesNotMatch(run.output(), /embedded/i);
      assert.deepEqual(await serverPidsUsing(externalDataDir), []);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM businesses');
      await client.end();
      assert.equal(rows[0].count, 50, 'migrated and seeded the given database');
      run.child.kill('SIGTERM');
      assert.equal(await run.exited, 0);
    } finally {
      await database.drop();
      await rm(externalDataDir, { recursive: true, force: true });
      const meili = await fetch(`${servers.meiliUrl}/indexes?limit=1000`, { headers: { authorization: `Bearer ${servers.meiliMasterKey}` } });
      const { results } = (await meili.json()) as { results: Array<{ uid: string }> };
      for (const index of results.filter((item) => item.uid.startsWith('external_start_'))) {
        await fetch(`${servers.meiliUrl}/indexes/${index.uid}`, { method: 'DELETE', headers: { authorization: `Bearer ${servers.meiliMasterKey}` } });
      }
    }
  });

  test('a port that is taken is named in one clear line', async () => {
    const blocker = net.createServer().listen(Number(env.PORT), '0.0.0.0');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      const run = runStart(env);
      assert.equal(await run.exited, 1);
      assert.match(run.output(), new RegExp(`Port ${env.PORT} is already in use.*Set PORT`));
      assert.doesNotMatch(run.output(), /\n\s+at /, 'no stack trace');
    } finally {
      blocker.close();
    }
  });

  test('a data directory that cannot be written is named in one clear line', async () => {
    const file = path.join(dataDir, 'not-a-directory');
    await writeFile(file, 'x');
    const run = runStart({ ...env, DATA_DIR: path.join(file, 'data') });
    assert.equal(await run.exited, 1);
    assert.match(run.output(), /data directory .*not-a-directory\/data is not writable.*Set DATA_DIR/);
    assert.doesNotMatch(run.output(), /\n\s+at /);
    // A directory that can never be made (under /proc): Node's recursive mkdir never returned there, and
    // npm start spun the CPU with nothing said.
    const underProc = runStart({ ...env, DATA_DIR: '/proc/directory-start-test' });
    assert.equal(await underProc.exited, 1);
    assert.match(underProc.output(), /data directory \/proc\/directory-start-test is not writable \(ENOENT\)/);
  });

  test('a malformed or missing setting stops start-up with a message naming the variable', async () => {
    const badPort = runStart({ ...env, PORT: 'eighty' });
    assert.equal(await badPort.exited, 1);
    assert.match(badPort.output(), /"msg":"Invalid configuration: PORT must be a port number \(1-65535\)"/);
    const missingKey = runStart({ ...env, MEILI_URL: 'http://127.0.0.1:1' });
    assert.equal(await missingKey.exited, 1);
    assert.match(missingKey.output(), /MEILI_MASTER_KEY is required when MEILI_URL is set/);
    const badMemory = runStart({ ...env, MEILI_MAX_INDEXING_MEMORY: 'lots' });
    assert.equal(await badMemory.exited, 1);
    assert.match(badMemory.output(), /MEILI_MAX_INDEXING_MEMORY must be a size such as 1GiB or 512MiB/);
  });
});
