/**
 * Meilisearch client and index names. Every index uid carries MEILI_INDEX_PREFIX so tests and
 * several environments never collide. Only the indexer writes to these indexes; the API reads.
 */
import { Meilisearch } from 'meilisearch';
import type { Config } from '../config.ts';

export function createMeili(config: Pick<Config, 'meiliUrl' | 'meiliMasterKey'>, options: { timeoutMs?: number } = {}): Meilisearch {
  if (!config.meiliUrl) throw new Error('MEILI_URL is not resolved');
  return new Meilisearch({ host: config.meiliUrl, apiKey: config.meiliMasterKey, timeout: options.timeoutMs ?? 10_000 });
}

/** The logical indexes of the directory. Aggregates are small precomputed indexes (DESIGN §1). */
// `home` holds one precomputed document for the home page (common/search-documents.ts).
export const INDEX_KINDS = ['businesses', 'categories', 'countries', 'cities', 'home'] as const;
export type IndexKind = (typeof INDEX_KINDS)[number];

export function indexUid(prefix: string, kind: IndexKind): string {
  return `${prefix}${kind}`;
}
