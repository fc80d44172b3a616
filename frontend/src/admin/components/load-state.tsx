/** Loading and failure states of a screen or a card: a spinner, or the error with a retry button. */
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';

export function Spinner({ fullPage = false, label }: { fullPage?: boolean; label?: string }) {
  const t = useMessages(commonMessages);
  return (
    <div className={fullPage ? 'admin-state admin-state-page' : 'admin-state'} role="status" aria-live="polite">
      <span className="admin-spinner" aria-hidden="true" />
      <span>{label ?? t.state.loading}</span>
    </div>
  );
}

export function LoadError({ error, onRetry, fullPage = false }: { error: unknown; onRetry?(): void; fullPage?: boolean }) {
  const t = useMessages(commonMessages);
  return (
    <div className={fullPage ? 'admin-state admin-state-page admin-state-error' : 'admin-state admin-state-error'} role="alert">
      <p>
        <strong>{t.state.loadFailed}</strong> {error instanceof Error ? error.message : null}
      </p>
      {onRetry ? (
        <button type="button" className="admin-button" onClick={onRetry}>
          {t.state.retry}
        </button>
      ) : null}
    </div>
  );
}
