/**
 * Keeps an embedded server (PostgreSQL, Meilisearch) of `npm start` running: a server that exits
 * without being asked is restarted after a backoff, with one log line for the crash and one for the
 * restart; after too many crashes, or when a restart itself fails, the supervisor gives up and says
 * which server and why (its last log lines), and the caller stops everything.
 *
 * What a crashed server left running is SIGKILLed before the restart: PostgreSQL's backends outlive a
 * postmaster killed with -9 and keep its shared memory attached, which a new postmaster refuses to
 * start beside. With them gone, the new postmaster finds the stale postmaster.pid and the unused
 * shared memory, and runs its own crash recovery (replaying the WAL) before it accepts connections.
 */
/** What the supervisor logs through: plain lines (a pino logger, or a test's collector). */
export interface ServerLog {
  info(message: string): void;
  error(message: string): void;
}
import { killAndWait, type ServerExit } from './processes.ts';

export interface RunningServer {
  pid: number;
  exited: Promise<ServerExit>;
  recentLog(): string[];
  /** Processes of this server still running after it exited (PostgreSQL's backends). */
  leftovers(): Promise<number[]>;
  stop(): Promise<void>;
}

export interface RestartPolicy {
  /** Wait before the first restart; doubled for each further crash within `windowMs`... */
  firstDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** Restarts allowed within `windowMs`: the crash after them stops everything. */
  maxRestarts: number;
  windowMs: number;
}

/** 1 s, 2 s, 4 s, 8 s, 16 s: five restarts within five minutes, the sixth crash stops everything. */
export const SERVER_RESTART_POLICY: RestartPolicy = { firstDelayMs: 1_000, maxDelayMs: 30_000, maxRestarts: 5, windowMs: 5 * 60_000 };

export interface SupervisedServer<T extends RunningServer> {
  /** The server now running (a new object after each restart). */
  current(): T;
  /** Restarts so far. */
  restarts(): number;
  /** Stops the server, and any restart: none follows, a restart under way is finished and stopped. */
  stop(): Promise<void>;
}

export interface SuperviseServerOptions<T extends RunningServer> {
  /** 'PostgreSQL', 'Meilisearch': the name in every log line. */
  label: string;
  /** Starts the server; resolves once it serves. Rejects with a message saying why it could not start. */
  start(): Promise<T>;
  log: ServerLog;
  policy?: RestartPolicy;
  /** After each successful restart, with the number of restarts so far. */
  onRestart?(restarts: number): void;
  /** The supervisor gave up (the server stays down): `reason` is one line naming the server, for the caller to log. */
  onGiveUp(reason: string): void;
}

// Without terminal colour codes (Meilisearch colours its banner): the line is read in a log, not a terminal.
const lastLines = (lines: string[]) => lines.slice(-5).map((line) => line.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')).join(' | ') || 'no output';

/** Starts the server (rejecting as `start` does) and keeps it running until stop(). */
export async function superviseServer<T extends RunningServer>(options: SuperviseServerOptions<T>): Promise<SupervisedServer<T>> {
  const { label, log } = options;
  const policy = options.policy ?? SERVER_RESTART_POLICY;
  let server = await options.start();
  let stopping = false;
  let restarts = 0;
  let crashes: number[] = [];
  let restarting: Promise<void> | null = null;
  let cancelWait = () => {};

  const watch = (running: T) => {
    void running.exited.then((exit) => {
      if (stopping || running !== server) return;
      restarting = restartAfterCrash(running, exit).finally(() => (restarting = null));
    });
  };

  async function restartAfterCrash(crashed: T, exit: ServerExit): Promise<void> {
    const how = exit.signal ?? `exit code ${exit.code}`;
    const now = Date.now();
    crashes = crashes.filter((time) => now - time < policy.windowMs);
    // Whatever it leaves running would keep the data directory (PostgreSQL's shared memory) busy.
    await killAndWait(await crashed.leftovers());
    if (crashes.length >= policy.maxRestarts) {
      const minutes = policy.windowMs / 60_000;
      give(`${label} exited unexpectedly (${how}) again, ${crashes.length + 1} crashes within ${minutes} min, so it is not restarted. Its last log lines: ${lastLines(crashed.recentLog())}`);
      return;
    }
    crashes.push(now);
    const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (crashes.length - 1));
    log.error(`${label} (pid ${crashed.pid}) exited unexpectedly (${how}); restarting it in ${delayMs / 1000} s (restart ${crashes.length} of at most ${policy.maxRestarts} within ${policy.windowMs / 60_000} min)`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (stopping) return;
    let next: T;
    try {
      next = await options.start();
    } catch (error) {
      if (!stopping) give(`${label} could not be restarted: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    server = next;
    restarts++;
    watch(next);
    if (stopping) return; // stop() stops it
    log.info(`${label} restarted (pid ${next.pid}), ${((Date.now() - now) / 1000).toFixed(1)} s after it exited`);
    options.onRestart?.(restarts);
  }

  const give = (reason: string) => options.onGiveUp(reason);

  watch(server);
  return {
    current: () => server,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      cancelWait();
      // A start cannot be cut short: let it finish, then stop what it started.
      await restarting?.catch(() => undefined);
      await server.stop();
    },
  };
}
