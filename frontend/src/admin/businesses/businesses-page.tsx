// Being built (issue 26): replaced by the screen's own page.
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export function BusinessesPage() {
  const t = useMessages(commonMessages);
  usePageTitle(t.nav.businesses);
  return (
    <section className="admin-page">
      <h1>{t.nav.businesses}</h1>
    </section>
  );
}
