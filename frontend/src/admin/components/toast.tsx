/**
 * The panel's toasts (admin-side §9): one at a time (a new one replaces the one showing), shown for
 * 5000 ms, closable. Success and information are announced politely, errors at once (role="alert").
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';

export const TOAST_DURATION_MS = 5000;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'success' | 'error' | 'info';
}

type ShowToast = (toast: ToastOptions) => void;

const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useMessages(commonMessages);
  const [toast, setToast] = useState<(ToastOptions & { id: number }) | null>(null);
  const sequence = useRef(0);
  const show = useCallback<ShowToast>((next) => {
    sequence.current += 1;
    setToast({ ...next, id: sequence.current });
  }, []);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  const value = useMemo(() => show, [show]);
  const variant = toast?.variant ?? 'info';
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* The live regions stay in the page, so a screen reader hears a toast added to them. */}
      <div className="admin-toast-region" aria-live="polite" role="status">
        {toast && variant !== 'error' ? <ToastCard key={toast.id} toast={toast} onClose={() => setToast(null)} closeLabel={t.toast.close} /> : null}
      </div>
      <div className="admin-toast-region" role="alert">
        {toast && variant === 'error' ? <ToastCard key={toast.id} toast={toast} onClose={() => setToast(null)} closeLabel={t.toast.close} /> : null}
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onClose, closeLabel }: { toast: ToastOptions; onClose(): void; closeLabel: string }) {
  return (
    <div className={`admin-toast admin-toast-${toast.variant ?? 'info'}`} data-testid="toast">
      <div>
        <p className="admin-toast-title">{toast.title}</p>
        {toast.description ? <p className="admin-toast-description">{toast.description}</p> : null}
      </div>
      <button type="button" className="admin-icon-button" onClick={onClose} aria-label={closeLabel}>
        ×
      </button>
    </div>
  );
}
