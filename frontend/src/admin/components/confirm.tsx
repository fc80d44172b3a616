/**
 * `const confirm = useConfirm(); if (await confirm({ title, message, destructive: true })) ...`: the spec's
 * confirmation prompts (one business, delete all twice, test data, slugs) as the panel's own dialog.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(async () => false);

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useMessages(commonMessages);
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setRequest(options);
      }),
    [],
  );
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ModalDialog open={request !== null} title={request?.title ?? ''} onClose={() => answer(false)} testId="confirm-dialog">
        <div className="admin-dialog-body">{request?.message}</div>
        <div className="admin-dialog-actions">
          <button type="button" className="admin-button" onClick={() => answer(false)}>
            {t.confirm.cancel}
          </button>
          <button type="button" className={`admin-button ${request?.destructive ? 'admin-button-danger' : 'admin-button-primary'}`} onClick={() => answer(true)} autoFocus>
            {request?.confirmLabel ?? t.confirm.yes}
          </button>
        </div>
      </ModalDialog>
    </ConfirmContext.Provider>
  );
}
