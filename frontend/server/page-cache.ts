/**
 * In-process cache of anonymous server-rendered pages, per data version (the version the API's response
 * cache obeys: api/src/services/public/data-version.ts). An entry keeps the HTML, its gzip form (its brotli
 * form is made at the first request that accepts it) and an ETag, so a hit costs no render, no loopback API
 * call and no compression, and a revalidation answers 304. Hits are answered in front of Express
 * (`serveHits`, plugged into the request listener like the API's own cache) or by the page handler.
 *
 * - Key: the path plus the query parameters a public page reads (PAGE_QUERY_PARAMS), sorted; the page is
 *   rendered from that key, so another parameter (utm_source=...) or a cookie can neither poison an entry
 *   nor multiply them. Bounded by count and bytes, least recently stored first out.
 * - Time: every entry holds until the next minute boundary at most, so "Open Now" is never a minute stale
 *   (docs/decisions.md); a new data version makes it a miss at once.
 * - Only a good page is stored (200 or 404: a page with a failed API read is a 5xx). When a fresh render
 *   fails (throws or answers 5xx) the last good copy is served, whatever its version, marked
 *   `X-Page-Cache: STALE`.
 * - Misses: one render per URL and version at a time (later requests join it), at most
 *   `maxConcurrentRenders` renders at once and `maxQueue` waiting up to `maxQueueWaitMs`; past that a
 *   request is shed with a 503 (no-store, Retry-After) instead of waiting into a timeout.
 *
 * Admin requests never come here (the handler renders them fresh, uncached).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { AppError } from '../../api/src/errors.ts';
import { SESSION_COOKIE } from '../../api/src/middleware/session.ts';
import { setRouteLabel } from '../../api/src/middleware/request-metrics.ts';
import { Counter, Gauge, type Registry } from 'prom-client';
import { preferredEncoding } from '../../platform/http/accept-encoding.ts';

/** The query parameters any public page reads (routes.tsx, pages/*, hooks/use-index-paging.ts). */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set(['page', 'q', 'location', 'category', 'city', 'lat', 'lng', 'filter', 'sent', 'error']);

/** Longer keys (a pasted essay in ?q=) are rendered but not stored. */
const MAX_KEY_LENGTH = 1_024;
const MINUTE_MS = 60_000;

/**
 * What the handler's render gives back: a page or a redirect. A page one of whose reads failed has a 5xx
 * status already (entry-server.tsx failureStatus, and a 503 when the site markup could not be read).
 */
export type RenderedPage =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; html: string; serverTiming: string };

interface Entry {
  version: string;
  status: number;
  html: Buffer;
  gzip: Buffer;
  br?: Buffer;
  etag: string;
  /** The next minute boundary after the render: Open Now is right until then. */
  expiresAt: number;
  bytes: number;
}

/** Plain numbers, read by the metrics endpoint at each scrape (registerPageCacheMetrics). */
export interface PageCacheStats {
  hits: number;
  misses: number;
  stale: number;
  shed: number;
  renders: number;
  notModified: number;
  entries: number;
  bytes: number;
  rendering: number;
  queued: number;
}

export interface PageCacheOptions {
  /** The public data version (the API's response cache). */
  dataVersion: () => Promise<string>;
  /** False: nothing is stored or served from memory (PUBLIC_RESPONSE_CACHE=false); shedding stays. */
  isEnabled?: boolean;
  /** The clock entries expire by (tests move it across a minute). */
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
  maxConcurrentRenders?: number;
  maxQueue?: number;
  maxQueueWaitMs?: number;
}

export interface PageCache {
  /** The cache key of a request URL (path + the page's own parameters), or null when it is not cacheable. */
  key(url: string): string | null;
  /**
   * For the HTTP server's request listener, before Express: answers a GET or HEAD of a live entry on the
   * bare node request (no session cookie: a request carrying one goes through Express, which tells an
   * admin from a visitor), else calls `next`.
   */
  serveHits(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * A visitor's page: answered from the cache or rendered (`render` receives the URL to render: the key),
   * stored and answered. Resolves with the rendered page when the caller must send it itself (a redirect,
   * an uncacheable URL, a failed render with no copy to fall back on), null when answered. Throws the
   * render's error when there is no copy, and a 503 AppError when shed.
   */
  handle(req: IncomingMessage, res: ServerResponse, render: (url: string) => Promise<RenderedPage>): Promise<RenderedPage | null>;
  stats(): PageCacheStats;
  purge(): void;
}

/** Path + the page parameters in name order (values of one name keep their order); null past the length bound. */
export function pageKey(url: string): string | null {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  if (path.length > MAX_KEY_LENGTH) return null;
  if (at < 0) return path;
  const kept: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) if (PAGE_QUERY_PARAMS.has(name)) kept.push([name, value]);
  if (kept.length === 0) return path;
  // Array.prototype.sort is stable: the values of one name keep their order.
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const key = `${path}?${new URLSearchParams(kept).toString()}`;
  return key.length > MAX_KEY_LENGTH ? null : key;
}

export function shedError(retryAfterSeconds: number): AppError {
  return new AppError('service_unavailable', 'The directory is busy right now. Please try again later.', undefined, { retryAfterSeconds });
}

class Shed extends Error {}

interface Outcome {
  page: RenderedPage;
  /** Set when the page was stored. */
  entry?: Entry;
}

/** The times React Query writes into the embedded state: new on every render, not part of the page. */
const RENDER_TIMES = /"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;

/**
 * A weak validator of what the page shows: its HTML with the state's fetch times left out, so the same
 * data gives the same ETag and a browser's or CDN's revalidation gets a 304 (Express's own ETag hashed the
 * times too and never matched).
 */
export function pageEtag(html: string): string {
  const content = html.replace(RENDER_TIMES, '"$1":0');
  return `W/"${Buffer.byteLength(content).toString(16)}-${createHash('sha1').update(content).digest('base64url')}"`;
}

/** Bounds concurrent renders and their waiting line; a request past either bound is refused at once or after the wait. */
function createRenderGate(maxConcurrent: number, maxQueue: number, maxWaitMs: number) {
  let active = 0;
  const waiting: Array<{ start(): void; timer: NodeJS.Timeout }> = [];
  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };
  return {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    run<T>(work: () => Promise<T>): Promise<T> {
      const go = () => {
        active += 1;
        return work().finally(release);
      };
      if (active < maxConcurrent) return go();
      if (waiting.length >= maxQueue) return Promise.reject(new Shed());
      return new Promise<T>((resolve, reject) => {
        const slot = {
          start: () => go().then(resolve, reject),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(slot), 1);
            reject(new Shed());
          }, maxWaitMs),
        };
        slot.timer.unref();
        waiting.push(slot);
      });
    },
  };
}

/** A weak ETag matched by If-None-Match (or `*`); `Cache-Control: no-cache` asks for the full answer. */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '')) return false;
  if (noneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const isEnabled = options.isEnabled ?? true;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 5_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  // Renders are CPU (React) plus loopback reads: twice the cores keeps both busy without a pile-up.
  const gate = createRenderGate(options.maxConcurrentRenders ?? Math.max(2, os.availableParallelism() * 2), options.maxQueue ?? 32, options.maxQueueWaitMs ?? 2_000);
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Promise<Outcome>>();
  let bytes = 0;
  const retryAfterSeconds = Math.max(1, Math.ceil((options.maxQueueWaitMs ?? 2_000) / 1000));
  const counts = { hits: 0, misses: 0, stale: 0, shed: 0, renders: 0, notModified: 0 };

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, entry: Entry): void {
    remove(key);
    if (entry.bytes > maxBytes / 16) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Map keeps insertion order: the first key is the least recently stored.
    while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value!);
  }

  function makeEntry(version: string, page: Extract<RenderedPage, { kind: 'page' }>): Entry {
    const html = Buffer.from(page.html);
    const etag = pageEtag(page.html);
    const gzip = gzipSync(html, { level: 6 });
    return { version, status: page.status, html, gzip, etag, expiresAt: (Math.floor(now() / MINUTE_MS) + 1) * MINUTE_MS, bytes: html.length + gzip.length * 2 };
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'HIT' | 'MISS' | 'STALE'): void {
    // The request metrics' route: every server-rendered page is one route, answered here or through Express.
    setRouteLabel(req, PAGE_ROUTE);
    const encoding = preferredEncoding(req.headers['accept-encoding'], { br: true, gzip: true });
    let body = entry.html;
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.html.length } });
      body = entry.br;
    } else if (encoding === 'gzip') {
      body = entry.gzip;
    }
    const secondsLeft = Math.max(0, Math.ceil((entry.expiresAt - now()) / 1000));
    // A stale copy stands in during an outage: no browser or proxy keeps it.
    res.setHeader('Cache-Control', state === 'STALE' ? 'no-store' : entry.status === 200 ? `public, max-age=${secondsLeft}` : 'no-store');
    res.setHeader('ETag', entry.etag);
    // The same URL is another page with an admin's cookie: no shared cache may mix them.
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('X-Page-Cache', state);
    if (state === 'HIT') counts.hits += 1;
    if (state === 'STALE') counts.stale += 1;
    if (isFresh(req, entry.etag)) {
      counts.notModified += 1;
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = entry.status;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The entry under `key` built from `version` whose minute has not passed. */
  function live(key: string, version: string): Entry | undefined {
    const entry = isEnabled ? entries.get(key) : undefined;
    return entry && entry.version === version && entry.expiresAt > now() ? entry : undefined;
  }

  return {
    key: pageKey,
    serveHits(req, res, next) {
      if (!isEnabled || entries.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      if ((req.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`)) return next();
      const key = pageKey(req.url ?? '');
      const entry = key === null ? undefined : entries.get(key);
      if (!entry || entry.expiresAt <= now()) return next();
      options.dataVersion().then((version) => {
        if (entry.version === version && entries.get(key!) === entry) send(req, res, entry, 'HIT');
        else next();
      }, next);
    },
    async handle(req, res, render) {
      // Express rewrites req.url inside mounted routers; originalUrl is the request's own.
      const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      const key = pageKey(url);
      const version = await options.dataVersion();
      if (key !== null) {
        const cached = live(key, version);
        if (cached) {
          send(req, res, cached, 'HIT');
          return null;
        }
      }
      counts.misses += 1;
      // Single flight: a burst of misses of one URL costs one render (and one compression).
      const flightKey = `${version}\n${key ?? url}`;
      let flight = flights.get(flightKey);
      if (!flight) {
        flight = gate
          .run(async (): Promise<Outcome> => {
            counts.renders += 1;
            const page = await render(key ?? url);
            if (key === null || !isEnabled || page.kind !== 'page' || (page.status !== 200 && page.status !== 404)) return { page };
            const entry = makeEntry(version, page);
            store(key, entry);
            return { page, entry };
          })
          .finally(() => flights.delete(flightKey));
        flights.set(flightKey, flight);
      }
      const copy = () => (key === null || !isEnabled ? undefined : entries.get(key));
      let outcome: Outcome;
      try {
        outcome = await flight;
      } catch (error) {
        if (error instanceof Shed) counts.shed += 1;
        const stale = copy();
        if (stale) {
          send(req, res, stale, 'STALE');
          return null;
        }
        throw error instanceof Shed ? shedError(retryAfterSeconds) : error;
      }
      const { page, entry } = outcome;
      if (page.kind === 'redirect') {
        // Rendered from the key: the visitor's own query (utm_source...) goes on with the redirect, as before.
        const at = url.indexOf('?');
        return at < 0 ? page : { kind: 'redirect', location: page.location.split('?')[0] + url.slice(at) };
      }
      if (entry) {
        if (page.kind === 'page') res.setHeader('Server-Timing', page.serverTiming);
        send(req, res, entry, 'MISS');
        return null;
      }
      // An outage: the last good copy, whatever its version, instead of the failed page.
      const stale = page.kind === 'page' && page.status >= 500 ? copy() : undefined;
      if (stale) {
        send(req, res, stale, 'STALE');
        return null;
      }
      return page;
    },
    stats() {
      return { ...counts, entries: entries.size, bytes, rendering: gate.active, queued: gate.queued };
    },
    purge() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** The route label of server-rendered pages in the request metrics (a bounded label, not the URL). */
export const PAGE_ROUTE = 'page';

/**
 * The page cache's figures as Prometheus metrics, read from `stats()` at each scrape:
 * `directory_page_cache_requests_total{result}` (hit, miss, stale, shed, not_modified),
 * `directory_page_renders_total`, and gauges of entries, bytes, renders under way and requests queued.
 */
export function registerPageCacheMetrics(registry: Registry, cache: Pick<PageCache, 'stats'>): void {
  const registers = [registry];
  new Counter({
    name: 'directory_page_cache_requests_total',
    help: 'Visitor page requests by the page cache: hit, miss (rendered), stale (last good copy during an outage), shed (503 under load), not_modified (304)',
    labelNames: ['result'],
    registers,
    collect() {
      const stats = cache.stats();
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'miss' }, stats.misses);
      this.inc({ result: 'stale' }, stats.stale);
      this.inc({ result: 'shed' }, stats.shed);
      this.inc({ result: 'not_modified' }, stats.notModified);
    },
  });
  new Counter({
    name: 'directory_page_renders_total',
    help: 'Server renders of visitor pages (misses collapse into one render per URL)',
    registers,
    collect() {
      this.reset();
      this.inc(cache.stats().renders);
    },
  });
  const gauge = (name: string, help: string, read: (stats: PageCacheStats) => number) =>
    new Gauge({ name, help, registers, collect() { this.set(read(cache.stats())); } });
  gauge('directory_page_cache_entries', 'Pages held by the page cache', (stats) => stats.entries);
  gauge('directory_page_cache_bytes', 'Bytes held by the page cache (HTML and its compressed forms)', (stats) => stats.bytes);
  gauge('directory_page_renders_in_progress', 'Visitor page renders under way', (stats) => stats.rendering);
  gauge('directory_page_renders_queued', 'Visitor page requests waiting for a render slot', (stats) => stats.queued);
}
