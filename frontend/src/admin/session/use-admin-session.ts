/**
 * Who is signed in, as the server says (GET /api/admin/me): the session cookie is the only truth, never
 * a browser flag. `null` when signed out (401).
 */
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { AdminProfile, LoginBody, LoginResponse } from '../../../../common/api/admin.ts';
import { ApiError, readErrorStatus } from '../../api/client.ts';
import { useApi } from '../../lib/use-api.ts';
import { ADMIN_KEY } from '../lib/query-client.ts';

export const sessionKey = [ADMIN_KEY, 'me'] as const;

export function useAdminSession(): UseQueryResult<AdminProfile | null> {
  const api = useApi();
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      try {
        return await api.get<AdminProfile>('/api/admin/me');
      } catch (error) {
        if (readErrorStatus(error) === 401) return null;
        throw error;
      }
    },
    // The session can end on the server (sign-out elsewhere, password change): checked again each minute in use.
    staleTime: 60_000,
    meta: { ownsUnauthorized: true },
  });
}

/** POST /api/admin/login; on success the session query is refreshed (the panel then shows itself). */
export function useSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResponse>('/api/admin/login', body),
    meta: { ownsUnauthorized: true },
    onSuccess: async () => {
      // Whatever another admin's session left in the cache is not this one's.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === ADMIN_KEY && query.queryKey[1] !== 'me' });
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

/** POST /api/admin/logout, then every admin query is dropped. */
export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LoginResponse>('/api/admin/logout'),
    meta: { ownsUnauthorized: true },
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === ADMIN_KEY });
      queryClient.setQueryData(sessionKey, null);
    },
  });
}

/** A failure the sign-in forms tell apart: refused credentials (any 4xx) or no answer at all. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}
