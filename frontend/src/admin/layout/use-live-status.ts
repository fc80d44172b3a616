/**
 * The live figures the shell, the home screen and the dashboard share: the dashboard call (counts, last
 * day's imports, search lag), the readiness probe (/readyz: PostgreSQL, migrations, Meilisearch, indexes),
 * and what they add up to: the system's health (the 'Aktif' chip, the home tile) and what needs the
 * admin's attention (the notification badge). Both calls are refreshed every 30 s while the panel is open.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../common/api/admin.ts';
import { useApi } from '../../lib/use-api.ts';
import { ADMIN_KEY } from '../lib/query-client.ts';

export const LIVE_REFRESH_MS = 30_000;
/** The indexer counts as behind from this lag on (a warning), and as stuck from the second (danger). */
export const INDEXER_LAG_WARNING_SECONDS = 60;
export const INDEXER_LAG_DANGER_SECONDS = 600;

export function useAdminDashboard() {
  const api = useApi();
  return useQuery({
    queryKey: [ADMIN_KEY, 'dashboard'],
    queryFn: () => api.get<AdminDashboard>('/api/admin/dashboard'),
    staleTime: LIVE_REFRESH_MS / 2,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

interface ReadinessCheck {
  ok: boolean;
  detail?: string;
}

/** The body of GET /readyz (api/src/services/health/check-readiness.ts), 200 and 503 alike. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: { postgres: ReadinessCheck; migrations: ReadinessCheck; meilisearch: ReadinessCheck; indexes: ReadinessCheck };
}

/** The readiness probe (outside /api, public). A 503 still carries the checks, so it is read, not thrown. */
export function useReadiness() {
  const api = useApi();
  return useQuery({
    queryKey: [ADMIN_KEY, 'readyz'],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${api.baseUrl}/readyz`, { headers: { accept: 'application/json' }, cache: 'no-store', signal });
      const body = (await response.json()) as Readiness;
      if (!body?.checks) throw new Error(`${response.status}: ${response.statusText}`);
      return body;
    },
    staleTime: LIVE_REFRESH_MS / 2,
    refetchInterval: LIVE_REFRESH_MS,
    retry: false,
  });
}

export type HealthLevel = 'ok' | 'warning' | 'danger' | 'unknown';
export type HealthPart = 'api' | 'database' | 'search' | 'indexer';

/** One part's state; `problem` names what is wrong (a message key and its figure). */
export interface PartHealth {
  part: HealthPart;
  level: HealthLevel;
  problem?: { key: 'apiDown' | 'databaseDown' | 'migrationsPending' | 'searchDown' | 'indexesMissing' | 'indexerBehind'; seconds?: number };
  /** Changes waiting for the indexer (indexer part only). */
  queued?: number;
}

export interface SystemHealth {
  level: HealthLevel;
  parts: PartHealth[];
  /** When the newest of the two answers arrived (ms), 0 before any. */
  checkedAt: number;
}

const RANK: Record<HealthLevel, number> = { unknown: 0, ok: 1, warning: 2, danger: 3 };

/** Pure: the health the two answers add up to (exported for its test). */
export function summariseHealth(input: { readiness?: Readiness; readinessFailed: boolean; dashboard?: AdminDashboard; dashboardFailed: boolean }): Omit<SystemHealth, 'checkedAt'> {
  const { readiness, readinessFailed, dashboard, dashboardFailed } = input;
  const parts: PartHealth[] = [];
  // API: it answers both calls.
  if (readinessFailed || dashboardFailed) parts.push({ part: 'api', level: 'danger', problem: { key: 'apiDown' } });
  else parts.push({ part: 'api', level: readiness || dashboard ? 'ok' : 'unknown' });
  // Database.
  if (readiness) {
    if (!readiness.checks.postgres.ok) parts.push({ part: 'database', level: 'danger', problem: { key: 'databaseDown' } });
    else if (!readiness.checks.migrations.ok) parts.push({ part: 'database', level: 'warning', problem: { key: 'migrationsPending' } });
    else parts.push({ part: 'database', level: 'ok' });
  } else parts.push({ part: 'database', level: 'unknown' });
  // Search: Meilisearch answers the probe and the dashboard's own reads.
  const searchDown = (readiness && !readiness.checks.meilisearch.ok) || (dashboard && !dashboard.search.reachable);
  if (searchDown) parts.push({ part: 'search', level: 'danger', problem: { key: 'searchDown' } });
  else if (readiness && !readiness.checks.indexes.ok) parts.push({ part: 'search', level: 'warning', problem: { key: 'indexesMissing' } });
  else parts.push({ part: 'search', level: readiness || dashboard ? 'ok' : 'unknown' });
  // Indexer: how old the oldest change search does not show yet is.
  if (dashboard) {
    const { lagSeconds, outboxDepth } = dashboard.search;
    const level: HealthLevel = lagSeconds >= INDEXER_LAG_DANGER_SECONDS ? 'danger' : lagSeconds >= INDEXER_LAG_WARNING_SECONDS ? 'warning' : 'ok';
    parts.push({ part: 'indexer', level, queued: outboxDepth, problem: level === 'ok' ? undefined : { key: 'indexerBehind', seconds: Math.round(lagSeconds) } });
  } else parts.push({ part: 'indexer', level: 'unknown' });
  const known = parts.filter((part) => part.level !== 'unknown');
  const worst = parts.reduce<HealthLevel>((level, part) => (RANK[part.level] > RANK[level] ? part.level : level), 'unknown');
  // 'Aktif' only when every part is known and well; a problem shows as soon as it is known.
  const level = worst === 'ok' && known.length < parts.length ? 'unknown' : worst;
  return { level, parts };
}

export function useSystemHealth(): SystemHealth {
  const readiness = useReadiness();
  const dashboard = useAdminDashboard();
  const summary = summariseHealth({
    readiness: readiness.data,
    readinessFailed: readiness.isError,
    dashboard: dashboard.data,
    dashboardFailed: dashboard.isError && !dashboard.data,
  });
  return { ...summary, checkedAt: Math.max(readiness.dataUpdatedAt, readiness.errorUpdatedAt, dashboard.dataUpdatedAt, dashboard.errorUpdatedAt) };
}

/** What needs the admin's attention: failed imports of the last day and businesses held for review. */
export interface Attention {
  failedImports: number;
  recentFailures: AdminDashboard['imports']['recentFailures'];
  heldBusinesses: number;
  /** The badge's number: each failed import, and the held businesses as one item. */
  count: number;
}

/** `heldBusinesses`: the stats call's pendingBusinesses when known (every approval write invalidates it), else the dashboard's. */
export function attentionOf(dashboard: AdminDashboard, held?: number): Attention {
  const failedImports = dashboard.imports.lastDay.failed;
  const heldBusinesses = held ?? dashboard.businesses.pending;
  return { failedImports, recentFailures: dashboard.imports.recentFailures, heldBusinesses, count: failedImports + (heldBusinesses > 0 ? 1 : 0) };
}
