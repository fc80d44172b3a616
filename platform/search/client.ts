/**
 * Meilisearch client and index names. Every index uid carries MEILI_INDEX_PREFIX so tests and
 * several environments never collide. Only the indexer writes to these indexes; the API reads.
 */
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError, MeilisearchRequestTimeOutError, MeilisearchTaskTimeOutError } from 'meilisearch';
import type { Config } from '../config.ts';

/**
 * What every Meilisearch client of ours sends with each request: a request for uncompressed answers. fetch
 * offers gzip and deflate by default, and Meilisearch's compressed answers over ~1 KB reached a keep-alive
 * connection ~40 ms late (measured: a 5-hit search 32.9 ms instead of 1.4 ms, 20 documents 10.6 ms instead of
 * 1.7 ms, a task 1.8 instead of 1.2 ms; 40 ms is what Linux's delayed ACK waits, the likely cause). On a
 * local link compression saves nothing anyway.
 */
export const UNCOMPRESSED_ANSWERS = { headers: { 'accept-encoding': 'identity' } };

/**
 * The client of the indexer, the CLIs and the API's admin side (the API's public reads have their own,
 * api/src/services/public/search-reader.ts).
 */
export function createMeili(config: Pick<Config, 'meiliUrl' | 'meiliMasterKey'>, options: { timeoutMs?: number } = {}): Meilisearch {
  if (!config.meiliUrl) throw new Error('MEILI_URL is not resolved');
  return new Meilisearch({
    host: config.meiliUrl,
    apiKey: config.meiliMasterKey,
    timeout: options.timeoutMs ?? 10_000,
    requestInit: UNCOMPRESSED_ANSWERS,
  });
}

/**
 * Meilisearch's own error answer (4xx/5xx with a code such as `index_not_found`) behind `error`, if that
 * is what it is. With a custom transport (the API's, api/src/services/public/meili-transport.ts) the
 * client wraps it in a MeilisearchRequestError, so it arrives as that error's cause.
 */
export function meiliApiError(error: unknown): MeilisearchApiError | undefined {
  if (error instanceof MeilisearchApiError) return error;
  if (error instanceof MeilisearchRequestError && error.cause instanceof MeilisearchApiError) return error.cause;
  return undefined;
}

/**
 * True when Meilisearch could not answer (unreachable, timed out, or its own 5xx/429): an outage the
 * caller reports as a 503, not a fault of the request. Its error answers of 4xx (a missing index, a bad
 * filter) are not: they say something about the request or the data.
 */
export function isSearchUnavailable(error: unknown): boolean {
  if (error instanceof MeilisearchRequestTimeOutError || error instanceof MeilisearchTaskTimeOutError) return true;
  const apiError = meiliApiError(error);
  if (apiError) return apiError.response.status >= 500 || apiError.response.status === 429 || apiError.response.status === 408;
  return error instanceof MeilisearchRequestError;
}

/** The logical indexes of the directory. Aggregates are small precomputed indexes (DESIGN §1). */
// `home` holds one precomputed document for the home page (common/search-documents.ts).
export const INDEX_KINDS = ['businesses', 'categories', 'countries', 'cities', 'home'] as const;
export type IndexKind = (typeof INDEX_KINDS)[number];

export function indexUid(prefix: string, kind: IndexKind): string {
  return `${prefix}${kind}`;
}
