/**
 * Destructive global actions need the password from the last 10 minutes: the API answers 403
 * `reauth_required` otherwise. `const withReauth = useReauth(); await withReauth(() => api.delete(...))`
 * runs the call, and on that answer asks for the password (POST /api/admin/reauth) and runs it once more.
 * Cancelling rejects with `ReauthCancelled`, which callers treat as "nothing happened".
 */
import { createContext, useCallback, useContext, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ReauthBody, ReauthResponse } from '../../../../common/api/admin.ts';
import { ApiError } from '../../api/client.ts';
import { useApi } from '../../lib/use-api.ts';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { ModalDialog } from './modal-dialog.tsx';

export class ReauthCancelled extends Error {
  constructor() {
    super('The password prompt was cancelled');
    this.name = 'ReauthCancelled';
  }
}

type WithReauth = <T>(run: () => Promise<T>) => Promise<T>;

const ReauthContext = createContext<WithReauth>((run) => run());

export function useReauth(): WithReauth {
  return useContext(ReauthContext);
}

export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'reauth_required';
}

export function ReauthProvider({ children }: { children: ReactNode }) {
  const t = useMessages(commonMessages);
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ resolve(): void; reject(error: unknown): void } | null>(null);

  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current?.reject(new ReauthCancelled());
        pending.current = { resolve, reject };
        setPassword('');
        setError(null);
        setOpen(true);
      }),
    [],
  );

  const withReauth = useCallback<WithReauth>(
    async (run) => {
      try {
        return await run();
      } catch (error) {
        if (!isReauthRequired(error)) throw error;
        await ask();
        return run();
      }
    },
    [ask],
  );

  const cancel = () => {
    pending.current?.reject(new ReauthCancelled());
    pending.current = null;
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post<ReauthResponse>('/api/admin/reauth', { password } satisfies ReauthBody);
      pending.current?.resolve();
      pending.current = null;
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 401 ? t.reauth.wrong : failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <ModalDialog open={open} title={t.reauth.title} onClose={cancel} testId="reauth-dialog">
        <form onSubmit={submit} className="admin-form">
          <p className="admin-dialog-body">{t.reauth.message}</p>
          <label className="admin-field">
            <span>{t.reauth.password}</span>
            <input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus required />
          </label>
          {error ? (
            <p className="admin-field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="admin-dialog-actions">
            <button type="button" className="admin-button" onClick={cancel}>
              {t.reauth.cancel}
            </button>
            <button type="submit" className="admin-button admin-button-primary" disabled={!password || busy}>
              {t.reauth.confirm}
            </button>
          </div>
        </form>
      </ModalDialog>
    </ReauthContext.Provider>
  );
}
