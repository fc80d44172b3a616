import type { BusinessListItem, PagedBusinesses, Numeric } from '../api/types.ts';
import { toNumber } from './format.ts';

/** Category and city details carry their business page either flat or nested; read both. */
export function readPaged(
  detail: { businesses: BusinessListItem[] | PagedBusinesses; currentPage?: number; totalPages?: number; businessCount: Numeric },
  page: number,
  pageSize = 12,
): { businesses: BusinessListItem[]; totalPages: number } {
  const nested = Array.isArray(detail.businesses) ? null : detail.businesses;
  const businesses = nested ? nested.businesses : (detail.businesses as BusinessListItem[]);
  const totalPages = nested?.totalPages ?? detail.totalPages ?? Math.ceil(toNumber(detail.businessCount) / pageSize);
  return { businesses: businesses ?? [], totalPages: Math.max(totalPages, page > 1 ? page : 1) };
}

export function pageParam(value: string | null, max = Number.MAX_SAFE_INTEGER): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= max ? page : 1;
}

export function withPage(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
