import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { NotFoundSearch } from '../components/not-found-search.tsx';

/** Any unknown path: 404 with a fixed 300x250 banner and the search form. */
export function NotFoundPage() {
  return (
    <NotFoundScreen
      title="Page Not Found"
      text="Sorry, the page you are looking for does not exist or has been moved."
      description="The page you are looking for does not exist."
    >
      <div className="ad-slot ad-banner" aria-label="Advertisement" role="complementary">
        <span>Advertisement 300 × 250</span>
      </div>
      <NotFoundSearch />
    </NotFoundScreen>
  );
}
