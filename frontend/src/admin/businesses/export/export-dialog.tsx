// Stand-in so this branch compiles: the CSV export dialog is built on its own branch (issue 26), which replaces this file at merge.
import { ModalDialog } from '../../components/modal-dialog.tsx';

export function ExportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <ModalDialog open={open} title="CSV" onClose={onClose} testId="export-dialog">
      <div className="admin-dialog-actions">
        <button type="button" className="admin-button" onClick={onClose}>
          ×
        </button>
      </div>
    </ModalDialog>
  );
}
