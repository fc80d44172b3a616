import { useQuery, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { BusinessListItem } from '../../../common/api/public.ts';

/** The highest page the paged API lists answer (common/api/public.ts: page 1..1000, else 400). */
export const API_MAX_PAGE = 1000;

/**
 * The page shown for a requested one: at least 1, at most the last page (an empty list has one page).
 * The index pages (hooks/use-index-paging.ts) and the paged detail and search pages all clamp with it.
 */
export function clampPage(requested: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  return Number.isFinite(requested) ? Math.min(Math.max(1, Math.floor(requested)), last) : 1;
}

type PagedOptions<T, K extends QueryKey> = UseQueryOptions<T, Error, T, K>;

/**
 * A paged API list asked for `requested` page: the API is asked for it (at most API_MAX_PAGE), and when
 * that lies past the last page, for the last page as well. The server loader prefetches the same two
 * queries (prefetchClampedPage), so the first render reads both from the dehydrated cache.
 */
export function useClampedPageQuery<T, K extends QueryKey>(
  optionsFor: (page: number) => PagedOptions<T, K>,
  requested: number,
  totalPagesOf: (data: T) => number,
) {
  const asked = Math.min(requested, API_MAX_PAGE);
  const first = useQuery(optionsFor(asked));
  const page = first.data === undefined ? asked : clampPage(asked, totalPagesOf(first.data));
  const clamped = page !== asked;
  const last = useQuery({ ...optionsFor(page), enabled: clamped });
  return { page, query: clamped ? last : first };
}

/** Server loader side of useClampedPageQuery: one extra request only when `requested` is past the last page. */
export async function prefetchClampedPage<T, K extends QueryKey>(
  queryClient: QueryClient,
  optionsFor: (page: number) => PagedOptions<T, K>,
  requested: number,
  totalPagesOf: (data: T) => number,
): Promise<void> {
  const asked = Math.min(requested, API_MAX_PAGE);
  // fetchQuery keeps a failure in the cache like prefetchQuery does: the page renders its error state.
  const data = await queryClient.fetchQuery(optionsFor(asked) as Parameters<QueryClient['fetchQuery']>[0]).catch(() => undefined);
  if (data === undefined) return;
  const page = clampPage(asked, totalPagesOf(data as T));
  if (page !== asked) await queryClient.prefetchQuery(optionsFor(page) as Parameters<QueryClient['prefetchQuery']>[0]);
}

/** The number of pages of a category's or a city's businesses. */
export function detailTotalPages(detail: { totalPages: number }): number {
  return detail.totalPages;
}

/** The businesses of a category or city page, and how many pages the pagination offers. */
export function readPaged(detail: { businesses: BusinessListItem[]; totalPages: number }, page: number): { businesses: BusinessListItem[]; totalPages: number } {
  // `page` is already clamped to the last page (clampPage): an empty list (0 pages) still shows its page 1.
  return { businesses: detail.businesses, totalPages: Math.max(detail.totalPages, page) };
}

/** The page a ?page= asks for: 1 when it is no page number, `max` when it is past the last one a list can have. */
export function pageParam(value: string | null, max = Number.MAX_SAFE_INTEGER): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page < 1 ? 1 : Math.min(page, max);
}

export function withPage(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
