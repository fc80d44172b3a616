import { useEffect, useState, type ReactNode } from 'react';

/** Renders children only after hydration (Leaflet needs window; the server sends the fallback). */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children : fallback}</>;
}
