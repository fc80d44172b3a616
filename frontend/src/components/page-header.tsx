import type { ReactNode } from 'react';

/** The page's h1 and, under it, a muted line saying what the page is for. */
export function PageHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {intro && <p className="muted">{intro}</p>}
    </header>
  );
}
