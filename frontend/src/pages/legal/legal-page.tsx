import type { ReactNode } from 'react';
import { LEGAL_DATE } from '../../lib/legal-date.ts';
import { SITE_NAME, useSeo } from '../../lib/render-context.tsx';

/** Shared frame of the four static legal pages. */
export function LegalPage({ title, path, description, children }: { title: string; path: string; description: string; children: ReactNode }) {
  useSeo({ title: `${title} | ${SITE_NAME}`, description, canonicalPath: path });
  return (
    <article className="container section legal">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="muted">Last updated: {LEGAL_DATE}</p>
      </header>
      {children}
    </article>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
