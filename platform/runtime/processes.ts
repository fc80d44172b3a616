import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, readlink, realpath } from 'node:fs/promises';

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a live process, or '' (Linux /proc). */
export async function processCommandLine(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/** Sends `signal`, waits up to `timeoutMs`, then SIGKILLs. Resolves once the child has exited. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * SIGKILLs `pids` and resolves once none of them runs (zombies aside: they hold nothing), or after
 * `timeoutMs`: what a crashed server left behind (PostgreSQL backends whose postmaster was killed).
 */
export async function killAndWait(pids: number[], timeoutMs = 10_000): Promise<void> {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await Promise.all(pids.map(isRunning))).some(Boolean)) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function isRunning(pid: number): Promise<boolean> {
  const state = procState(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''));
  return state !== '' && state !== 'Z' && state !== 'X';
}

/** "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ')'. */
function procStat(stat: string): string[] {
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : [];
}
const procState = (stat: string) => procStat(stat)[0] ?? '';

/**
 * PIDs of the live processes working in directory `dir` (Linux /proc). PostgreSQL's postmaster and every
 * process it forks run in the data directory, and (each its own process group) are found no other way
 * once the postmaster is gone.
 */
export async function processesIn(dir: string): Promise<number[]> {
  const target = await realpath(dir).catch(() => dir);
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    if ((await readlink(`/proc/${entry}/cwd`).catch(() => '')) === target && (await isRunning(Number(entry)))) pids.push(Number(entry));
  }
  return pids;
}

/** PIDs of the processes of group `pgid` still running (Linux /proc; zombies left out). */
export async function processGroupMembers(pgid: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const [state, , pgrp] = procStat(await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''));
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') pids.push(Number(entry));
  }
  return pids;
}
