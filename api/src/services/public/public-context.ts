/**
 * What the public routers share within one app: the Meilisearch reader (short deadline), the data
 * version tracker and the response cache. Built once per app with its route deps (deps.ts), so the
 * routers of one app share a cache and two apps in one test process never do.
 */
import type { Config } from '../../../../platform/config.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Registry } from '../../../../platform/metrics.ts';
import { createDataVersionTracker } from './data-version.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { createSearchReader, type SearchReader } from './search-reader.ts';

export interface PublicContext {
  reader: SearchReader;
  cache: ResponseCache;
}

export function createPublicContext(deps: { config: Config; pool: Pool; metrics?: Registry }): PublicContext {
  const reader = createSearchReader(deps.config);
  const versions = createDataVersionTracker({ meili: reader.meili, indexPrefix: deps.config.meiliIndexPrefix, pool: deps.pool });
  return { reader, cache: createResponseCache(versions, { isEnabled: deps.config.publicResponseCache, metrics: deps.metrics }) };
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
