/**
 * The 'Aktif' chip: the real health of the API, the database, search and the indexer (use-live-status.ts),
 * green when all are well, otherwise naming what is wrong; its button opens each part's state.
 */
import { useFormat, type Formatters } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { shellMessages } from './shell-messages.ts';
import { useDisclosure } from './use-disclosure.ts';
import { useSystemHealth, type HealthLevel, type PartHealth } from './use-live-status.ts';

type ShellTexts = (typeof shellMessages)['tr'];

export const CHIP_CLASS: Record<HealthLevel, string> = { ok: 'admin-chip-success', warning: 'admin-chip-warning', danger: 'admin-chip-danger', unknown: '' };

/** What a part's problem says, in the chosen language. */
export function problemText(part: PartHealth, t: ShellTexts['health'], format: Formatters): string | null {
  const problem = part.problem;
  if (!problem) return null;
  return problem.key === 'indexerBehind' ? t.indexerBehind(format.number(problem.seconds ?? 0)) : t[problem.key];
}

/** The chip's words: 'Aktif', the first problem (and how many more), or 'checking'. */
export function useHealthSummary() {
  const health = useSystemHealth();
  const t = useMessages(shellMessages).health;
  const format = useFormat();
  const problems = health.parts.map((part) => problemText(part, t, format)).filter((text): text is string => text !== null);
  const label = health.level === 'ok' ? t.active : health.level === 'unknown' && !problems.length ? t.checking : `${problems[0]}${problems.length > 1 ? ` ${t.more(problems.length - 1)}` : ''}`;
  return { health, label, problems };
}

export function HealthChip() {
  const t = useMessages(shellMessages).health;
  const format = useFormat();
  const { health, label, problems } = useHealthSummary();
  const disclosure = useDisclosure();
  return (
    <div className="admin-popover-root" ref={disclosure.rootRef}>
      <button
        type="button"
        {...disclosure.buttonProps}
        className={`admin-chip admin-health-chip ${CHIP_CLASS[health.level]}`}
        data-testid="health-chip"
        data-level={health.level}
        title={problems.length ? problems.join(' · ') : label}
        aria-label={`${t.title}: ${problems.length ? problems.join(', ') : label}`}
      >
        <span className={`admin-health-dot is-${health.level}`} aria-hidden="true" />
        <span className="admin-health-label">{label}</span>
      </button>
      <div {...disclosure.panelProps} className="admin-popover" role="region" aria-label={t.details}>
        <h2 className="admin-popover-title">{t.title}</h2>
        <ul className="admin-health-parts">
          {health.parts.map((part) => (
            <li key={part.part}>
              <span className={`admin-health-dot is-${part.level}`} aria-hidden="true" />
              <span className="admin-health-part">{t[part.part]}</span>
              <span className="admin-muted">
                {problemText(part, t, format) ?? (part.level === 'unknown' ? t.checking : t.ok)}
                {part.queued ? ` · ${t.queued(format.number(part.queued))}` : ''}
              </span>
            </li>
          ))}
        </ul>
        {health.checkedAt ? <p className="admin-muted admin-popover-foot">{t.checkedAt(format.dateTime(health.checkedAt))}</p> : null}
      </div>
    </div>
  );
}
