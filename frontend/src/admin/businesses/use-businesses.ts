/**
 * The screen's data: the list, categories and country codes (spec §9 cache times: list 2 min, categories
 * 10 min; stats 5 min through the shell's useAdminStats), and every write, each of which invalidates the
 * list, the stats, the categories and the other counts it may have changed. Writes are mutations, so a
 * 401 in the middle of one ends the session like any query's (lib/query-client.ts).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBusiness,
  AdminBusinessList,
  AdminCategoryCounts,
  AdminCountryCodeCounts,
  BulkBusinessAction,
  BulkBusinessResult,
  BusinessEditResponse,
  BusinessPatchBody,
  DeleteAllBusinessesResponse,
  DeleteBusinessResponse,
  DeleteTestDataResponse,
  FixSlugsResponse,
  ToggleApprovalResponse,
} from '../../../../common/api/admin.ts';
import { useApi } from '../../lib/use-api.ts';
import { useReauth } from '../components/reauth.tsx';
import { ADMIN_KEY, MINUTE } from '../lib/query-client.ts';
import { listQueryString, type ListParams } from './list-params.ts';

export const businessesKey = [ADMIN_KEY, 'businesses'] as const;
export const categoriesKey = [ADMIN_KEY, 'categories'] as const;
export const countryCodesKey = [ADMIN_KEY, 'country-codes'] as const;

export function useBusinessList(params: ListParams) {
  const api = useApi();
  const query = listQueryString(params);
  return useQuery({
    queryKey: [...businessesKey, 'list', query],
    queryFn: () => api.get<AdminBusinessList>(`/api/admin/businesses?${query}`),
    staleTime: 2 * MINUTE,
    // The previous page stays on screen while the next loads (no jump to a spinner on each click).
    placeholderData: keepPreviousData,
  });
}

export function useCategories() {
  const api = useApi();
  return useQuery({ queryKey: categoriesKey, queryFn: () => api.get<AdminCategoryCounts>('/api/admin/categories'), staleTime: 10 * MINUTE });
}

/** Spec §7: country codes are fetched only when wanted (the export dialog open, the country filter touched). */
export function useCountryCodes(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: countryCodesKey, queryFn: () => api.get<AdminCountryCodeCounts>('/api/admin/country-codes'), staleTime: 10 * MINUTE, enabled });
}

export function useBusiness(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...businessesKey, 'one', id],
    queryFn: () => api.get<AdminBusiness>(`/api/admin/businesses/${id}`),
    enabled: id !== null,
    // The form starts from what is stored now, not from a copy read minutes ago.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Everything a business write can change: the lists, the counts, the categories and countries, the dashboard. */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [businessesKey, [ADMIN_KEY, 'stats'], categoriesKey, countryCodesKey, [ADMIN_KEY, 'dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useBusinessWrites() {
  const api = useApi();
  const withReauth = useReauth();
  const invalidate = useInvalidateAfterWrite();
  const onSettled = () => invalidate();
  return {
    toggleApproval: useMutation({
      mutationFn: (id: number) => api.post<ToggleApprovalResponse>(`/api/admin/businesses/${id}/toggle-approval`),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<DeleteBusinessResponse>(`/api/businesses/${id}`),
      onSettled,
    }),
    bulk: useMutation({
      mutationFn: (body: BulkBusinessAction) => api.post<BulkBusinessResult>('/api/admin/businesses/bulk', body),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: number; body: BusinessPatchBody }) => api.patch<BusinessEditResponse>(`/api/admin/businesses/${id}`, body),
      onSettled,
    }),
    // The destructive global actions need a recent password (403 reauth_required: the prompt, then once more).
    deleteAll: useMutation({
      mutationFn: () => withReauth(() => api.delete<DeleteAllBusinessesResponse>('/api/admin/businesses')),
      onSettled,
    }),
    deleteTestData: useMutation({
      mutationFn: () => withReauth(() => api.delete<DeleteTestDataResponse>('/api/admin/test-data')),
      onSettled,
    }),
    fixSlugs: useMutation({
      mutationFn: () => withReauth(() => api.post<FixSlugsResponse>('/api/admin/fix-slugs')),
      onSettled,
    }),
  };
}
