import type { ReactNode } from 'react';

/** What QueryState needs of a TanStack query: its state and, once there, its data. */
export interface QueryStatus<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
}

/**
 * The one switch of a screen that waits for a query: what to show while it loads, when it failed, when
 * it answered with nothing to show (`isEmpty`), and otherwise `children` with the data. A failure may
 * depend on the error (a 404 is the page's "not found", anything else its error state).
 */
export function QueryState<T>({ query, pending, error, isEmpty, empty, children }: {
  query: QueryStatus<T>;
  pending: ReactNode;
  error: ReactNode | ((error: unknown) => ReactNode);
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{pending}</>;
  if (query.isError || query.data === undefined) return <>{typeof error === 'function' ? error(query.error) : error}</>;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
