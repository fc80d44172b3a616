/**
 * Prometheus metrics shared by the API and the indexer (prom-client). Each process builds one registry
 * (no prom-client global: two apps in one test process keep their own counts) and serves it on a
 * listener of its own, METRICS_HOST:METRICS_PORT (the API) or METRICS_HOST:INDEXER_METRICS_PORT (the
 * indexer), never on the public port: loopback by default, so only the machine (or a scraper the operator
 * lets in) reads it. Names follow Prometheus conventions: `directory_*`, units in the name, `_total` counters.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Pool } from './db/pool.ts';
import type { Logger } from './log.ts';

export { Registry };

/** A registry with the process's own figures (CPU, memory, event loop lag, GC, handles) when asked. */
export function createMetricsRegistry(options: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'directory_' });
  return registry;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text format) on its own listener. Port 0 in the config means none
 * (null). A port that is taken is logged and skipped, not fatal: the process's job is its traffic, and
 * two processes on one machine (two APIs) each need a METRICS_PORT of their own.
 */
export async function startMetricsServer(options: { registry: Registry; host: string; port: number; log: Logger }): Promise<MetricsServer | null> {
  const { registry, host, port, log } = options;
  if (port === 0) return null;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.warn({ error: error instanceof Error ? error.message : String(error) }, 'metrics scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    log.error({ host, port, error: code ?? (error as Error).message }, `metrics endpoint not started: ${host}:${port} ${code === 'EADDRINUSE' ? 'is in use' : 'cannot be used'}; set another port (0 or off: none)`);
    return null;
  }
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics`;
  log.info({ url }, 'metrics endpoint listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What `npm start`'s supervisor sends each child over IPC when an embedded server was restarted. */
export interface EmbeddedServerRestartsMessage {
  type: 'embedded-server-restarts';
  counts: Record<string, number>;
}

function isRestartsMessage(message: unknown): message is EmbeddedServerRestartsMessage {
  const candidate = message as Partial<EmbeddedServerRestartsMessage> | null;
  return typeof candidate === 'object' && candidate !== null && candidate.type === 'embedded-server-restarts' && typeof candidate.counts === 'object' && candidate.counts !== null;
}

/**
 * `directory_embedded_server_restarts_total{server}`: restarts of the embedded PostgreSQL and
 * Meilisearch by `npm start`'s supervisor, which sends its running totals to each child over IPC. A
 * child restarted later receives the totals again and starts from them. Returns the message handler
 * (for a test) after attaching it to `source` (the process's IPC channel by default).
 */
export function trackEmbeddedServerRestarts(registry: Registry, source: NodeJS.EventEmitter = process): (message: unknown) => void {
  const restarts = new Counter({
    name: 'directory_embedded_server_restarts_total',
    help: 'Restarts of an embedded server (postgres, meilisearch) by the npm start supervisor',
    labelNames: ['server'],
    registers: [registry],
  });
  const seen = new Map<string, number>();
  const onMessage = (message: unknown) => {
    if (!isRestartsMessage(message)) return;
    for (const [server, count] of Object.entries(message.counts)) {
      if (typeof count !== 'number' || !Number.isFinite(count) || !/^[a-z0-9_-]{1,40}$/i.test(server)) continue;
      const previous = seen.get(server) ?? 0;
      if (count > previous) restarts.inc({ server }, count - previous);
      else if (!seen.has(server)) restarts.inc({ server }, 0);
      seen.set(server, Math.max(previous, count));
    }
  };
  source.on('message', onMessage);
  return onMessage;
}

/** Outbox spans above this are reported from the ids (an upper bound) rather than counted. */
const EXACT_COUNT_SPAN = 100_000;
/** A scrape does not wait longer than this for PostgreSQL. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

/**
 * `directory_search_outbox_rows` and `directory_search_outbox_oldest_age_seconds`, read from
 * PostgreSQL when scraped. Bounded cost whatever the backlog: the oldest row and the id span come from
 * the primary key index; the rows are counted only when the span is at most 100,000 ids, else the span
 * stands for the depth (an upper bound: the drain acknowledges in id order, so there are few holes).
 * Both gauges share one read per scrape.
 */
export function registerOutboxMetrics(registry: Registry, pool: Pool): void {
  let reading: { at: number; value: Promise<{ rows: number; ageSeconds: number } | null> } | null = null;
  const read = () => {
    if (reading && Date.now() - reading.at < 1_000) return reading.value;
    const query = (async () => {
      const { rows } = await pool.query<{ first: number | null; last: number | null; age: number | null }>(
        `SELECT (SELECT id FROM search_outbox ORDER BY id LIMIT 1) AS first,
                (SELECT id FROM search_outbox ORDER BY id DESC LIMIT 1) AS last,
                (SELECT extract(epoch FROM now() - created_at)::float8 FROM search_outbox ORDER BY id LIMIT 1) AS age`,
      );
      const { first, last, age } = rows[0];
      if (first === null || last === null) return { rows: 0, ageSeconds: 0 };
      const span = Number(last) - Number(first) + 1;
      const depth = span <= EXACT_COUNT_SPAN ? (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM search_outbox')).rows[0].n : span;
      return { rows: depth, ageSeconds: Math.max(0, age ?? 0) };
    })();
    // PostgreSQL down or frozen: the gauges keep their last value and the rest of the scrape answers.
    let timer: NodeJS.Timeout | undefined;
    const value = Promise.race([query, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SCRAPE_QUERY_TIMEOUT_MS)))])
      .catch(() => null)
      .finally(() => clearTimeout(timer));
    reading = { at: Date.now(), value };
    return value;
  };
  new Gauge({
    name: 'directory_search_outbox_rows',
    help: 'Business changes committed in PostgreSQL and not yet in Meilisearch (the search outbox)',
    registers: [registry],
    async collect() {
      const figures = await read();
      if (figures) this.set(figures.rows);
    },
  });
  new Gauge({
    name: 'directory_search_outbox_oldest_age_seconds',
    help: 'Age of the oldest change not yet in Meilisearch: how far search lags behind PostgreSQL (0 when none is pending)',
    registers: [registry],
    async collect() {
      const figures = await read();
      if (figures) this.set(figures.ageSeconds);
    },
  });
}

/**
 * Each PostgreSQL pool of the process, read from node-postgres when scraped (no I/O): its size
 * (`directory_db_pool_max_connections`, DATABASE_POOL_SIZE or the process's default), its open
 * connections by state, and the callers waiting for one. `pools` is read at each scrape. Waiters that stay above 0 mean a pool too small
 * for the traffic; the sum of the maxima over every process is what PostgreSQL's max_connections must
 * hold (docs/deploying.md, Connection budget).
 */
export function registerPoolMetrics(registry: Registry, pools: Readonly<Record<string, Pool>>): void {
  // Read per scrape: a process whose pools come and go (the indexer's leader pool) changes the record.
  const entries = () => Object.entries(pools);
  new Gauge({
    name: 'directory_db_pool_max_connections',
    help: 'Most connections this PostgreSQL pool opens (DATABASE_POOL_SIZE, or the process default)',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [name, pool] of entries()) this.set({ pool: name }, pool.options.max ?? 0);
    },
  });
  new Gauge({
    name: 'directory_db_pool_connections',
    help: 'Open connections of this PostgreSQL pool, idle or in use',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [name, pool] of entries()) {
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
      }
    },
  });
  new Gauge({
    name: 'directory_db_pool_waiting_requests',
    help: 'Callers waiting for a connection of this PostgreSQL pool (all are in use)',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [name, pool] of entries()) this.set({ pool: name }, pool.waitingCount);
    },
  });
}
