/**
 * The sidebar's live badges (DESIGN §7: the seed's fixed '719K', '5', '3' are live numbers): businesses
 * in the directory, ad slots in use, upload reports of the last day.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../common/api/admin.ts';
import { useApi } from '../../lib/use-api.ts';
import { useFormat } from '../i18n/format.ts';
import { ADMIN_KEY, MINUTE } from '../lib/query-client.ts';

export interface NavBadge {
  text: string;
  title?: string;
}

export function useAdminStats() {
  const api = useApi();
  // Spec §9: admin stats are kept 5 minutes; every write that changes a count invalidates them.
  return useQuery({ queryKey: [ADMIN_KEY, 'stats'], queryFn: () => api.get<AdminStats>('/api/admin/stats'), staleTime: 5 * MINUTE });
}

export function useNavBadges(): Partial<Record<'businesses' | 'advertisements' | 'reports', NavBadge>> {
  const stats = useAdminStats();
  const format = useFormat();
  return stats.data ? { businesses: { text: format.compact(stats.data.totalBusinesses), title: format.number(stats.data.totalBusinesses) } } : {};
}
