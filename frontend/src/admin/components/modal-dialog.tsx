/**
 * A modal on the browser's own <dialog> (showModal): focus moves in and is kept there, Escape closes it,
 * the page behind is inert. Every dialog of the panel (confirmations, the password prompt, the export
 * and edit forms) is one of these.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider dialogs for forms (the export, the edit form). */
  size?: 'small' | 'large';
  /** Set on the dialog element, for tests and styles. */
  testId?: string;
}

export function ModalDialog({ open, title, onClose, children, size = 'small', testId }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`admin-dialog admin-dialog-${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      // Escape: the browser would close the dialog behind React's back; let the owner decide.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="admin-dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
