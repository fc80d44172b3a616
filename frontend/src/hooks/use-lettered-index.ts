import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { useApi } from '../lib/use-api.ts';
import { useIndexPaging, type Needle } from './use-index-paging.ts';

type ListOptions<T, K extends QueryKey> = UseQueryOptions<T[], Error, T[], K>;

/**
 * An index with letter pages (/categories/b, /cities/b): the letter's list, paged and filtered, and the
 * whole list beside it. The whole list supplies the totals on a letter page too: a share "of all
 * businesses" is of all of them, not of those whose name starts with the letter.
 */
export function useLetteredIndex<T, K extends QueryKey>({ letter, listQuery, matches, businessesOf }: {
  letter: string | undefined;
  /** The query of the list, of one letter's names when given one (categoriesQuery). */
  listQuery: (api: ApiClient, letter?: string) => ListOptions<T, K>;
  matches: (item: T, needle: Needle) => boolean;
  businessesOf: (item: T) => number;
}) {
  const api = useApi();
  const all = useQuery(listQuery(api));
  const lettered = useQuery({ ...listQuery(api, letter), enabled: Boolean(letter) });
  const query = letter ? lettered : all;
  const paging = useIndexPaging(query.data ?? [], matches);
  const totals = all.data ?? [];
  const totalBusinesses = totals.reduce((sum, item) => sum + businessesOf(item), 0);
  return {
    letter,
    query,
    paging,
    /** How many the whole index lists, their businesses, and the mean number a name has. */
    totals: { count: totals.length, businesses: totalBusinesses, average: totals.length ? Math.round(totalBusinesses / totals.length) : 0 },
  };
}
