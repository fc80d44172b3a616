/**
 * The API's read side of Meilisearch. Every public list reads from here, with a short deadline: when
 * Meilisearch is down or slow the caller gets a 503 JSON answer in about a second, never a hang.
 * Only the indexer writes these indexes (DESIGN §1).
 */
import { Meilisearch, type ExtraRequestInit, type Index, type RecordAny, type SearchParams } from 'meilisearch';
import type { Config } from '../../../../platform/config.ts';
import { indexUid, meiliApiError, UNCOMPRESSED_ANSWERS, type IndexKind } from '../../../../platform/search/client.ts';
import { AppError, SEARCH_UNAVAILABLE_MESSAGE } from '../../errors.ts';
import { createMeiliTransport } from './meili-transport.ts';
import { ReadGate } from './read-gate.ts';

/**
 * Meilisearch reads in flight from this process (read-gate.ts): a few per core keep Meilisearch busy
 * without letting a burst bury it under searches nobody will wait for.
 */
export const MAX_READS_IN_FLIGHT = 8;
const readGate = new ReadGate(MAX_READS_IN_FLIGHT);

/** A read takes a few ms; anything past this is an outage, not a slow query. */
export const READ_DEADLINE_MS = 2_000;

export { SEARCH_UNAVAILABLE_MESSAGE };
const NOT_INDEXED_MESSAGE = 'The directory is being indexed. Please try again in a moment.';

export interface SearchReader {
  meili: Meilisearch;
  prefix: string;
  index<T extends RecordAny = RecordAny>(kind: IndexKind | string): Index<T>;
}

/** A client of its own (short timeout) so a dead Meilisearch never holds a request for 10 s. */
export function createSearchReader(config: Pick<Config, 'meiliUrl' | 'meiliMasterKey' | 'meiliIndexPrefix'>): SearchReader {
  if (!config.meiliUrl) throw new Error('MEILI_URL is not resolved');
  const meili = new Meilisearch({
    host: config.meiliUrl,
    apiKey: config.meiliMasterKey,
    // The transport's own timeout (no AbortSignal per request); `httpClient` is deprecated in
    // meilisearch-js 0.62 but still the one way to replace fetch (meili-transport.ts).
    httpClient: createMeiliTransport({ timeoutMs: READ_DEADLINE_MS, maxSockets: MAX_READS_IN_FLIGHT * 2 }),
    // Uncompressed, as for every client of ours (a 200-document read here: 62 ms compressed, 5.6 ms not).
    requestInit: UNCOMPRESSED_ANSWERS,
  });
  return {
    meili,
    prefix: config.meiliIndexPrefix,
    index: <T extends RecordAny>(kind: IndexKind | string) =>
      searchingEmptyIndexes(meili.index<T>(kind.startsWith(config.meiliIndexPrefix) ? kind : `${config.meiliIndexPrefix}${kind}`)),
  };
}

/**
 * An index without documents knows no attributes yet, and Meilisearch refuses a search that names any in
 * `attributesToSearchOn` there (`invalid_search_attributes_to_search_on`): a new deployment with no
 * businesses answered every keyword search 500. Nothing can match in an empty index, so such a search is
 * asked again without them, once the index is seen to hold no documents (any other cause stays an error).
 */
function searchingEmptyIndexes<T extends RecordAny>(index: Index<T>): Index<T> {
  const search = index.search.bind(index);
  const guarded = async (query?: string | null, params?: SearchParams, extra?: ExtraRequestInit) => {
    try {
      return await search(query, params, extra);
    } catch (error) {
      if (!params?.attributesToSearchOn || meiliApiError(error)?.cause?.code !== 'invalid_search_attributes_to_search_on') throw error;
      if ((await index.getStats()).numberOfDocuments > 0) throw error;
      return search(query, { ...params, attributesToSearchOn: undefined }, extra);
    }
  };
  index.search = guarded as Index<T>['search'];
  return index;
}

export function isDocumentNotFound(error: unknown): boolean {
  return meiliApiError(error)?.cause?.code === 'document_not_found';
}

/** The cause of a 503 whose Meilisearch read ran past its deadline (the error handler's warning names it). */
export class SearchReadTimeout extends Error {
  override name = 'SearchReadTimeout';
}

/**
 * Runs one Meilisearch read under the deadline and turns transport failures into a 503 AppError. An
 * outage's 503 carries its cause: the error handler logs it once, with the request's id and path
 * (middleware/error-handler.ts), so the log says which requests an outage failed and why.
 * A missing index (first start, before the indexer's first build) is a 503 too: the data is coming.
 */
export async function readSearch<T>(work: () => Promise<T>, deadlineMs = READ_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let hasStarted = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const what = hasStarted ? 'search read timed out' : 'search read timed out waiting for its turn';
      const cause = new SearchReadTimeout(`${what} after ${deadlineMs} ms (${readGate.waiting} reads waiting)`);
      reject(new AppError('service_unavailable', SEARCH_UNAVAILABLE_MESSAGE, undefined, { cause }));
    }, deadlineMs);
  });
  // The deadline counts from here: time spent waiting for a turn is part of the visitor's wait.
  const ticket = readGate.enter();
  const run = ticket.ready.then(async () => {
    hasStarted = true;
    try {
      return await work();
    } finally {
      readGate.leave();
    }
  });
  run.catch(() => undefined); // when the deadline wins, the late outcome is nobody's
  try {
    return await Promise.race([run, deadline]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const apiError = meiliApiError(error);
    if (apiError) {
      const code = apiError.cause?.code;
      if (code === 'index_not_found') throw new AppError('service_unavailable', NOT_INDEXED_MESSAGE);
      if (code === 'document_not_found') throw apiError;
      if (apiError.response.status >= 500 || apiError.response.status === 429 || apiError.response.status === 408) {
        throw new AppError('service_unavailable', SEARCH_UNAVAILABLE_MESSAGE, undefined, { cause: apiError });
      }
      throw apiError;
    }
    throw new AppError('service_unavailable', SEARCH_UNAVAILABLE_MESSAGE, undefined, { cause: error });
  } finally {
    clearTimeout(timer);
    if (!hasStarted) ticket.cancel();
  }
}

/** Index uid of a kind, for code that builds raw multi-search queries. */
export function uidOf(reader: SearchReader, kind: IndexKind): string {
  return indexUid(reader.prefix, kind);
}

/** Quotes a value for a Meilisearch filter expression. */
export function filterValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
