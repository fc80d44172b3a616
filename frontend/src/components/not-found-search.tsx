import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { searchHref } from '../lib/slugs.ts';


/** The search form and links shown on the not-found screens. */
export function NotFoundSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [location, setLocation] = useState('');
  const canSearch = query.trim().length > 0;
  // Disabled while empty only once scripts run: without them the form submits itself to /search
  // (the required field stops an empty one), and a disabled button would never submit.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch) return;
    navigate(searchHref({ q: query, location }));
  };
  return (
    <div className="not-found-search">
      <form className="search-form" role="search" onSubmit={submit} aria-label="Search businesses" action="/search" method="get">
        <label>
          <span>What are you looking for?</span>
          <input name="q" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Business name or category" required maxLength={200} />
        </label>
        <label>
          <span>Where?</span>
          <input name="location" value={location} onChange={(event) => setLocation(event.target.value)} placeholder="City or country (optional)" maxLength={200} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={hydrated && !canSearch}>
          Search
        </button>
      </form>
      <ul className="link-row">
        <li>
          <Link to="/categories">Browse Categories</Link>
        </li>
        <li>
          <Link to="/countries">Browse Countries</Link>
        </li>
        <li>
          <Link to="/cities">Browse Cities</Link>
        </li>
      </ul>
      <Link to="/" className="btn btn-secondary">
        Back to Home
      </Link>
    </div>
  );
}
