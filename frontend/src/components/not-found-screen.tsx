import type { ReactNode } from 'react';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { NotFoundSearch } from './not-found-search.tsx';

/**
 * A "not found" page: a real 404 that asks not to be indexed, its heading and sentence, then a way on
 * (the search form unless `children` offer another).
 */
export function NotFoundScreen({ title, text, description, children = <NotFoundSearch /> }: {
  title: string;
  text: string;
  /** The meta description. */
  description: string;
  children?: ReactNode;
}) {
  useHttpStatus(404);
  useSeo({ title: `${title} | ${SITE_NAME}`, description, noindex: true });
  return (
    <div className="container section narrow center">
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      {children}
    </div>
  );
}
