/**
 * The home screen (/admin): a welcome, four live status tiles (the system's health, countries, the last
 * data change, the average rating), quick-access cards with live captions, and the newest audit rows.
 * Every figure comes from the dashboard, stats and readiness calls (DESIGN §7: nothing fixed).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { commonMessages } from '../i18n/common-messages.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { CHIP_CLASS, useHealthSummary } from '../layout/health-chip.tsx';
import { useAdminStats } from '../layout/use-nav-badges.ts';
import { useAdminDashboard } from '../layout/use-live-status.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { useAdminSession } from '../session/use-admin-session.ts';
import { homeMessages } from './messages.ts';
import { RecentActivity } from './recent-activity.tsx';
import './home.css';

export function HomePage() {
  const common = useMessages(commonMessages);
  const t = useMessages(homeMessages);
  const format = useFormat();
  usePageTitle(common.nav.home);
  const session = useAdminSession();
  const dashboard = useAdminDashboard();
  const stats = useAdminStats();
  const { health, label } = useHealthSummary();
  const data = dashboard.data;

  // The newest data change: the last import, or the indexer's recount of what visitors see.
  const lastImportAt = data?.imports.last?.createdAt ?? null;
  const computedAt = data?.directory.computedAt ?? null;
  const lastUpdate = [lastImportAt, computedAt].filter((value): value is string => value !== null).sort().at(-1) ?? null;

  return (
    <section className="admin-page admin-home">
      <header className="admin-card admin-welcome">
        <h1>{t.welcome(session.data?.username ?? '')}</h1>
        <p>{t.intro}</p>
      </header>

      {dashboard.isPending ? <Spinner /> : null}
      {dashboard.isError && !data ? <LoadError error={dashboard.error} onRetry={() => dashboard.refetch()} /> : null}

      <ul className="admin-grid admin-home-tiles" aria-label={t.tiles.label}>
        <Tile label={t.tiles.system} testId="tile-system">
          <span className={`admin-chip ${CHIP_CLASS[health.level]} admin-home-health`}>{label}</span>
        </Tile>
        {data ? (
          <>
            <Tile
              label={t.tiles.countries}
              testId="tile-countries"
              value={data.directory.countries === null ? null : format.number(data.directory.countries)}
              note={data.directory.cities === null ? t.tiles.countriesUnknown : t.tiles.countriesNote(format.number(data.directory.cities))}
            />
            <Tile
              label={t.tiles.lastUpdate}
              testId="tile-last-update"
              value={lastUpdate ? <time dateTime={lastUpdate} title={format.dateTime(lastUpdate)}>{format.relative(lastUpdate)}</time> : null}
              note={!lastUpdate ? t.tiles.noUpdate : lastUpdate === lastImportAt && data.imports.last ? t.tiles.lastImport(data.imports.last.fileName) : t.tiles.lastIndex}
            />
            <Tile
              label={t.tiles.rating}
              testId="tile-rating"
              value={data.businesses.averageRating === null ? null : format.number(data.businesses.averageRating, 1)}
              note={data.businesses.averageRating === null ? t.tiles.noRating : t.tiles.ratingNote(format.number(data.businesses.ratedBusinesses))}
            />
          </>
        ) : null}
      </ul>

      <section aria-labelledby="home-quick-title">
        <h2 id="home-quick-title">{t.quick.title}</h2>
        <ul className="admin-grid admin-quick-cards">
          <QuickCard to="/admin/dashboard" title={t.quick.dashboard} captions={[data ? t.quick.dashboardCaption(format.number(data.requests.lastMinute.requests)) : null]} />
          <QuickCard
            to="/admin/businesses"
            title={t.quick.businesses}
            testId="quick-businesses"
            captions={[
              stats.data ? t.quick.businessesCaption(format.number(stats.data.totalBusinesses)) : null,
              stats.data?.pendingBusinesses ? t.quick.businessesPending(format.number(stats.data.pendingBusinesses)) : null,
            ]}
          />
          <QuickCard
            to="/admin/upload"
            title={t.quick.upload}
            testId="quick-upload"
            captions={[
              data ? (data.imports.last ? `${t.quick.uploadCaption(format.relative(data.imports.last.createdAt))} · ${data.imports.last.fileName}` : t.quick.uploadNone) : null,
              data?.imports.running ? t.quick.uploadRunning(format.number(data.imports.running)) : null,
            ]}
          />
          <QuickCard to="/admin/settings" title={t.quick.settings} captions={[t.quick.settingsCaption]} />
          <QuickCard
            to="/admin/reports"
            title={t.quick.reports}
            testId="quick-reports"
            captions={[data ? t.quick.reportsCaption(format.number(data.imports.lastDay.reports), format.number(data.imports.lastDay.failed)) : null]}
          />
        </ul>
      </section>

      {data ? <RecentActivity rows={data.recentActivity} limit={10} headingId="home-activity-title" /> : null}
    </section>
  );
}

function Tile({ label, value, note, children, testId }: { label: string; value?: ReactNode; note?: string; children?: ReactNode; testId: string }) {
  return (
    <li className="admin-card admin-tile" data-testid={testId}>
      <span className="admin-tile-label">{label}</span>
      {children ?? <span className="admin-tile-value">{value ?? '—'}</span>}
      {note ? <span className="admin-tile-note">{note}</span> : null}
    </li>
  );
}

function QuickCard({ to, title, captions, testId }: { to: string; title: string; captions: (string | null)[]; testId?: string }) {
  return (
    <li>
      <Link to={to} className="admin-card admin-quick-card" data-testid={testId}>
        <span className="admin-quick-title">{title}</span>
        {captions
          .filter((caption): caption is string => caption !== null)
          .map((caption) => (
            <span key={caption} className="admin-tile-note">
              {caption}
            </span>
          ))}
      </Link>
    </li>
  );
}
