/**
 * The panel's TanStack Query client, with the spec's defaults (admin-side §9): data fresh for 10 minutes,
 * dropped after 15 unused, no refetch on focus, no polling, queries retried up to 3 times with a delay
 * doubling from 1 s up to 30 s, mutations never retried. Never retried: an answer the same request will
 * get again (4xx: 401 signed out, 403 `reauth_required` or a foreign origin, 400, 404, 409, 413), so a
 * refused call says so at once instead of after 7 s of retries. A 401 anywhere ends the session on this
 * page: `onSessionEnded` sends the admin to the sign-in with a way back.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { readErrorStatus } from '../../api/client.ts';

export const MINUTE = 60_000;

/** Query keys under this root belong to the admin panel (a cache clear drops them all). */
export const ADMIN_KEY = 'admin' as const;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = readErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failureCount < 3;
}

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** A query or mutation whose 401 is its own business (sign-in, who-am-I): `meta: { ownsUnauthorized: true }`. */
export interface AdminQueryMeta extends Record<string, unknown> {
  ownsUnauthorized?: boolean;
}

export function createAdminQueryClient(onSessionEnded: () => void): QueryClient {
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (readErrorStatus(error) === 401 && !(meta as AdminQueryMeta | undefined)?.ownsUnauthorized) onSessionEnded();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: { staleTime: 10 * MINUTE, gcTime: 15 * MINUTE, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
