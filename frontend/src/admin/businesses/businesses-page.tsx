// Being built (issue 26): replaced by the screen's own page. Until then it opens the CSV export dialog
// from its header (the businesses screen does the same).
import { useState } from 'react';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';
import { ExportDialog } from './export/export-dialog.tsx';
import { exportMessages } from './export/messages.ts';

export function BusinessesPage() {
  const t = useMessages(commonMessages);
  const e = useMessages(exportMessages);
  const [exporting, setExporting] = useState(false);
  usePageTitle(t.nav.businesses);
  return (
    <section className="admin-page">
      <header className="admin-page-header">
        <h1>{t.nav.businesses}</h1>
        <button type="button" className="admin-button" onClick={() => setExporting(true)}>
          {e.open}
        </button>
      </header>
      <ExportDialog open={exporting} onClose={() => setExporting(false)} />
    </section>
  );
}
