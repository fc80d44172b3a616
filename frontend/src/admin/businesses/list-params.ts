/**
 * The list's state lives in the URL (?filter, category, countryCode, approval, sortBy, sortOrder, page), so
 * a reload, the back button or a shared link shows the same list; the top bar's search links here with
 * ?filter=<text>. Unknown or malformed values read as their defaults.
 */
import { ADMIN_LIST_SORT_KEYS, APPROVAL_STATES, type AdminBusinessFilter, type AdminListSortKey, type ApprovalState } from '../../../../common/api/admin.ts';

export const PAGE_SIZE = 20;

export interface ListParams {
  filter: string;
  category: string;
  countryCode: string;
  approval: ApprovalState;
  /** Absent: the server's default order (newest first). */
  sortBy: AdminListSortKey | null;
  sortOrder: 'asc' | 'desc';
  page: number;
}

export function readListParams(search: URLSearchParams): ListParams {
  const sortBy = search.get('sortBy');
  const approval = search.get('approval');
  const page = Number(search.get('page'));
  const validSort = (ADMIN_LIST_SORT_KEYS as readonly string[]).includes(sortBy ?? '') ? (sortBy as AdminListSortKey) : null;
  return {
    filter: (search.get('filter') ?? '').trim().slice(0, 200),
    category: (search.get('category') ?? '').trim(),
    countryCode: /^[A-Za-z]{2}$/.test(search.get('countryCode') ?? '') ? search.get('countryCode')!.toUpperCase() : '',
    approval: (APPROVAL_STATES as readonly string[]).includes(approval ?? '') ? (approval as ApprovalState) : 'all',
    sortBy: validSort,
    sortOrder: search.get('sortOrder') === 'desc' ? 'desc' : search.get('sortOrder') === 'asc' ? 'asc' : validSort ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The URL query of `params`, defaults left out. */
export function writeListParams(params: ListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.filter) search.set('filter', params.filter);
  if (params.category) search.set('category', params.category);
  if (params.countryCode) search.set('countryCode', params.countryCode);
  if (params.approval !== 'all') search.set('approval', params.approval);
  if (params.sortBy) {
    search.set('sortBy', params.sortBy);
    search.set('sortOrder', params.sortOrder);
  }
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The key actually sorted on (the server sorts by createdAt, newest first, without a sortBy). */
export function activeSort(params: ListParams): { key: AdminListSortKey; order: 'asc' | 'desc' } {
  return params.sortBy ? { key: params.sortBy, order: params.sortOrder } : { key: 'createdAt', order: 'desc' };
}

/** Spec §4: clicking the active sort key toggles its order; a new key starts ascending. Back to page 1. */
export function nextSort(params: ListParams, key: AdminListSortKey): ListParams {
  const current = activeSort(params);
  const sortOrder = current.key === key ? (current.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...params, sortBy: key, sortOrder, page: 1 };
}

/** The filter part, as GET /api/admin/businesses and the bulk action's "all N matching" take it. */
export function filterOf(params: ListParams): AdminBusinessFilter {
  return {
    filter: params.filter || undefined,
    category: params.category || undefined,
    countryCode: params.countryCode || undefined,
    approval: params.approval,
  };
}

/** True when the filter narrows the list (the bulk "select all matching" needs one: an empty filter is everything). */
export function hasCondition(params: ListParams): boolean {
  return Boolean(params.filter || params.category || params.countryCode || params.approval !== 'all');
}

/** The API query string of the list call. */
export function listQueryString(params: ListParams): string {
  const search = writeListParams(params);
  search.set('page', String(params.page));
  search.set('limit', String(PAGE_SIZE));
  return search.toString();
}
