/**
 * The dashboard (/admin/dashboard): live figures only (DESIGN §7). Four cards (businesses, categories,
 * this API process's requests with p95, the process itself), the latest three upload reports refreshed
 * every 5 s (spec §9), the top 8 categories and the businesses by country as bars, the system's figures
 * and the newest audit rows.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { AdminCountryCodeCounts, AdminDashboard } from '../../../../common/api/admin.ts';
import { countryName } from '../../../../common/countries.ts';
import { useApi } from '../../lib/use-api.ts';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { RecentActivity } from '../home/recent-activity.tsx';
import { commonMessages } from '../i18n/common-messages.ts';
import { useFormat, type Formatters } from '../i18n/format.ts';
import { LOCALES, useLanguage, useMessages } from '../i18n/language.tsx';
import { useAdminStats } from '../layout/use-nav-badges.ts';
import { useAdminDashboard } from '../layout/use-live-status.ts';
import { ADMIN_KEY, MINUTE } from '../lib/query-client.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { dashboardMessages } from './messages.ts';
import { RankedBars, type RankedRow } from './ranked-bars.tsx';
import './dashboard.css';

/** Spec §9: the upload reports refresh every 5 s. */
export const UPLOAD_REPORTS_REFRESH_MS = 5000;
const LATEST_REPORTS = 3;
const TOP_CATEGORIES = 8;
const TOP_COUNTRIES = 8;

/** One stored report as GET /api/admin/upload-reports lists it (the fields the dashboard call also names). */
type UploadReportItem = NonNullable<AdminDashboard['imports']['last']>;
interface UploadReportPage {
  reports: UploadReportItem[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export function DashboardPage() {
  const common = useMessages(commonMessages);
  const t = useMessages(dashboardMessages);
  const format = useFormat();
  usePageTitle(common.nav.dashboard);
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  return (
    <section className="admin-page admin-dashboard">
      <header className="admin-page-header">
        <div>
          <h1>{common.nav.dashboard}</h1>
          <p>{t.intro}</p>
        </div>
        {data ? <p className="admin-muted">{t.measuredAt(format.dateTime(data.generatedAt))}</p> : null}
      </header>
      {dashboard.isPending ? <Spinner /> : null}
      {dashboard.isError && !data ? <LoadError error={dashboard.error} onRetry={() => dashboard.refetch()} /> : null}
      {data ? <StatCards data={data} format={format} /> : null}
      <div className="admin-dashboard-columns">
        <LatestReports />
        <TopCategories />
      </div>
      <div className="admin-dashboard-columns">
        <Countries />
        {data ? <SystemFigures data={data} format={format} /> : null}
      </div>
      {data ? <RecentActivity rows={data.recentActivity} headingId="dashboard-activity-title" /> : null}
    </section>
  );
}

function StatCards({ data, format }: { data: AdminDashboard; format: Formatters }) {
  const t = useMessages(dashboardMessages).cards;
  const p95 = (value: number | null) => (value === null ? t.noP95 : t.ms(format.number(Math.round(value))));
  const { lastMinute, last5Minutes } = data.requests;
  return (
    <ul className="admin-grid admin-dashboard-cards" aria-label={t.label}>
      <Card testId="card-total" label={t.total} value={format.number(data.businesses.total)} notes={[t.totalNote(format.number(data.businesses.approved), format.number(data.businesses.pending))]} />
      <Card testId="card-categories" label={t.categories} value={format.number(data.businesses.categories)} notes={[t.categoriesNote]} />
      <Card
        testId="card-requests"
        label={t.requests}
        value={format.number(lastMinute.requests)}
        notes={[t.requestsNote(format.number(lastMinute.perSecond, 1), p95(lastMinute.p95Ms)), t.requests5(format.number(last5Minutes.requests), p95(last5Minutes.p95Ms))]}
      />
      <Card testId="card-process" label={t.process} value={format.duration(data.process.uptimeSeconds)} notes={[t.processNote(format.bytes(data.process.memory.rssBytes))]} />
    </ul>
  );
}

function Card({ label, value, notes, testId }: { label: string; value: string; notes: string[]; testId: string }) {
  return (
    <li className="admin-card admin-tile" data-testid={testId}>
      <span className="admin-tile-label">{label}</span>
      <span className="admin-tile-value">{value}</span>
      {notes.map((note) => (
        <span key={note} className="admin-tile-note">
          {note}
        </span>
      ))}
    </li>
  );
}

function LatestReports() {
  const api = useApi();
  const t = useMessages(dashboardMessages).reports;
  const format = useFormat();
  const reports = useQuery({
    queryKey: [ADMIN_KEY, 'upload-reports', { page: 1, limit: LATEST_REPORTS }],
    queryFn: () => api.get<UploadReportPage>(`/api/admin/upload-reports?page=1&limit=${LATEST_REPORTS}`),
    staleTime: 0,
    refetchInterval: UPLOAD_REPORTS_REFRESH_MS,
  });
  return (
    <section className="admin-card" aria-labelledby="dashboard-reports-title">
      <div className="admin-card-head">
        <h2 id="dashboard-reports-title">{t.title}</h2>
        <Link to="/admin/reports">{t.all}</Link>
      </div>
      <p className="admin-tile-note">{t.refresh}</p>
      {reports.isPending ? <Spinner /> : null}
      {reports.isError && !reports.data ? <LoadError error={reports.error} onRetry={() => reports.refetch()} /> : null}
      {reports.data && reports.data.reports.length === 0 ? <p className="admin-muted">{t.empty}</p> : null}
      {reports.data && reports.data.reports.length > 0 ? (
        <ol className="admin-report-list" data-testid="latest-reports" aria-live="polite">
          {reports.data.reports.map((report) => (
            <li key={report.id} className="admin-report-item" data-testid="latest-report">
              <div className="admin-report-line">
                <span className="admin-report-file">{report.fileName}</span>
                <span className={`admin-chip ${report.success ? 'admin-chip-success' : 'admin-chip-danger'}`}>{report.success ? t.success : t.failed}</span>
              </div>
              <span className="admin-tile-note">
                {t.counts(format.number(report.totalRows), format.number(report.successCount), format.number(report.errorCount), format.number(report.skippedCount))}
              </span>
              <span className="admin-tile-note">
                <time dateTime={report.createdAt} title={format.dateTime(report.createdAt)}>
                  {format.relative(report.createdAt)}
                </time>
                {' · '}
                {t.duration(format.number(report.processingSeconds, 1))}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function TopCategories() {
  const t = useMessages(dashboardMessages).categories;
  const stats = useAdminStats();
  const rows: RankedRow[] = (stats.data?.categories ?? []).slice(0, TOP_CATEGORIES).map((row) => ({ label: row.category, value: row.count }));
  return (
    <section className="admin-card" aria-labelledby="dashboard-categories-title">
      <h2 id="dashboard-categories-title">{t.title}</h2>
      {stats.isPending ? <Spinner /> : null}
      {stats.isError && !stats.data ? <LoadError error={stats.error} onRetry={() => stats.refetch()} /> : null}
      {stats.data && rows.length === 0 ? <p className="admin-muted">{t.empty}</p> : null}
      {rows.length > 0 ? <RankedBars rows={rows} caption={t.title} labelHeading={t.category} valueHeading={t.count} testId="top-categories" /> : null}
    </section>
  );
}

function Countries() {
  const api = useApi();
  const t = useMessages(dashboardMessages).countries;
  const format = useFormat();
  const { language } = useLanguage();
  // Spec §9: country codes are kept 10 minutes.
  const counts = useQuery({
    queryKey: [ADMIN_KEY, 'country-codes'],
    queryFn: () => api.get<AdminCountryCodeCounts>('/api/admin/country-codes'),
    staleTime: 10 * MINUTE,
  });
  const rows = useMemo<RankedRow[]>(() => {
    if (!counts.data) return [];
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([LOCALES[language]], { type: 'region' });
    } catch {
      names = null;
    }
    const name = (code: string) => {
      try {
        return names?.of(code) ?? countryName(code);
      } catch {
        return countryName(code);
      }
    };
    const sorted = [...counts.data.countryCodes].sort((a, b) => b.count - a.count || a.countryCode.localeCompare(b.countryCode));
    const top = sorted.slice(0, TOP_COUNTRIES).map((row) => ({ label: name(row.countryCode), value: row.count }));
    const rest = sorted.slice(TOP_COUNTRIES);
    if (rest.length) top.push({ label: t.others(format.number(rest.length)), value: rest.reduce((sum, row) => sum + row.count, 0) });
    return top;
  }, [counts.data, language, t, format]);
  return (
    <section className="admin-card" aria-labelledby="dashboard-countries-title">
      <h2 id="dashboard-countries-title">{t.title}</h2>
      {counts.isPending ? <Spinner /> : null}
      {counts.isError && !counts.data ? <LoadError error={counts.error} onRetry={() => counts.refetch()} /> : null}
      {counts.data && rows.length === 0 ? <p className="admin-muted">{t.empty}</p> : null}
      {rows.length > 0 ? <RankedBars rows={rows} caption={t.title} labelHeading={t.country} valueHeading={t.count} testId="countries" /> : null}
    </section>
  );
}

function SystemFigures({ data, format }: { data: AdminDashboard; format: Formatters }) {
  const t = useMessages(dashboardMessages).system;
  const { memory } = data.process;
  const figures: [key: string, label: string, value: string][] = [
    ['database', t.database, format.bytes(data.storage.databaseBytes)],
    ['search', t.search, data.storage.searchBytes === null ? t.unreachable : format.bytes(data.storage.searchBytes)],
    ['lag', t.lag, t.lagValue(format.number(Math.round(data.search.lagSeconds)))],
    ['outbox', t.outbox, format.number(data.search.outboxDepth)],
    ['indexed', t.indexed, data.search.indexedBusinesses === null ? t.unreachable : format.number(data.search.indexedBusinesses)],
    ['running', t.running, format.number(data.imports.running)],
    ['uptime', t.uptime, format.duration(data.process.uptimeSeconds)],
    ['rss', t.rss, format.bytes(memory.rssBytes)],
    ['heap', t.heap, `${format.bytes(memory.heapUsedBytes)} / ${format.bytes(memory.heapTotalBytes)}`],
    ['errors', t.errors, format.number(data.requests.last5Minutes.serverErrors)],
    ['pid', t.pid, `PID ${data.process.pid}`],
  ];
  return (
    <section className="admin-card" aria-labelledby="dashboard-system-title">
      <h2 id="dashboard-system-title">{t.title}</h2>
      <dl className="admin-figures" data-testid="system-figures">
        {figures.map(([key, label, value]) => (
          <div key={key} className="admin-figure" data-figure={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-tile-note">{t.scope}</p>
    </section>
  );
}
