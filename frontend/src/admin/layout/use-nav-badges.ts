/**
 * The sidebar's live badges (DESIGN §7: the seed's fixed '719K', '5', '3' are live numbers): businesses
 * in the directory, ad slots in use, upload reports of the last day. A figure that is 0 or not known
 * (yet) shows no badge.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats, AdvertisementCodes } from '../../../../common/api/admin.ts';
// From the limits module, not admin.ts: the shell loads with every screen, and admin.ts brings zod with it.
import { AD_SLOT_KEYS } from '../../../../common/api/admin-snippet-limits.ts';
import { useApi } from '../../lib/use-api.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { ADMIN_KEY, MINUTE } from '../lib/query-client.ts';
import { shellMessages } from './shell-messages.ts';
import { useAdminDashboard } from './use-live-status.ts';

export interface NavBadge {
  text: string;
  title?: string;
}

export function useAdminStats() {
  const api = useApi();
  // Spec §9: admin stats are kept 5 minutes; every write that changes a count invalidates them.
  return useQuery({ queryKey: [ADMIN_KEY, 'stats'], queryFn: () => api.get<AdminStats>('/api/admin/stats'), staleTime: 5 * MINUTE });
}

/** The ad slots' code (the advertisements screen saves it and invalidates this key). */
export function useAdvertisementCodes() {
  const api = useApi();
  return useQuery({ queryKey: [ADMIN_KEY, 'advertisement-codes'], queryFn: () => api.get<AdvertisementCodes>('/api/admin/advertisement-codes') });
}

/** Slots with code (blank code is an empty slot). */
export function countUsedAdSlots(codes: AdvertisementCodes): number {
  return AD_SLOT_KEYS.filter((key) => codes[key]?.trim()).length;
}

export function useNavBadges(): Partial<Record<'businesses' | 'advertisements' | 'reports', NavBadge>> {
  const stats = useAdminStats();
  const codes = useAdvertisementCodes();
  const dashboard = useAdminDashboard();
  const format = useFormat();
  const t = useMessages(shellMessages).badges;
  const badges: Partial<Record<'businesses' | 'advertisements' | 'reports', NavBadge>> = {};
  const total = stats.data?.totalBusinesses;
  if (total) badges.businesses = { text: format.compact(total), title: t.businesses(format.number(total)) };
  const used = codes.data ? countUsedAdSlots(codes.data) : 0;
  if (used) badges.advertisements = { text: format.number(used), title: t.advertisements(used, AD_SLOT_KEYS.length) };
  const reports = dashboard.data?.imports.lastDay.reports;
  if (reports) badges.reports = { text: format.number(reports), title: t.reports(format.number(reports)) };
  return badges;
}
