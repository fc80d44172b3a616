import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { NotFoundSearch } from '../components/not-found-search.tsx';
import { useViewer } from '../lib/viewer.tsx';

/**
 * Any unknown path: 404 with the spec's 300x250 banner and the search form. No ad slot serves the banner
 * (the spec names none), so it is always empty: its placeholder shows only to a signed-in admin, as every
 * empty slot's does; visitors see nothing there (DESIGN §7).
 */
export function NotFoundPage() {
  const viewer = useViewer();
  return (
    <NotFoundScreen
      title="Page Not Found"
      text="Sorry, the page you are looking for does not exist or has been moved."
      description="The page you are looking for does not exist."
    >
      {viewer === 'admin' && (
        <div className="ad-slot ad-banner" aria-label="Advertisement" role="complementary">
          <span>Advertisement 300 × 250</span>
        </div>
      )}
      <NotFoundSearch />
    </NotFoundScreen>
  );
}
