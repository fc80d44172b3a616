/** The panel's routes: /admin/login alone, every other screen inside the signed-in shell. */
import { Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { LoadError, Spinner } from './components/load-state.tsx';
import { commonMessages } from './i18n/common-messages.ts';
import { useMessages } from './i18n/language.tsx';
import { AdminLayout } from './layout/admin-layout.tsx';
import { usePageTitle } from './lib/use-page-title.ts';
import { LoginPage } from './login/login-page.tsx';
import { adminRoutes } from './routes.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';

export function AdminApp() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin" element={<AdminLayout />}>
        {adminRoutes.map(({ path, Component }) => (
          <Route
            key={path}
            index={path === ''}
            path={path || undefined}
            element={
              // A screen that fails to load or render says so inside the shell; the menu still works.
              <ErrorBoundary fallback={(error, reset) => <LoadError error={error} onRetry={reset} />}>
                <Suspense fallback={<Spinner />}>
                  <Component />
                </Suspense>
              </ErrorBoundary>
            }
          />
        ))}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}

function NotFoundScreen() {
  const t = useMessages(commonMessages);
  usePageTitle(t.state.notFoundTitle);
  return (
    <section className="admin-page">
      <h1>{t.state.notFoundTitle}</h1>
      <p>{t.state.notFoundMessage}</p>
      <Link to="/admin" className="admin-button">
        {t.state.backHome}
      </Link>
    </section>
  );
}
