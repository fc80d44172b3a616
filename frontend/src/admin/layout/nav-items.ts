/** The sidebar's links (admin-side §2, "Admin layout shell"), in the spec's order. */
import type { commonMessages } from '../i18n/common-messages.ts';

type NavLabel = keyof (typeof commonMessages)['tr']['nav'];

export interface NavItem {
  path: string;
  label: NavLabel;
  /** Which live badge the link carries (layout/use-nav-badges.ts). */
  badge?: 'businesses' | 'advertisements' | 'reports';
  /** Only the exact path marks the link active (/admin would otherwise match every screen). */
  end?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/admin', label: 'home', end: true },
  { path: '/admin/dashboard', label: 'dashboard' },
  { path: '/admin/businesses', label: 'businesses', badge: 'businesses' },
  { path: '/admin/upload', label: 'upload' },
  { path: '/admin/settings', label: 'settings' },
  { path: '/admin/advertisements', label: 'advertisements', badge: 'advertisements' },
  { path: '/admin/reports', label: 'reports', badge: 'reports' },
];
