/**
 * The API's request metrics, in prom-client (scraped from the metrics endpoint, platform/metrics.ts),
 * and the admin dashboard's live figures read from the same counters: every second the cumulative
 * totals are sampled into a ring of 300 samples, and a window is the live totals minus the sample taken
 * `seconds` ago. One source of truth; fixed memory; the per-request cost is prom-client's own.
 * Each API process counts only what it answered itself: the dashboard says so.
 */
import type { IncomingMessage } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Latency buckets in seconds: fine below 50 ms, where cached answers live, coarse above. The dashboard's
 * p95 interpolates within a bucket as Prometheus's histogram_quantile does.
 */
export const DURATION_BUCKETS_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const WINDOW_SECONDS = 300;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface RequestWindowFigures {
  seconds: number;
  requests: number;
  perSecond: number;
  p95Ms: number | null;
  serverErrors: number;
}

export interface RequestLabels {
  method: string;
  /** A route pattern, never a raw URL: the label set stays bounded. */
  route: string;
  status: number;
}

export interface RequestMetrics {
  /** Records one answered request. */
  record(labels: RequestLabels, durationMs: number): void;
  /** The figures over the last `seconds` (at most 300), up to now. `now` (ms since the epoch) is for tests. */
  window(seconds: number, now?: number): Promise<RequestWindowFigures>;
  /** Files the current totals as the sample of this second; the timer does it every second. */
  sample(now?: number): Promise<void>;
  /** Stops the sampling timer. */
  stop(): void;
}

/** Cumulative totals at one moment: requests, 5xx answers, and requests at or under each bucket bound. */
interface Totals {
  requests: number;
  serverErrors: number;
  buckets: Float64Array;
}

/** The request's route label: the Express route that answered, the response cache's route for an early hit. */
const ROUTE_LABEL = Symbol('directory.routeLabel');

/** Names the route of a request answered outside Express (the response cache's early hits). */
export function setRouteLabel(req: IncomingMessage, route: string): void {
  (req as IncomingMessage & { [ROUTE_LABEL]?: string })[ROUTE_LABEL] = route;
}

/** The label of a request no route took and no handler named: a 404 or 405. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * The label of any other answer given before a route took the request: a redirect to the canonical
 * path, a body refused before routing, the admin guard's 503 while PostgreSQL is down. Kept apart from
 * the 404s, so an outage's 503s are not read as unknown addresses.
 */
export const UNROUTED_ROUTE = 'unrouted';

/**
 * The route pattern of an answered request: Express's matched route (its path joined to the router's
 * mount path), the label an early answer or a handler set (`page`, `assets`), else `unmatched` for a
 * 404 or 405 and `unrouted` for anything else answered before routing.
 */
export function routeLabelOf(req: IncomingMessage, status?: number): string {
  const labelled = (req as IncomingMessage & { [ROUTE_LABEL]?: string })[ROUTE_LABEL];
  if (labelled) return labelled;
  const express = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  const path = express.route?.path;
  if (path === undefined) return status === undefined || status === 404 || status === 405 ? UNMATCHED_ROUTE : UNROUTED_ROUTE;
  return `${express.baseUrl ?? ''}${typeof path === 'string' ? path : String(path)}`;
}

export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : 'other';
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function createRequestMetrics(registry: Registry, options: { sampleEveryMs?: number } = {}): RequestMetrics {
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: 'directory_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'directory_http_request_duration_seconds',
    help: 'Time from the request reaching the server to the last byte of its answer handed to the socket',
    labelNames,
    buckets: DURATION_BUCKETS_SECONDS,
    registers: [registry],
  });

  async function readTotals(): Promise<Totals> {
    const [counted, timed] = await Promise.all([requests.get(), duration.get()]);
    let total = 0;
    let serverErrors = 0;
    for (const { value, labels } of counted.values) {
      total += value;
      if (labels.status_class === '5xx') serverErrors += value;
    }
    const buckets = new Float64Array(DURATION_BUCKETS_SECONDS.length + 1);
    for (const { metricName, labels, value } of timed.values) {
      if (metricName !== 'directory_http_request_duration_seconds_bucket') continue;
      // Bucket values carry `le` besides the declared labels.
      const le = (labels as Record<string, string | number | undefined>).le;
      const bound = le === '+Inf' ? DURATION_BUCKETS_SECONDS.length : DURATION_BUCKETS_SECONDS.indexOf(Number(le));
      if (bound >= 0) buckets[bound] += value;
    }
    return { requests: total, serverErrors, buckets };
  }

  const samples: Array<{ second: number; totals: Totals } | undefined> = new Array(WINDOW_SECONDS + 1);
  // Counting starts at zero now: a window reaching before this second counts everything since.
  const firstSecond = Math.floor(Date.now() / 1000);
  samples[firstSecond % samples.length] = { second: firstSecond, totals: { requests: 0, serverErrors: 0, buckets: new Float64Array(DURATION_BUCKETS_SECONDS.length + 1) } };
  const sample = async (now = Date.now()) => {
    const second = Math.floor(now / 1000);
    samples[second % samples.length] = { second, totals: await readTotals() };
  };
  const timer = setInterval(() => void sample(), options.sampleEveryMs ?? 1_000);
  timer.unref();

  /**
   * The latest sample taken at or before `second` (a stalled timer may have skipped a few); null when
   * counting started after it.
   */
  const sampleAtOrBefore = (second: number): Totals | null => {
    if (second < firstSecond) return null;
    for (let back = 0; back < samples.length; back += 1) {
      const found = samples[(second - back) % samples.length];
      if (found && found.second === second - back) return found.totals;
    }
    return null;
  };

  return {
    record({ method, route, status }, durationMs) {
      const labels = { method, route, status_class: statusClass(status) };
      requests.inc(labels);
      duration.observe(labels, durationMs / 1000);
    },
    async window(span, now = Date.now()) {
      const length = Math.min(Math.max(1, Math.floor(span)), WINDOW_SECONDS);
      const live = await readTotals();
      const base = sampleAtOrBefore(Math.floor(now / 1000) - length);
      const requestsInWindow = live.requests - (base?.requests ?? 0);
      const serverErrors = live.serverErrors - (base?.serverErrors ?? 0);
      const buckets = live.buckets.map((count, bucket) => count - (base?.buckets[bucket] ?? 0));
      return {
        seconds: length,
        requests: requestsInWindow,
        perSecond: Math.round((requestsInWindow / length) * 100) / 100,
        p95Ms: quantileMs(buckets, requestsInWindow, 0.95),
        serverErrors,
      };
    },
    sample,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * The q-quantile from cumulative bucket counts, interpolated linearly within its bucket (as PromQL's
 * histogram_quantile); the open-ended last bucket says its lower bound. Null without requests.
 */
function quantileMs(cumulative: Float64Array, total: number, q: number): number | null {
  if (total <= 0) return null;
  const rank = q * total;
  for (let bucket = 0; bucket < cumulative.length; bucket += 1) {
    if (cumulative[bucket] < rank) continue;
    if (bucket === DURATION_BUCKETS_SECONDS.length) return DURATION_BUCKETS_SECONDS.at(-1)! * 1000;
    const upper = DURATION_BUCKETS_SECONDS[bucket];
    const lower = bucket === 0 ? 0 : DURATION_BUCKETS_SECONDS[bucket - 1];
    const below = bucket === 0 ? 0 : cumulative[bucket - 1];
    const inBucket = cumulative[bucket] - below;
    const seconds = inBucket > 0 ? lower + ((upper - lower) * (rank - below)) / inBucket : upper;
    return Math.round(seconds * 1000 * 100) / 100;
  }
  return null;
}
