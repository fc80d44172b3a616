/**
 * The shell around every signed-in screen: the sidebar (a drawer on phones, opened by the menu button),
 * the top bar and the screen itself. Signed out, /admin shows the in-panel sign-in and every other
 * screen goes to /admin/login with a way back.
 */
import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { commonMessages } from '../i18n/common-messages.ts';
import { useMessages } from '../i18n/language.tsx';
import { LoginCard } from '../login/login-page.tsx';
import { useAdminSession, useSignOut } from '../session/use-admin-session.ts';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { TopBar } from './top-bar.tsx';
import { useNavBadges } from './use-nav-badges.ts';

export function AdminLayout() {
  const session = useAdminSession();
  const location = useLocation();
  if (session.isPending) return <Spinner fullPage />;
  if (session.isError) return <LoadError error={session.error} onRetry={() => session.refetch()} fullPage />;
  if (!session.data) {
    if (location.pathname === '/admin' || location.pathname === '/admin/') return <LoginCard presentation="panel" />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <SignedInShell username={session.data.username} />;
}

function SignedInShell({ username }: { username: string }) {
  const t = useMessages(commonMessages);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // A link followed in the drawer closes it.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  return (
    <div className={`admin-shell${drawerOpen ? ' is-drawer-open' : ''}`}>
      <a className="admin-skip-link" href="#main">
        {t.skipToContent}
      </a>
      <Sidebar onClose={() => setDrawerOpen(false)} />
      {drawerOpen ? <div className="admin-drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" /> : null}
      <div className="admin-main-column">
        <TopBar username={username} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((open) => !open)} />
        <main className="admin-content" id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function Sidebar({ onClose }: { onClose(): void }) {
  const t = useMessages(commonMessages);
  const badges = useNavBadges();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <aside className="admin-sidebar" id="admin-sidebar">
      {/* The aside runs the page's whole height (its dark column); this part stays in view while the page scrolls. */}
      <div className="admin-sidebar-inner">
        <div className="admin-sidebar-head">
          <span className="admin-brand">{t.panelTitle}</span>
          <button type="button" className="admin-icon-button admin-drawer-close" onClick={onClose} aria-label={t.nav.closeMenu}>
            ×
          </button>
        </div>
        <nav aria-label={t.nav.label}>
          <ul className="admin-nav">
            {NAV_ITEMS.map((item) => {
              const badge = item.badge ? badges[item.badge] : undefined;
              return (
                <li key={item.path}>
                  <NavLink to={item.path} end={item.end} className={({ isActive }) => `admin-nav-link${isActive ? ' is-active' : ''}`}>
                    <span>{t.nav[item.label]}</span>
                    {badge ? (
                      <span className="admin-badge" title={badge.title} data-testid={`badge-${item.badge}`}>
                        {badge.text}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-sidebar-foot">
          <a className="admin-nav-link" href="/">
            {t.nav.mainSite}
          </a>
          <button type="button" className="admin-nav-link admin-logout" onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/admin/login', { replace: true }) })} disabled={signOut.isPending}>
            {t.nav.logout}
          </button>
        </div>
      </div>
    </aside>
  );
}
