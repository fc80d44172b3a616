/**
 * /admin/reports: a tabbed screen whose first tab is the import history (issue 26: instead of the spec's
 * 'coming soon'): every stored upload report, newest first, 20 a page (page in the URL), each opening to
 * the same per-file report the upload screen shows. Later reports join as further tabs.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UploadReportList } from '../../../../common/api/admin.ts';
import { useApi } from '../../lib/use-api.ts';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { ADMIN_KEY } from '../lib/query-client.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { UploadReport } from '../upload/upload-report.tsx';
import { reportsMessages } from './messages.ts';
import '../upload/upload.css';
import './reports.css';

const PAGE_SIZE = 20;
const TABS = ['imports'] as const;
type Tab = (typeof TABS)[number];

export function ReportsPage() {
  const t = useMessages(reportsMessages);
  usePageTitle(t.title);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === params.get('tab')) ?? 'imports';
  const baseId = useId();
  const tabLabels: Record<Tab, string> = { imports: t.importsTab };
  return (
    <section className="admin-page reports-page">
      <header className="admin-page-header">
        <div>
          <h1>{t.title}</h1>
          <p>{t.intro}</p>
        </div>
      </header>
      <div role="tablist" aria-label={t.tabsLabel} className="reports-tabs">
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${baseId}-tab-${value}`}
            aria-selected={tab === value}
            aria-controls={`${baseId}-panel-${value}`}
            tabIndex={tab === value ? 0 : -1}
            className={`reports-tab${tab === value ? ' is-active' : ''}`}
            onClick={() =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.set('tab', value);
                next.delete('page');
                return next;
              })
            }
          >
            {tabLabels[value]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'imports' ? <ImportHistory /> : null}
      </div>
    </section>
  );
}

function ImportHistory() {
  const t = useMessages(reportsMessages);
  const format = useFormat();
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const detailsId = useId();
  const reports = useQuery({
    queryKey: [ADMIN_KEY, 'upload-reports', 'history', page],
    queryFn: () => api.get<UploadReportList>(`/api/admin/upload-reports?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set('page', String(next));
      else copy.delete('page');
      return copy;
    });

  if (reports.isPending) return <Spinner />;
  if (reports.isError) return <LoadError error={reports.error} onRetry={() => void reports.refetch()} />;
  const { reports: items, pagination } = reports.data;
  return (
    <section className="reports-history" aria-label={t.importsTab}>
      <p className="admin-muted">
        {t.importsIntro} {t.total(format.number(pagination.total))}
      </p>
      {items.length === 0 ? (
        <p className="admin-state" data-testid="reports-empty">
          {t.empty}
        </p>
      ) : (
        <ul className="reports-list" data-testid="reports-list">
          {items.map((report) => {
            const expanded = open.has(report.id);
            const panelId = `${detailsId}-${report.id}`;
            return (
              <li key={report.id} className="admin-card reports-item" data-testid="reports-item">
                <div className="reports-item-head">
                  <div className="reports-item-title">
                    <strong className="reports-file">{report.fileName}</strong>
                    <span className="admin-muted">{format.dateTime(report.createdAt)}</span>
                  </div>
                  <span className={`admin-chip ${report.success ? 'admin-chip-success' : 'admin-chip-danger'}`}>{report.success ? t.succeeded : t.failed}</span>
                </div>
                <dl className="reports-figures">
                  <div>
                    <dt>{t.rows}</dt>
                    <dd>{format.number(report.totalRows)}</dd>
                  </div>
                  <div>
                    <dt>{t.imported}</dt>
                    <dd>{format.number(report.successCount)}</dd>
                  </div>
                  <div>
                    <dt>{t.skipped}</dt>
                    <dd>{format.number(report.skippedCount)}</dd>
                  </div>
                  <div>
                    <dt>{t.errors}</dt>
                    <dd>{format.number(report.errorCount)}</dd>
                  </div>
                </dl>
                <button
                  type="button"
                  className="admin-button admin-button-small"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  aria-label={expanded ? t.hideDetails(report.fileName) : t.showDetails(report.fileName)}
                  onClick={() =>
                    setOpen((known) => {
                      const next = new Set(known);
                      if (expanded) next.delete(report.id);
                      else next.add(report.id);
                      return next;
                    })
                  }
                >
                  {t.details} {expanded ? '▴' : '▾'}
                </button>
                {expanded ? (
                  <div id={panelId} className="reports-details">
                    <UploadReport fileName={report.fileName} report={report} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {pagination.totalPages > 1 ? (
        <nav className="reports-pages" aria-label={t.pagination}>
          <button type="button" className="admin-button admin-button-small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t.previous}
          </button>
          <span>{t.page(page, pagination.totalPages)}</span>
          <button type="button" className="admin-button admin-button-small" disabled={page >= pagination.totalPages} onClick={() => goTo(page + 1)}>
            {t.next}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
