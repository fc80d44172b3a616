/**
 * The indexer process's core: leader election over a PostgreSQL advisory lock, then the jobs.
 *
 * Only the session holding the lock writes to Meilisearch. Others are standbys that retry the lock
 * every second; PostgreSQL releases a lock when its session ends, so when the active indexer exits,
 * crashes or is killed -9, a standby takes over within about a second. Losing the lock connection
 * makes the active one step down (stop writing) before anyone else can take over.
 *
 * As leader: rebuild every index when one is missing or its settings version changed (else recount
 * the aggregates once), then drain the outbox on NOTIFY and on a poll timer, recount aggregates after
 * drained batches (debounced), and run the cron jobs.
 */
import os from 'node:os';
import cron, { type ScheduledTask } from 'node-cron';
import pg from 'pg';
import type { Config } from '../../platform/config.ts';
import { listenLoop } from '../../platform/db/listen.ts';
import { createPool, DEFAULT_INDEXER_POOL_SIZE } from '../../platform/db/pool.ts';
import { createLogger, type Logger } from '../../platform/log.ts';
import { createMeili } from '../../platform/search/client.ts';
import { STATE_KEYS } from '../../platform/search/settings.ts';
import { writeState } from './db/state.ts';
import { drainOutboxJob } from './jobs/drain-outbox.ts';
import { fullRebuildJob, rebuildAllIndexes, reasonToRebuild, type FullRebuildResult } from './jobs/full-rebuild.ts';
import { createJobRegistry, type Job, type JobContext } from './jobs/job.ts';
import { recomputeAggregatesJob } from './jobs/recompute-aggregates.ts';
import type { IndexerMetrics } from './metrics.ts';
import { createRuntime } from './runtime.ts';

export const OUTBOX_CHANNEL = 'search_outbox';
/** While the drain is busy, a recount waits up to this many times its last SQL time (see runLeader)... */
const RECOUNT_WAIT_FACTOR = 20;
/** ...but never longer than this. */
const RECOUNT_WAIT_CAP_MS = 180_000;
/** Longest wait between attempts to reach PostgreSQL for the lock. */
const RECONNECT_CAP_MS = 5_000;
/** Control channel: `--full` run next to an active indexer asks it to rebuild (payload 'full-rebuild'). */
export const CONTROL_CHANNEL = 'search_indexer';

export const JOBS = createJobRegistry([drainOutboxJob, recomputeAggregatesJob, fullRebuildJob]);

export type IndexerRole = 'starting' | 'standby' | 'leader' | 'stopped';

export interface RunIndexerOptions {
  config: Config;
  /** Aborting it stops the indexer (same as handle.stop()). */
  signal?: AbortSignal;
  log?: Logger;
  /** Called each time this instance becomes leader and has finished its start-up build. */
  onReady?: () => void;
  onRoleChange?: (role: IndexerRole) => void;
  /** Quiet time before an aggregate recount after drained batches (default 1000 ms). */
  aggregateDebounceMs?: number;
  /** Longest a recount waits while the drain is busy (default 5000 ms, or 20x the last recount's SQL time when longer, up to 3 min). */
  aggregateMaxWaitMs?: number;
  /** How often a standby retries the lock (default 1000 ms). */
  standbyRetryMs?: number;
  /** The process's indexer metrics (main.ts serves them). */
  metrics?: IndexerMetrics;
}

export interface IndexerHandle {
  role(): IndexerRole;
  /** Resolves the first time this instance is leader with its indexes built. */
  ready: Promise<void>;
  /** Runs a full rebuild now (leader only; rejects on a standby). */
  requestFullRebuild(reason?: string): Promise<FullRebuildResult>;
  /**
   * Stops gracefully: finishes the outbox batch being read and sent, releases the lock, closes connections.
   * Batches Meilisearch has not yet confirmed stay in the outbox and are sent again by the next leader.
   */
  stop(): Promise<void>;
  /** Resolves when fully stopped. */
  done: Promise<void>;
}

/** The advisory lock key is derived from the index prefix: environments sharing a database do not block each other. */
export function lockName(prefix: string): string {
  return `directory-indexer:${prefix}`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function requireServers(config: Config): { databaseUrl: string } {
  if (!config.databaseUrl || !config.meiliUrl) {
    throw new Error('The indexer needs DATABASE_URL and MEILI_URL (npm start passes them to its child processes).');
  }
  return { databaseUrl: config.databaseUrl };
}

/**
 * A job runner that never overlaps itself: trigger() while running queues one more run; after a
 * failure it backs off (0.5 s doubling to 30 s) and ignores triggers until the retry.
 */
function createSerialTrigger(name: string, work: () => Promise<void>, options: { signal: AbortSignal; log: Logger; onError: (job: string, error: unknown) => void }) {
  let running: Promise<void> | null = null;
  let pending = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  const loop = async () => {
    try {
      do {
        pending = false;
        await work();
        failures = 0;
      } while (pending && !options.signal.aborted);
    } catch (error) {
      if (options.signal.aborted) return;
      failures++;
      const delay = Math.min(30_000, 500 * 2 ** (failures - 1));
      options.log.warn({ inMs: delay, failures, error: (error as Error).message }, `${name} failed; retrying`);
      options.onError(name, error);
      retryTimer = setTimeout(() => {
        retryTimer = null;
        trigger();
      }, delay);
    } finally {
      running = null;
    }
  };
  function trigger(): void {
    if (options.signal.aborted) return;
    if (running || retryTimer) {
      pending = true;
      return;
    }
    running = loop();
  }
  return {
    trigger,
    isRunning: () => running !== null,
    async idle(): Promise<void> {
      while (running) await running;
    },
    stop(): void {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
}

export function runIndexer(options: RunIndexerOptions): IndexerHandle {
  const { config } = options;
  const { databaseUrl } = requireServers(config);
  const log = options.log ?? createLogger('indexer');
  const prefix = config.meiliIndexPrefix;
  const stopController = new AbortController();
  const stopSignal = options.signal ? AbortSignal.any([options.signal, stopController.signal]) : stopController.signal;
  let role: IndexerRole = 'starting';
  let leaderRebuild: ((reason?: string) => Promise<FullRebuildResult>) | null = null;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const setRole = (next: IndexerRole) => {
    if (role === next) return;
    role = next;
    log.info({ prefix }, `role: ${next}`); // the line's own pid (every line has one) says which indexer
    options.metrics?.setLeader(next === 'leader');
    options.onRoleChange?.(next);
  };

  async function runLeader(signal: AbortSignal): Promise<void> {
    const pool = createPool(databaseUrl, { max: config.databasePoolSize ?? DEFAULT_INDEXER_POOL_SIZE, applicationName: 'directory-indexer' });
    options.metrics?.watchPool(pool);
    const meili = createMeili(config, { timeoutMs: 120_000 });
    let lastErrorWrite = 0;
    const recordError = (job: string, error: unknown) => {
      // At most one write per 5 s: a Meilisearch outage must not turn into a write storm.
      if (Date.now() - lastErrorWrite < 5_000) return;
      lastErrorWrite = Date.now();
      void writeState(pool, STATE_KEYS.lastError(prefix), { at: new Date().toISOString(), job, message: (error as Error).message }).catch(() => undefined);
    };

    // Aggregates: trailing debounce. While the drain is busy with a backlog, recounts wait, so a bulk
    // import does not add four aggregate tasks to Meilisearch's queue per batch: up to maxWaitMs, or 20
    // times the last recount's SQL time when that is longer (at most 3 min). At a million businesses each
    // recount is a GROUP BY of seconds on one of the two cores Meilisearch indexes with: bench:indexer's
    // 100,000-row drain took 80 s with one every ~25 s, 48 s with none (docs/performance.md, Indexer).
    let aggregateTimer: NodeJS.Timeout | null = null;
    let dirtySince: number | null = null;
    let lastAggregateFinish = 0;
    const debounceMs = options.aggregateDebounceMs ?? 1_000;
    const maxWaitMs = Math.max(debounceMs, options.aggregateMaxWaitMs ?? 5_000);
    const fireAggregates = () => {
      aggregateTimer = null;
      if (signal.aborted) return;
      const waitWhileDraining = Math.max(maxWaitMs, Math.min(runtime.lastAggregateSqlMs * RECOUNT_WAIT_FACTOR, RECOUNT_WAIT_CAP_MS));
      if (drain.isRunning() && Date.now() - (dirtySince ?? 0) < waitWhileDraining) {
        aggregateTimer = setTimeout(fireAggregates, debounceMs);
        return;
      }
      dirtySince = null;
      aggregates.trigger();
    };
    const runtime = createRuntime(() => {
      if (signal.aborted) return;
      dirtySince ??= Date.now();
      if (aggregateTimer) clearTimeout(aggregateTimer);
      // Spaced by 3x the recount's SQL time, so a million-row GROUP BY cannot hog PostgreSQL.
      const earliest = lastAggregateFinish + runtime.lastAggregateSqlMs * 3;
      const delay = Math.max(Math.min(debounceMs, dirtySince + maxWaitMs - Date.now()), earliest - Date.now(), 0);
      aggregateTimer = setTimeout(fireAggregates, delay);
    });
    const context: JobContext = { config, pool, meili, prefix, log, runtime, signal, onIndexed: options.metrics?.onIndexed };
    const drain = createSerialTrigger('drain-outbox', () => JOBS.get('drain-outbox')!.run(context), { signal, log, onError: recordError });
    const aggregates = createSerialTrigger(
      'recompute-aggregates',
      async () => {
        await JOBS.get('recompute-aggregates')!.run(context);
        lastAggregateFinish = Date.now();
      },
      { signal, log, onError: recordError },
    );
    let rebuildChain: Promise<unknown> = Promise.resolve();
    const rebuild = (reason = 'requested') => {
      const next = rebuildChain.then(() => rebuildAllIndexes(context, reason));
      rebuildChain = next.catch((error) => {
        log.error({ error: (error as Error).message }, 'full rebuild failed');
        recordError('full-rebuild', error);
      });
      return next;
    };

    const timers: NodeJS.Timeout[] = [];
    const cronTasks: ScheduledTask[] = [];
    let listener: Promise<void> = Promise.resolve();
    try {
      await writeState(pool, STATE_KEYS.leader(prefix), { pid: process.pid, host: os.hostname(), since: new Date().toISOString() });

      // Start-up: build what is missing or stale; retry with backoff while Meilisearch is unreachable.
      for (let failures = 0; !signal.aborted; failures++) {
        try {
          const reason = await reasonToRebuild(context);
          if (reason) await rebuildAllIndexes(context, reason);
          else await JOBS.get('recompute-aggregates')!.run(context);
          break;
        } catch (error) {
          const delay = Math.min(30_000, 500 * 2 ** failures);
          log.warn({ inMs: delay, error: (error as Error).message }, 'start-up build failed; retrying');
          recordError('start-up', error);
          await sleep(delay, signal);
        }
      }
      if (signal.aborted) return;
      leaderRebuild = rebuild;
      resolveReady();
      options.onReady?.();

      listener = listen(signal, () => drain.trigger(), () => void rebuild('requested by `indexer --full`').catch(() => undefined));
      timers.push(setInterval(() => drain.trigger(), config.indexerPollMs));
      drain.trigger();
      const cronTriggers: Record<string, () => void> = {
        'drain-outbox': () => drain.trigger(),
        'recompute-aggregates': () => aggregates.trigger(),
        'full-rebuild': () => void rebuild('cron').catch(() => undefined),
      };
      for (const job of JOBS.values()) {
        if (!job.cron) continue;
        const expression = typeof job.cron === 'function' ? job.cron(config) : job.cron;
        if (!cron.validate(expression)) throw new Error(`Invalid cron expression for ${job.name}: ${expression}`);
        cronTasks.push(cron.schedule(expression, () => cronTriggers[job.name]?.(), { name: `${prefix}${job.name}`, noOverlap: true }));
      }
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
    } finally {
      leaderRebuild = null;
      for (const timer of timers) clearInterval(timer);
      if (aggregateTimer) clearTimeout(aggregateTimer);
      await Promise.all(cronTasks.map((task) => task.destroy()));
      drain.stop();
      aggregates.stop();
      await Promise.allSettled([drain.idle(), aggregates.idle(), rebuildChain, listener]);
      options.metrics?.watchPool(null);
      await pool.end().catch(() => undefined);
    }
  }

  /** LISTEN on a dedicated connection, reconnecting; the poll timer covers any gap. */
  function listen(signal: AbortSignal, onOutbox: () => void, onRebuildRequest: () => void): Promise<void> {
    return listenLoop({
      databaseUrl,
      channels: [OUTBOX_CHANNEL, CONTROL_CHANNEL],
      applicationName: 'directory-indexer-listen',
      signal,
      onNotification(channel, payload) {
        if (channel === OUTBOX_CHANNEL) onOutbox();
        else if (channel === CONTROL_CHANNEL && payload === 'full-rebuild') onRebuildRequest();
      },
      onListening: onOutbox, // whatever arrived while not listening
      onError: (error) => log.warn({ error: error.message }, 'LISTEN connection failed; polling meanwhile'),
    });
  }

  async function electionLoop(): Promise<void> {
    for (let failures = 0; !stopSignal.aborted; ) {
      // keepAlive: a connection whose server vanished without closing it (a host gone) ends too.
      const lockClient = new pg.Client({ connectionString: databaseUrl, application_name: 'directory-indexer-lock', keepAlive: true, connectionTimeoutMillis: 10_000 });
      const lost = new AbortController();
      lockClient.on('error', () => lost.abort());
      lockClient.on('end', () => lost.abort());
      try {
        await lockClient.connect();
        for (;;) {
          if (stopSignal.aborted) return;
          const { rows } = await lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [lockName(prefix)]);
          if (rows[0].ok) break;
          setRole('standby');
          await sleep(options.standbyRetryMs ?? 1_000, stopSignal);
        }
        failures = 0;
        setRole('leader');
        // A keep-alive notices a dead lock connection even when nothing else talks to PostgreSQL.
        // One at a time: against a frozen server the pings would pile up on the connection (node-postgres
        // queues them, and warns on stderr that queueing is deprecated: a non-JSON line in the log).
        let pinging = false;
        const keepAlive = setInterval(() => {
          if (pinging) return;
          pinging = true;
          lockClient.query('SELECT 1').then(
            () => void (pinging = false),
            () => lost.abort(),
          );
        }, 5_000);
        try {
          await runLeader(AbortSignal.any([stopSignal, lost.signal]));
        } finally {
          clearInterval(keepAlive);
        }
        if (!stopSignal.aborted) log.warn('lost the indexer lock connection; stepping down');
      } catch (error) {
        failures++;
        if (!stopSignal.aborted) log.error({ error: (error as Error).message }, 'indexer error');
      } finally {
        await lockClient.end().catch(() => undefined); // ending the session releases the advisory lock
      }
      // Not the leader any more (the lock went with its session): say so before trying to take it again.
      if (!stopSignal.aborted && role === 'leader') setRole('standby');
      // Capped at 5 s: a restarted PostgreSQL (npm start restarts a crashed one within seconds) is found soon.
      if (!stopSignal.aborted) await sleep(Math.min(RECONNECT_CAP_MS, 500 * 2 ** failures), stopSignal);
    }
  }

  const done = electionLoop().finally(() => setRole('stopped'));
  return {
    role: () => role,
    ready,
    requestFullRebuild(reason) {
      if (!leaderRebuild) return Promise.reject(new Error('this indexer is not the active one'));
      return leaderRebuild(reason);
    },
    async stop() {
      stopController.abort();
      await done;
    },
    done,
  };
}

/** The jobs a test or a CLI may run directly with a context of its own. */
export type { Job, JobContext };
