/**
 * The panel's route table. Each screen is its own chunk (React.lazy), so the sign-in and the shell load
 * without the charts or the code editor. Every route but /admin/login sits in the shell, which signs
 * the admin in first (layout/admin-layout.tsx).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export interface AdminRoute {
  /** Relative to /admin; '' is the home screen. */
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: readonly AdminRoute[] = [
  { path: '', Component: lazyPage(() => import('./home/home-page.tsx'), 'HomePage') },
  { path: 'dashboard', Component: lazyPage(() => import('./dashboard/dashboard-page.tsx'), 'DashboardPage') },
  { path: 'businesses', Component: lazyPage(() => import('./businesses/businesses-page.tsx'), 'BusinessesPage') },
  { path: 'upload', Component: lazyPage(() => import('./upload/upload-page.tsx'), 'UploadPage') },
  { path: 'settings', Component: lazyPage(() => import('./settings/settings-page.tsx'), 'SettingsPage') },
  { path: 'advertisements', Component: lazyPage(() => import('./advertisements/advertisements-page.tsx'), 'AdvertisementsPage') },
  { path: 'reports', Component: lazyPage(() => import('./reports/reports-page.tsx'), 'ReportsPage') },
];
