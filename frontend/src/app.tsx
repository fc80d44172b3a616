import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './components/layout.tsx';
import { publicRoutes } from './routes.tsx';

// The admin panel is a separate, client-only chunk: never in the public bundle, never server-rendered.
const AdminApp = lazy(() => import('./admin/admin-app.tsx'));

export function App() {
  // Marks the end of hydration (effects run after the first commit): tests and monitoring wait on it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<p className="container section">Loading...</p>}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        {publicRoutes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
    </Routes>
  );
}
