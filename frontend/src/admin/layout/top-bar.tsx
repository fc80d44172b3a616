/**
 * The top bar: the drawer toggle (phones), the 'Ara...' box, the system's health chip, the notifications,
 * the language switch and the signed-in admin.
 */
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { HealthChip } from './health-chip.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Notifications } from './notifications.tsx';
import { SearchBox } from './search-box.tsx';
import './shell-live.css';

export function TopBar({ username, drawerOpen, onToggleDrawer }: { username: string; drawerOpen: boolean; onToggleDrawer(): void }) {
  const t = useMessages(commonMessages);
  return (
    <header className="admin-topbar">
      <button type="button" className="admin-icon-button admin-drawer-toggle" onClick={onToggleDrawer} aria-expanded={drawerOpen} aria-controls="admin-sidebar" aria-label={drawerOpen ? t.nav.closeMenu : t.nav.openMenu}>
        <span aria-hidden="true">☰</span>
      </button>
      <SearchBox />
      <div className="admin-topbar-spacer" />
      <HealthChip />
      <Notifications />
      <LanguageSwitch />
      <span className="admin-user" title={t.signedInAs(username)}>
        <span className="admin-avatar" aria-hidden="true">
          {username.slice(0, 1).toUpperCase()}
        </span>
        <span className="admin-user-name">{username}</span>
      </span>
    </header>
  );
}
