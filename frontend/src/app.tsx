import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './components/layout.tsx';
import { publicRoutes } from './routes.tsx';

// The admin panel (admin-side spec) is not built yet: when it is, it goes here as a React.lazy,
// client-only route under /admin/*, so it never enters the public bundle. Until then /admin is a 404.

export function App() {
  // Marks the end of hydration (effects run after the first commit): tests and monitoring wait on it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Routes>
      <Route element={<Layout />}>
        {publicRoutes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
    </Routes>
  );
}
