import { useEffect } from 'react';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';

/** "İşletme Yönetimi · Yönetim Paneli" in the browser tab (and for screen readers on navigation). */
export function usePageTitle(title: string): void {
  const t = useMessages(commonMessages);
  useEffect(() => {
    document.title = `${title} · ${t.panelTitle}`;
  }, [title, t.panelTitle]);
}
