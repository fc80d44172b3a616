import { useEffect, useRef } from 'react';
import { NavLink, Link, Outlet, useLocation, useNavigationType } from 'react-router';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/businesses', label: 'Businesses' },
  { to: '/categories', label: 'Categories' },
  { to: '/countries', label: 'Countries' },
  { to: '/cities', label: 'Cities' },
  { to: '/contact', label: 'Contact' },
];

const FOOTER = [
  { to: '/', label: 'Home' },
  { to: '/categories', label: 'Categories' },
  { to: '/countries', label: 'Countries' },
  { to: '/cities', label: 'Cities' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/legal-notice', label: 'Legal Notice' },
  { to: '/terms-of-service', label: 'Terms of Service (AGB)' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

/**
 * A link followed (a page of a list, a card, the menu) starts at the top of what it opens, as a page load
 * does; back and forward leave the scroll to the browser, which restores it, and a filter typed into a
 * list replaces the URL without moving the page. Without it the routes' client navigation kept the old
 * scroll: the next page of a long list opened with its first items far above the screen.
 */
function useScrollToTopOnNavigation(): void {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef({ key, url: pathname + search });
  useEffect(() => {
    const url = pathname + search;
    // A link to the page already shown (the footer's Home on the home page) is a REPLACE to the same URL.
    const samePageLink = navigationType === 'REPLACE' && key !== previous.current.key && url === previous.current.url;
    previous.current = { key, url };
    if (hash) return;
    if (navigationType === 'PUSH' || samePageLink) window.scrollTo({ top: 0 });
  }, [pathname, search, hash, key, navigationType]);
}

/** Top navigation, main landmark and footer around every public page. */
export function Layout() {
  useScrollToTopOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              BD
            </span>
            Business Directory
          </Link>
          <nav aria-label="Main">
            <ul className="nav-list">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <nav aria-label="Footer">
            <ul className="footer-list">
              {FOOTER.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="muted" suppressHydrationWarning>{`© ${new Date().getFullYear()} Business Directory. Find local businesses worldwide.`}</p>
        </div>
      </footer>
    </>
  );
}
