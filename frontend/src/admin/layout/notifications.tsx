/**
 * The bell in the top bar: how many things need attention (failed imports of the last day, businesses
 * held for review), each linking to where it is handled. No number when nothing does.
 */
import { Link } from 'react-router';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { shellMessages } from './shell-messages.ts';
import { useDisclosure } from './use-disclosure.ts';
import { useAdminStats } from './use-nav-badges.ts';
import { attentionOf, useAdminDashboard } from './use-live-status.ts';

export function Notifications() {
  const t = useMessages(shellMessages).notifications;
  const format = useFormat();
  const dashboard = useAdminDashboard();
  const stats = useAdminStats();
  const disclosure = useDisclosure();
  const attention = dashboard.data ? attentionOf(dashboard.data, stats.data?.pendingBusinesses) : null;
  const count = attention?.count ?? 0;
  return (
    <div className="admin-popover-root" ref={disclosure.rootRef}>
      <button type="button" {...disclosure.buttonProps} className="admin-icon-button admin-bell" aria-label={t.button(count)} title={t.button(count)} data-testid="notifications">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {count > 0 ? (
          <span className="admin-bell-count" aria-hidden="true" data-testid="notification-count">
            {format.number(count)}
          </span>
        ) : null}
      </button>
      <div {...disclosure.panelProps} className="admin-popover admin-popover-end" role="region" aria-label={t.title}>
        <h2 className="admin-popover-title">{t.title}</h2>
        {!attention ? (
          <p className="admin-muted">{dashboard.isError ? t.loadFailed : null}</p>
        ) : count === 0 ? (
          <p className="admin-muted">{t.empty}</p>
        ) : (
          <ul className="admin-notification-list">
            {attention.recentFailures.map((failure) => (
              <li key={failure.id}>
                <Link to="/admin/reports" className="admin-notification is-danger">
                  <span>{t.failedImport(failure.fileName)}</span>
                  <time className="admin-muted" dateTime={failure.createdAt} title={format.dateTime(failure.createdAt)}>
                    {format.relative(failure.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
            {attention.failedImports > attention.recentFailures.length ? (
              <li>
                <Link to="/admin/reports" className="admin-notification is-danger">
                  {t.moreFailedImports(attention.failedImports - attention.recentFailures.length)}
                </Link>
              </li>
            ) : null}
            {attention.heldBusinesses > 0 ? (
              <li>
                <Link to="/admin/businesses?approval=pending" className="admin-notification is-warning">
                  <span>{t.heldBusinesses(format.number(attention.heldBusinesses))}</span>
                  <span className="admin-muted">{t.reviewHeld}</span>
                </Link>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </div>
  );
}
