/**
 * In-process cache of public GET answers, keyed by URL. Each entry remembers the data version it was
 * built from (data-version.ts); a new version (indexer publish, ad or settings save, admin purge)
 * makes every older entry a miss. An entry holds the serialised JSON, its gzip form (compressed once,
 * not per request) and its brotli form (compressed at the first request that accepts it), a strong
 * ETag per encoding and Last-Modified, so a hit costs no Meilisearch call, no JSON work and no
 * compression, and a revalidation answers 304.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { preferredEncoding } from '../../../../platform/http/accept-encoding.ts';
import type { Request, RequestHandler } from 'express';
import { Counter, type Registry } from 'prom-client';
import { routeLabelOf, setRouteLabel } from '../../middleware/request-metrics.ts';
import type { z } from 'zod';
import type { DataVersionTracker } from './data-version.ts';

interface Entry {
  version: string;
  body: Buffer;
  /** Null when the body is too small to be worth compressing (then there is no brotli form either). */
  gzip: Buffer | null;
  /** Made at the first request that accepts brotli. */
  br?: Buffer;
  etag: string;
  lastModified: string;
  expiresAt: number;
  maxAgeSeconds: number;
  /** The route pattern that built it: the metrics label of its early hits. */
  route: string;
}

const MAX_ENTRIES = 5_000;
/** Below this, gzip's header outweighs what it saves. */
const GZIP_MIN_BYTES = 1_024;

export interface ResponseCache {
  /**
   * A GET handler answering `produce(req)` validated by `schema`, cached for `maxAgeSeconds` (also
   * sent as Cache-Control max-age) or until the data version changes.
   */
  json<S extends z.ZodType>(options: {
    maxAgeSeconds: number;
    schema: S;
    produce: (req: Request) => Promise<z.input<S>>;
  }): RequestHandler;
  /**
   * For the HTTP server's request listener, in front of Express: answers a GET or HEAD whose URL has a
   * fresh entry on the bare node request, and calls `next` for anything else (the routers, whose `json`
   * handlers fill the cache). A hit answered here costs no Express work at all: bench:api at 1,000,000
   * businesses, 50 connections, cached homepage-data went from 4,664 to 41,309 req/s and its p95 from
   * 20.5 to 2.2 ms (docs/performance.md), which is what keeps a cached call's p95 low under load.
   */
  serveHits(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * Values several responses share (the facet counts of every page of one search), kept until the data
   * version moves or `maxAgeSeconds` pass. Off with the cache (`recall` then finds nothing).
   */
  readonly shared: SharedValues;
  /** Drops every entry of this process now. */
  purge(): void;
  readonly size: number;
}

export interface SharedValues {
  /**
   * The value under `key` for the current data version, if any, and `store` to keep one for that same
   * version (read before the caller's search, so a publish in between never files old data as new).
   */
  lookup<T>(key: string, maxAgeSeconds: number): Promise<{ value: T | undefined; store(value: T): void }>;
  /** The current data version, for memos kept elsewhere (they must not outlive it). */
  version(): Promise<string>;
}

const MAX_SHARED_VALUES = 2_000;

export function createResponseCache(versions: DataVersionTracker, options: { isEnabled?: boolean; metrics?: Registry } = {}): ResponseCache {
  // Disabled (PUBLIC_RESPONSE_CACHE=false), every request is built afresh: for measuring the read path.
  const isEnabled = options.isEnabled ?? true;
  const lookups = new Counter({
    name: 'directory_response_cache_requests_total',
    help: 'Public API reads by the response cache: hit (answered from the cache) or miss (built), by route pattern',
    labelNames: ['route', 'result'] as const,
    registers: options.metrics ? [options.metrics] : [],
  });
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  const sharedValues = new Map<string, { version: string; value: unknown; expiresAt: number }>();
  const shared: SharedValues = {
    version: () => versions.current(),
    async lookup<T>(key: string, maxAgeSeconds: number) {
      const version = await versions.current();
      const found = isEnabled ? sharedValues.get(key) : undefined;
      const value = found && found.version === version && found.expiresAt > Date.now() ? (found.value as T) : undefined;
      return {
        value,
        store(next: T) {
          if (!isEnabled) return;
          sharedValues.delete(key);
          sharedValues.set(key, { version, value: next, expiresAt: Date.now() + maxAgeSeconds * 1000 });
          if (sharedValues.size > MAX_SHARED_VALUES) sharedValues.delete(sharedValues.keys().next().value!);
        },
      };
    },
  };

  function store(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    // Map keeps insertion order: the first key is the least recently stored.
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }

  /** The entry under `key` if it was built from `version` and has not expired. */
  function liveEntry(key: string, version: string): Entry | undefined {
    const entry = isEnabled ? entries.get(key) : undefined;
    return entry && entry.version === version && entry.expiresAt > Date.now() ? entry : undefined;
  }

  /** Writes `entry` on the bare node response, so the Express path and the early path answer alike. */
  function send(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    const encoding = entry.gzip ? preferredEncoding(req.headers['accept-encoding'], { br: true, gzip: true }) : null;
    let body = entry.body;
    if (encoding === 'br') {
      // Quality 5, made once per entry: 7-25% smaller than gzip -6 for this JSON, at 1.4-3x its time
      // (0.2-0.35 ms; docs/performance.md, "Compression of API answers").
      entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } });
      body = entry.br;
    } else if (encoding === 'gzip') {
      body = entry.gzip!;
    }
    res.setHeader('Cache-Control', `public, max-age=${entry.maxAgeSeconds}`);
    // Each encoding is its own representation, with its own strong validator (RFC 9110 §8.8.3).
    res.setHeader('ETag', encodedTag(entry.etag, encoding));
    res.setHeader('Last-Modified', entry.lastModified);
    res.setHeader('Vary', 'Accept-Encoding');
    if (isFresh(req, entry)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    json({ maxAgeSeconds, schema, produce }) {
      return async (req, res) => {
        const key = req.originalUrl;
        const version = await versions.current();
        const cached = liveEntry(key, version);
        if (cached) {
          lookups.inc({ route: cached.route, result: 'hit' });
          send(req, res, cached);
          return;
        }
        const route = routeLabelOf(req);
        lookups.inc({ route, result: 'miss' });
        // Single flight: a burst of misses for one URL costs one Meilisearch read.
        const flightKey = `${version}\n${key}`;
        let building = isEnabled ? pending.get(flightKey) : undefined;
        if (!building) {
          building = (async () => {
            const value = schema.parse(await produce(req));
            const body = Buffer.from(JSON.stringify(value));
            const entry: Entry = {
              version,
              body,
              gzip: isEnabled && body.length >= GZIP_MIN_BYTES ? gzipSync(body, { level: 6 }) : null,
              etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
              lastModified: new Date().toUTCString(),
              expiresAt: Date.now() + maxAgeSeconds * 1000,
              maxAgeSeconds,
              route,
            };
            if (isEnabled) store(key, entry);
            return entry;
          })().finally(() => pending.delete(flightKey));
          if (isEnabled) pending.set(flightKey, building);
        }
        send(req, res, await building);
      };
    },
    serveHits(req, res, next) {
      const key = req.url ?? '';
      if (!isEnabled || (req.method !== 'GET' && req.method !== 'HEAD') || !entries.has(key)) return next();
      versions.current().then((version) => {
        const cached = liveEntry(key, version);
        if (!cached) return next();
        lookups.inc({ route: cached.route, result: 'hit' });
        setRouteLabel(req, cached.route);
        send(req, res, cached);
      }, next);
    },
    shared,
    purge() {
      entries.clear();
      sharedValues.clear();
      versions.invalidate();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The ETag of one encoding of an entry: `"hash"` plain, `"hash-gzip"`, `"hash-br"`. */
export function encodedTag(etag: string, encoding: 'br' | 'gzip' | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/**
 * A conditional GET that the client's copy still answers (RFC 9110 §13.1: If-None-Match wins over
 * If-Modified-Since; `Cache-Control: no-cache` asks for the full answer), as Express's `req.fresh`.
 */
export function isFresh(req: IncomingMessage, entry: { etag: string; lastModified: string }): boolean {
  const noneMatch = req.headers['if-none-match'];
  const modifiedSince = req.headers['if-modified-since'];
  if (!noneMatch && !modifiedSince) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '')) return false;
  if (noneMatch) {
    if (noneMatch.trim() === '*') return true;
    // Any encoding's tag names the same content: a copy kept as gzip is as fresh as a plain one.
    return noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/-(?:gzip|br)"$/, '"') === entry.etag);
  }
  const since = Date.parse(modifiedSince!);
  return !Number.isNaN(since) && Date.parse(entry.lastModified) <= since;
}
