import type { ReactNode } from 'react';
import type { useIndexPaging } from '../hooks/use-index-paging.ts';
import { buildListStates } from './build-list-states.tsx';
import { IndexPagingFooter } from './index-paging-footer.tsx';
import { QueryState, type QueryStatus } from './query-state.tsx';

/**
 * The results of the category, country and city indexes: loading, failure, nothing matching the filter,
 * or the page of cards with "Showing X to Y of Z" and the pages under it.
 */
export function IndexResults<T>({ noun, query, paging, listClassName = 'card-grid', listView, children }: {
  /** Plural, lower case: "categories". */
  noun: string;
  query: QueryStatus<unknown>;
  paging: ReturnType<typeof useIndexPaging<T>>;
  listClassName?: string;
  /** The grid/list switch of the categories (its data-view attribute). */
  listView?: string;
  children: (item: T) => ReactNode;
}) {
  const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} pages`;
  return (
    <QueryState query={query} {...buildListStates(noun)} isEmpty={() => paging.filteredCount === 0}>
      {() => (
        <>
          <ul className={listClassName} data-view={listView}>
            {paging.pageItems.map(children)}
          </ul>
          <IndexPagingFooter paging={paging} noun={noun} label={label} />
        </>
      )}
    </QueryState>
  );
}
