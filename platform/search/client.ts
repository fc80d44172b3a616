/**
 * Meilisearch client and index names. Every index uid carries MEILI_INDEX_PREFIX so tests and
 * several environments never collide. Only the indexer writes to these indexes; the API reads.
 */
import { Meilisearch, MeilisearchApiError, MeilisearchRequestError } from 'meilisearch';
import type { Config } from '../config.ts';

export function createMeili(config: Pick<Config, 'meiliUrl' | 'meiliMasterKey'>, options: { timeoutMs?: number } = {}): Meilisearch {
  if (!config.meiliUrl) throw new Error('MEILI_URL is not resolved');
  return new Meilisearch({ host: config.meiliUrl, apiKey: config.meiliMasterKey, timeout: options.timeoutMs ?? 10_000 });
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

/** The logical indexes of the directory. Aggregates are small precomputed indexes (DESIGN §1). */
// `home` holds one precomputed document for the home page (common/search-documents.ts).
export const INDEX_KINDS = ['businesses', 'categories', 'countries', 'cities', 'home'] as const;
export type IndexKind = (typeof INDEX_KINDS)[number];

export function indexUid(prefix: string, kind: IndexKind): string {
  return `${prefix}${kind}`;
}
