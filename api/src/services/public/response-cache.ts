/**
 * In-process cache of public GET answers, keyed by URL. Each entry remembers the data version it was
 * built from (data-version.ts); a new version (indexer publish, ad or settings save, admin purge)
 * makes every older entry a miss. An entry holds the serialised JSON, its gzip form (compressed once,
 * not per request), a strong ETag and Last-Modified, so a hit costs no Meilisearch call, no JSON
 * work and no compression, and a revalidation answers 304.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { DataVersionTracker } from './data-version.ts';

interface Entry {
  version: string;
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  lastModified: string;
  expiresAt: number;
  maxAgeSeconds: number;
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
   * Middleware for the front of the app: answers a GET whose URL has a fresh entry at once, before the
   * session cookie is parsed and the routers are walked (a hit was ~3,000 req/s behind them at 50
   * connections on 2 cores). Anything else goes on to the routers, whose `json` handlers fill the cache.
   */
  readonly serveHits: RequestHandler;
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
}

const MAX_SHARED_VALUES = 2_000;

export function createResponseCache(versions: DataVersionTracker, options: { isEnabled?: boolean } = {}): ResponseCache {
  // Disabled (PUBLIC_RESPONSE_CACHE=false), every request is built afresh: for measuring the read path.
  const isEnabled = options.isEnabled ?? true;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  const sharedValues = new Map<string, { version: string; value: unknown; expiresAt: number }>();
  const shared: SharedValues = {
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

  function send(req: Request, res: Response, entry: Entry): void {
    res.set('Cache-Control', `public, max-age=${entry.maxAgeSeconds}`);
    res.set('ETag', entry.etag);
    res.set('Last-Modified', entry.lastModified);
    res.vary('Accept-Encoding');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json');
    if (entry.gzip && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip');
      res.send(entry.gzip);
    } else {
      res.send(entry.body);
    }
  }

  return {
    json({ maxAgeSeconds, schema, produce }) {
      return async (req, res) => {
        const key = req.originalUrl;
        const version = await versions.current();
        const cached = entries.get(key);
        if (isEnabled && cached && cached.version === version && cached.expiresAt > Date.now()) {
          send(req, res, cached);
          return;
        }
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
      if (!isEnabled || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      const cached = entries.get(req.originalUrl);
      if (!cached) return next();
      versions.current().then((version) => {
        if (cached.version === version && cached.expiresAt > Date.now()) send(req, res, cached);
        else next();
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
