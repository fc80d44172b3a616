/**
 * What the public routers share within one app: the Meilisearch reader (short deadline), the data
 * version tracker and the response cache. One per app (keyed by its deps), so the routers of one
 * app share a cache and two apps in one test process never do.
 */
import type { RouteDeps } from '../../deps.ts';
import { createDataVersionTracker } from './data-version.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { createSearchReader, type SearchReader } from './search-reader.ts';

export interface PublicContext {
  deps: RouteDeps;
  reader: SearchReader;
  cache: ResponseCache;
}

const contexts = new WeakMap<object, PublicContext>();

export function getPublicContext(deps: RouteDeps): PublicContext {
  // Routers may receive copies of one deps object; the Config object identifies the app.
  const key = deps.config;
  let context = contexts.get(key);
  if (!context) {
    const reader = createSearchReader(deps.config);
    const versions = createDataVersionTracker({ meili: reader.meili, indexPrefix: deps.config.meiliIndexPrefix, pool: deps.pool });
    context = { deps, reader, cache: createResponseCache(versions, { isEnabled: deps.config.publicResponseCache }) };
    contexts.set(key, context);
  }
  return context;
}

/** For POST /api/admin/clear-cache in this process (other replicas follow via the data version). */
export function purgePublicCache(deps: RouteDeps): void {
  contexts.get(deps.config)?.cache.purge();
}

/** Spec §9 cache times, in seconds. */
export const CACHE_SECONDS = {
  homepage: 2 * 60 * 60,
  featured: 30 * 60,
  detail: 10 * 60,
  aggregates: 2 * 60 * 60,
  lists: 10 * 60,
  search: 60,
  settings: 5 * 60,
} as const;
