import type { useIndexPaging } from '../hooks/use-index-paging.ts';
import { formatInt } from '../lib/format.ts';
import { Pagination } from './pagination.tsx';

/** 'Showing X to Y of Z {noun}' and the pages, under the category, country and city indexes. */
export function IndexPagingFooter({ paging, noun, label }: { paging: ReturnType<typeof useIndexPaging<unknown>>; noun: string; label: string }) {
  return (
    <>
      <p className="muted">{`Showing ${paging.from} to ${paging.to} of ${formatInt(paging.filteredCount)} ${noun}`}</p>
      <Pagination current={paging.page} total={paging.totalPages} hrefFor={paging.hrefFor} label={label} />
    </>
  );
}
