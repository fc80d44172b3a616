/**
 * The restart policy of the embedded servers' supervisor, on a stand-in server: a real process
 * (`sleep`) killed with -9 as a crashed server would be. The real servers under the real `npm start`
 * are scripts/faults.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, test } from 'vitest';
import { stopChild, type ServerExit } from './processes.ts';
import { superviseServer, type ServerLog, type RestartPolicy, type RunningServer, type SupervisedServer } from './supervised-server.ts';

const QUICK: RestartPolicy = { firstDelayMs: 50, maxDelayMs: 150, maxRestarts: 3, windowMs: 60_000 };

interface Harness {
  lines: string[];
  log: ServerLog;
  starts: number;
  restarts: number[];
  givenUp: string[];
  leftover: number | null;
}

const supervisors: Array<SupervisedServer<RunningServer>> = [];
const strays: number[] = [];

afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((supervisor) => supervisor.stop()));
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

function harness(): Harness {
  const lines: string[] = [];
  const write = (message: string) => void lines.push(message);
  return { lines, log: { info: write, error: write }, starts: 0, restarts: [], givenUp: [], leftover: null };
}

/** A process standing in for a server: `sleep`, which says a line a server might have logged. */
function startStandIn(h: Harness, options: { withLeftover?: boolean } = {}): Promise<RunningServer> {
  h.starts++;
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let leftover: number | null = null;
  if (options.withLeftover) {
    // What PostgreSQL's backends are to a killed postmaster: a process of the server outliving it.
    const orphan = spawn('sleep', ['300'], { stdio: 'ignore' });
    leftover = orphan.pid!;
    strays.push(leftover);
    h.leftover = leftover;
  }
  return Promise.resolve({
    pid: child.pid!,
    exited,
    recentLog: () => [`stand-in ${h.starts} starting`, `stand-in ${h.starts} ready`],
    leftovers: async () => (leftover ? [leftover] : []),
    stop: () => stopChild(child, 'SIGTERM', 5_000),
  });
}

async function supervise(h: Harness, start: () => Promise<RunningServer>, policy = QUICK): Promise<SupervisedServer<RunningServer>> {
  const supervisor = await superviseServer({
    label: 'Stand-in',
    start,
    log: h.log,
    policy,
    onRestart: (count) => h.restarts.push(count),
    onGiveUp: (reason) => h.givenUp.push(reason),
  });
  supervisors.push(supervisor);
  return supervisor;
}

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return Boolean(stat) && state !== 'Z' && state !== 'X';
}

describe('superviseServer', () => {
  test('a server that exits unasked is restarted after a doubling wait, with a line for each crash and each restart', async () => {
    const h = harness();
    const supervisor = await supervise(h, () => startStandIn(h));
    for (let crash = 1; crash <= 3; crash++) {
      const before = supervisor.current();
      process.kill(before.pid, 'SIGKILL');
      await until(`restart ${crash}`, () => h.restarts.length === crash);
      assert.notEqual(supervisor.current().pid, before.pid);
      assert.ok(await isRunning(supervisor.current().pid), 'the new server runs');
    }
    assert.deepEqual(h.restarts, [1, 2, 3]);
    assert.equal(supervisor.restarts(), 3);
    const crashLines = h.lines.filter((line) => line.includes('exited unexpectedly'));
    assert.equal(crashLines.length, 3);
    assert.match(crashLines[0], /^Stand-in \(pid \d+\) exited unexpectedly \(SIGKILL\); restarting it in 0\.05 s \(restart 1 of at most 3 within 1 min\)$/);
    assert.match(crashLines[1], /restarting it in 0\.1 s \(restart 2 of/);
    assert.match(crashLines[2], /restarting it in 0\.15 s \(restart 3 of/, 'the wait is capped');
    assert.equal(h.lines.filter((line) => /^Stand-in restarted \(pid \d+\)/.test(line)).length, 3);
    assert.deepEqual(h.givenUp, []);
  });

  test('the crash after the last restart allowed within the window is not restarted: the supervisor gives up, naming the server and its last log lines', async () => {
    const h = harness();
    const supervisor = await supervise(h, () => startStandIn(h), { ...QUICK, maxRestarts: 1 });
    process.kill(supervisor.current().pid, 'SIGKILL');
    await until('the restart', () => h.restarts.length === 1);
    process.kill(supervisor.current().pid, 'SIGKILL');
    await until('giving up', () => h.givenUp.length === 1);
    assert.equal(h.starts, 2, 'no third start');
    assert.match(h.givenUp[0], /^Stand-in exited unexpectedly \(SIGKILL\) again, 2 crashes within 1 min, so it is not restarted\. Its last log lines: stand-in 2 starting \| stand-in 2 ready$/);
  });

  test('crashes further apart than the window start the count afresh', async () => {
    const h = harness();
    const supervisor = await supervise(h, () => startStandIn(h), { ...QUICK, maxRestarts: 1, windowMs: 1 });
    for (let crash = 1; crash <= 3; crash++) {
      process.kill(supervisor.current().pid, 'SIGKILL');
      await until(`restart ${crash}`, () => h.restarts.length === crash);
    }
    assert.deepEqual(h.givenUp, []);
    assert.equal(h.lines.filter((line) => line.includes('restarting it in 0.05 s (restart 1 of at most 1')).length, 3);
  });

  test('a restart that fails gives up at once, with the reason the start gave', async () => {
    const h = harness();
    let attempt = 0;
    const supervisor = await supervise(h, () => (attempt++ === 0 ? startStandIn(h) : Promise.reject(new Error('Port 7700 is already in use'))));
    process.kill(supervisor.current().pid, 'SIGKILL');
    await until('giving up', () => h.givenUp.length === 1);
    assert.equal(h.givenUp[0], 'Stand-in could not be restarted: Port 7700 is already in use');
    assert.deepEqual(h.restarts, []);
  });

  test("what a crashed server leaves running is killed before it is started again (a killed postmaster's backends)", async () => {
    const h = harness();
    let leftoverAtRestart: boolean | null = null;
    let first = true;
    const supervisor = await supervise(h, async () => {
      if (!first) leftoverAtRestart = await isRunning(h.leftover!);
      first = false;
      return startStandIn(h, { withLeftover: h.starts === 0 });
    });
    assert.ok(await isRunning(h.leftover!));
    process.kill(supervisor.current().pid, 'SIGKILL');
    await until('the restart', () => h.restarts.length === 1);
    assert.equal(leftoverAtRestart, false, 'the leftover was gone when the server started again');
  });

  test('stop() while a restart waits: the server is not started again, and stop() resolves', async () => {
    const h = harness();
    const supervisor = await supervise(h, () => startStandIn(h), { ...QUICK, firstDelayMs: 5_000 });
    process.kill(supervisor.current().pid, 'SIGKILL');
    await until('the crash to be seen', () => h.lines.some((line) => line.includes('exited unexpectedly')));
    await supervisor.stop();
    assert.equal(h.starts, 1, 'no restart after stop()');
    assert.deepEqual(h.givenUp, []);
  });

  test('a server stopped by stop() is not taken for a crash', async () => {
    const h = harness();
    const supervisor = await supervise(h, () => startStandIn(h));
    const pid = supervisor.current().pid;
    await supervisor.stop();
    assert.equal(await isRunning(pid), false);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(h.starts, 1);
    assert.deepEqual(h.lines.filter((line) => line.includes('unexpectedly')), []);
  });
});
