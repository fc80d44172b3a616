/** The newest audit rows (dashboard call's recentActivity): what was done, by whom, to what, how long ago. */
import type { AdminDashboard } from '../../../../common/api/admin.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { activityMessages } from './activity-messages.ts';
import './recent-activity.css';

type Activity = AdminDashboard['recentActivity'][number];

function lookup(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function RecentActivity({ rows, limit, headingId }: { rows: Activity[]; limit?: number; headingId: string }) {
  const t = useMessages(activityMessages);
  const format = useFormat();
  const shown = limit ? rows.slice(0, limit) : rows;
  return (
    <section className="admin-card admin-activity" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.title}</h2>
      {shown.length === 0 ? (
        <p className="admin-muted">{t.empty}</p>
      ) : (
        <ol className="admin-activity-list" data-testid="recent-activity">
          {shown.map((row, index) => {
            const entity = row.entity ? `${lookup(t.entities, row.entity) ?? row.entity}${row.entityId ? ` #${row.entityId}` : ''}` : null;
            return (
              <li key={`${row.at}-${index}`} className="admin-activity-item">
                <span className="admin-activity-action">{lookup(t.actions, row.action) ?? row.action}</span>
                <span className="admin-muted admin-activity-meta">
                  {row.admin ?? t.unknownAdmin}
                  {entity ? ` · ${entity}` : ''}
                  {' · '}
                  <time dateTime={row.at} title={format.dateTime(row.at)}>
                    {format.relative(row.at)}
                  </time>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
