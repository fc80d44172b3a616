import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { slugify } from '../../../common/slug.ts';
import { clampPage } from '../lib/paged.ts';

export const INDEX_PAGE_SIZE = 12;

/** The filter text, lower-cased, and folded as slugs fold ("İstanbul", "Zürich", "São Paulo" -> istanbul, zurich, sao-paulo). */
export interface Needle {
  text: string;
  folded: string;
}

export function needleOf(filter: string): Needle {
  const text = filter.trim().toLowerCase();
  return { text, folded: slugify(text) };
}

/**
 * A name matches when it holds the text as typed, or its slug holds the folded text: "zurich" finds
 * Zürich, "lodz" Łódź, "turkiye" Türkiye and "café" Cafe, as the search page already did.
 */
export function nameMatches(name: string, slug: string | undefined, needle: Needle): boolean {
  if (name.toLowerCase().includes(needle.text)) return true;
  return needle.folded !== '' && (slug ?? slugify(name)).includes(needle.folded);
}

/**
 * Paging + text filter of the category, country and city indexes: the page lives in `?page=` (so a
 * crawler can follow it and the server renders it), the filter in `?filter=` too (so the box works
 * without scripts, as a form); a filter change goes back to page 1 (spec §4).
 */
export function useIndexPaging<T>(items: T[], matches: (item: T, needle: Needle) => boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  // `?filter=` is where the box's form sends it without scripts; with them the URL keeps it in step.
  const [filter, setFilterText] = useState(() => (searchParams.get('filter') ?? '').slice(0, 100));
  const filtered = useMemo(() => {
    const needle = needleOf(filter);
    return needle.text ? items.filter((item) => matches(item, needle)) : items;
  }, [items, filter, matches]);
  const totalPages = Math.max(1, Math.ceil(filtered.length / INDEX_PAGE_SIZE));
  const requested = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = clampPage(requested, totalPages);
  const start = (page - 1) * INDEX_PAGE_SIZE;
  const setFilter = (text: string) => {
    setFilterText(text);
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    if (text.trim()) next.set('filter', text);
    else next.delete('filter');
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  // A filtered page is other content than the unfiltered page of the same number: its canonical URL says the filter.
  const canonical = new URLSearchParams();
  if (filter.trim()) canonical.set('filter', filter.trim());
  if (page > 1) canonical.set('page', String(page));
  return {
    filter,
    setFilter,
    page,
    /** `?filter=...&page=N` of what is shown ('' for the unfiltered first page), for the canonical URL. */
    canonicalQuery: canonical.size ? `?${canonical}` : '',
    totalPages,
    pageItems: filtered.slice(start, start + INDEX_PAGE_SIZE),
    filteredCount: filtered.length,
    from: filtered.length ? start + 1 : 0,
    to: Math.min(start + INDEX_PAGE_SIZE, filtered.length),
    hrefFor,
  };
}
