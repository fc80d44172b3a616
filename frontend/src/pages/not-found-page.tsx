import { NotFoundSearch } from '../components/not-found-search.tsx';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';

/** Any unknown path: 404 with a fixed 300x250 banner and the search form. */
export function NotFoundPage() {
  useHttpStatus(404);
  useSeo({ title: `Page Not Found | ${SITE_NAME}`, description: 'The page you are looking for does not exist.', noindex: true });
  return (
    <div className="container section narrow center">
      <h1>Page Not Found</h1>
      <p className="muted">Sorry, the page you are looking for does not exist or has been moved.</p>
      <div className="ad-slot ad-banner" aria-label="Advertisement" role="complementary">
        <span>Advertisement 300 × 250</span>
      </div>
      <NotFoundSearch />
    </div>
  );
}
