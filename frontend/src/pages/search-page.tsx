import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { searchQuery, writeSearchFilters, type SearchParams } from '../api/queries.ts';
import type { ApiClient } from '../api/client.ts';
import type { SearchResult } from '../../../common/api/public.ts';
import { BusinessListCard } from '../components/business-list-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { StateMessage } from '../components/state-message.tsx';
import { countOf, formatInt } from '../lib/format.ts';
import { pageParam, useClampedPageQuery } from '../lib/paged.ts';
import { cleanSearchText } from '../../../common/search-text.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { itemList } from '../lib/seo.ts';
import { businessHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';

export function readSearchParams(searchParams: URLSearchParams): SearchParams {
  return {
    q: cleanSearchText(searchParams.get('q') ?? ''),
    location: cleanSearchText(searchParams.get('location') ?? ''),
    // Past the last page shows the last page: the page clamps it once the results say how many there are.
    page: pageParam(searchParams.get('page')),
    category: searchParams.get('category') ?? undefined,
    city: searchParams.get('city') ?? undefined,
    ...pointParams(searchParams),
  };
}

/** lat and lng when both are numbers in range (a "Near me" search), else nothing. */
function pointParams(searchParams: URLSearchParams): { lat?: number; lng?: number } {
  const read = (name: string, limit: number) => {
    const text = searchParams.get(name);
    const value = text !== null && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
    return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
  };
  const lat = read('lat', 90);
  const lng = read('lng', 180);
  return lat !== undefined && lng !== undefined ? { lat, lng } : {};
}

/** A point to about 100 m: near enough for "near me", and every visitor of one street shares a cached answer. */
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/** Whether there is anything to search: words, a place, or a category or city chosen alone. */
export function hasSearch(params: SearchParams): boolean {
  return Boolean(params.q || params.location || params.category || params.city || params.lat !== undefined);
}

/** The search query of `params` at `page`: the route loader and the page ask for the same. */
export const searchResultsQuery = (api: ApiClient, params: SearchParams, page: number) => searchQuery(api, { ...params, page });
export const searchTotalPages = (results: SearchResult) => results.totalPages;

/** The API names its parameters ("q must be at most 200 characters"); a visitor knows the boxes. */
function inWords(detail: string): string {
  return detail.replace(/^q must/, 'What you search for must').replace(/^location must/, 'The place must');
}

function hrefWith(params: SearchParams, change: Partial<SearchParams>): string {
  const next = { ...params, page: 1, ...change };
  const query = new URLSearchParams();
  if (next.q) query.set('q', next.q);
  writeSearchFilters(query, next);
  if (next.page > 1) query.set('page', String(next.page));
  const search = query.toString();
  return search ? `/search?${search}` : '/search';
}

/** /search?q&location: typo-tolerant keyword + location search with category and city facets. */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const requested = readSearchParams(searchParams);
  const api = useApi();
  const hasQuery = hasSearch(requested);
  const { page, query } = useClampedPageQuery(
    (target) => ({ ...searchResultsQuery(api, requested, target), enabled: hasQuery }),
    requested.page,
    searchTotalPages,
  );
  const params = { ...requested, page };
  const results = query.data;
  // A pasted paragraph must not become a paragraph-long title.
  const short = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}...` : text);
  // A place's category chip lands here (location + category): the title names the category too.
  const categoryLabel = params.category ? results?.facets.category.find((entry) => entry.value === params.category)?.label : undefined;
  // A chosen city chip is where the results are: the title says so (more precisely than the location typed).
  const cityLabel = params.city ? results?.facets.city.find((entry) => entry.value === params.city)?.label : undefined;
  const where = cityLabel ?? params.location;
  const near = params.lat !== undefined;
  const title = params.q
    ? `Search results for "${short(params.q)}"${where ? ` in ${short(where)}` : near ? ' near you' : ''}`
    : where ? `${categoryLabel ? short(categoryLabel) : 'Businesses'} in ${short(where)}`
    : near ? `${categoryLabel ? short(categoryLabel) : 'Businesses'} near you`
    : categoryLabel ? short(categoryLabel) : 'Search Businesses';
  // A 400 is the search's own input refused (a query over 200 characters, say): say why, not "unavailable".
  const failure = query.error as { status?: number; detail?: string } | null;
  const refused = query.isError && failure?.status === 400;
  useSeo({
    title: `${title} | ${SITE_NAME}`,
    description: results ? `${countOf(results.totalCount, 'business matches', 'businesses match')} your search.` : 'Search businesses by name, category and location.',
    canonicalPath: hrefWith(params, { page: params.page }),
    noindex: true,
    jsonLd: results ? [itemList(results.businesses.map((hit) => ({ name: hit.name, path: businessHref(hit.slug) })), title)] : [],
  });
  return (
    <div className="container section">
      <h1>{title}</h1>
      <SearchBox key={`${params.q}|${params.location}`} initial={params} />
      {!hasQuery ? (
        <p className="muted">Type what you are looking for and, optionally, where.</p>
      ) : query.isPending ? (
        <p role="status">Searching...</p>
      ) : refused ? (
        <StateMessage title="This search cannot be run" text={inWords(failure?.detail ?? '')} tone="error" />
      ) : query.isError || !results ? (
        <StateMessage title="Search is unavailable" text="Please try again later." tone="error" />
      ) : (
        <div className="search-layout">
          <Facets params={params} facets={results.facets} />
          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="muted small">
              {countOf(results.totalCount, 'result', 'results')}
            </h2>
            {near && (
              <p className="search-notice" role="status">
                {'Nearest first. '}
                <Link to={hrefWith({ ...params, lat: undefined, lng: undefined }, {})}>Search everywhere instead</Link>
              </p>
            )}
            {results.matchedAs === 'location' && (
              <p className="search-notice" role="status">
                {`Showing businesses in ${short(params.q)}: no business name, category or type matches "${short(params.q)}". `}
                <Link to={hrefWith({ ...params, q: '', location: params.q }, {})}>{`Search within ${short(params.q)}`}</Link>
              </p>
            )}
            {results.matchedAs === 'keywords-in-place' && (
              <p className="search-notice" role="status">
                {`Showing "${short(results.query)}" in ${short(results.location)}. `}
                <Link to={hrefWith({ ...params, q: results.query, location: '' }, {})}>{`Search "${short(results.query)}" everywhere`}</Link>
              </p>
            )}
            {results.matchedAs === 'keywords-not-in-place' && results.place && (
              <p className="search-notice" role="status">
                {`No business in ${short(results.place)} matches these words: showing matches everywhere. `}
                <Link to={hrefWith({ q: '', location: results.place, page: 1 }, {})}>{`Show businesses in ${short(results.place)}`}</Link>
              </p>
            )}
            {results.matchedAs === 'some-words' && (
              <p className="search-notice" role="status">
                {`No business matches every word of "${short(results.query)}": showing those that match some of them.`}
              </p>
            )}
            {results.matchedAs === 'keywords' && results.place && (
              <p className="search-notice">
                {`Looking for businesses in ${results.place}? `}
                <Link to={hrefWith({ q: '', location: results.place, page: 1 }, {})}>{`Show businesses in ${results.place}`}</Link>
              </p>
            )}
            {results.businesses.length === 0 ? (
              <StateMessage title="No results found" text="Try a different spelling, a broader term or another location." />
            ) : (
              <div className="card-grid">
                {results.businesses.map((hit) => (
                  <BusinessListCard key={hit.slug} business={hit} />
                ))}
              </div>
            )}
            <Pagination current={params.page} total={results.totalPages} hrefFor={(page) => hrefWith(params, { page })} label="Search result pages" />
            <SearchCapNote totalHits={results.totalCount} totalPages={results.totalPages} />
          </section>
        </div>
      )}
    </div>
  );
}

function SearchBox({ initial }: { initial: SearchParams }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(initial.q);
  const [location, setLocation] = useState(initial.location);
  // "Near me" needs the browser's location: offered once the page runs scripts, where the browser has it.
  const [canLocate, setCanLocate] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState('');
  useEffect(() => setCanLocate(typeof navigator !== 'undefined' && 'geolocation' in navigator), []);
  // A search near a point stays near it while only the words change; a place typed in "Where" replaces it.
  const point = !location.trim() && initial.lat !== undefined ? { lat: initial.lat, lng: initial.lng } : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!q.trim() && !location.trim() && point.lat === undefined) return;
    navigate(hrefWith({ q: q.trim(), location: location.trim(), page: 1, ...point }, {}));
  };
  const nearMe = () => {
    setLocating(true);
    setLocateError('');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocation('');
        navigate(hrefWith({ q: q.trim(), location: '', page: 1, lat: roundCoordinate(position.coords.latitude), lng: roundCoordinate(position.coords.longitude) }, {}));
      },
      () => {
        setLocating(false);
        setLocateError('Your location is not available: allow this site to use it, or type a place in "Where".');
      },
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    );
  };
  return (
    <form className="search-form" role="search" onSubmit={submit} aria-label="Search businesses" action="/search" method="get">
      <label>
        <span>What</span>
        <input name="q" value={q} onChange={(event) => setQ(event.target.value)} placeholder="Business name or category" maxLength={200} />
      </label>
      <label>
        <span>Where</span>
        <input name="location" value={location} onChange={(event) => setLocation(event.target.value)} placeholder="City or country" maxLength={200} />
      </label>
      {/* Without scripts the form posts itself: the point goes along, as it does with them. */}
      {point.lat !== undefined && (
        <>
          <input type="hidden" name="lat" value={point.lat} />
          <input type="hidden" name="lng" value={point.lng} />
        </>
      )}
      <button type="submit" className="btn btn-primary">
        Search
      </button>
      {canLocate && (
        <button type="button" className="btn btn-secondary" onClick={nearMe} disabled={locating}>
          {locating ? 'Locating...' : 'Near me'}
        </button>
      )}
      {locateError && (
        <p className="field-error" role="alert">
          {locateError}
        </p>
      )}
    </form>
  );
}

const VISIBLE_FACETS = 5;

type FacetCount = SearchResult['facets']['category'][number];

function Facets({ params, facets }: { params: SearchParams; facets: SearchResult['facets'] }) {
  const group = (name: 'category' | 'city', label: string) => {
    const entries = [...(facets[name] ?? [])].sort((a, b) => b.count - a.count).slice(0, 10);
    const active = params[name];
    if (entries.length === 0 && !active) return null;
    const activeLabel = entries.find((entry) => entry.value === active)?.label ?? active;
    // Five a group, the rest folded: twenty chips put a phone's first result a screen down.
    const others = entries.filter((entry) => entry.value !== active);
    const chip = (entry: FacetCount) => (
      <li key={entry.value}>
        <Link to={hrefWith(params, { [name]: entry.value })} className="chip">
          {entry.label} <span className="muted">({formatInt(entry.count)})</span>
        </Link>
      </li>
    );
    return (
      <div className="facet-group">
        <h3>{label}</h3>
        <ul className="chip-list">
          {active && (
            <li>
              <Link to={hrefWith(params, { [name]: undefined })} className="chip active" aria-label={`Remove ${label.toLowerCase()} filter ${activeLabel}`}>
                {activeLabel} ✕
              </Link>
            </li>
          )}
          {others.slice(0, VISIBLE_FACETS).map(chip)}
        </ul>
        {others.length > VISIBLE_FACETS && (
          <details className="more-chips">
            <summary>{`${others.length - VISIBLE_FACETS} more`}</summary>
            <ul className="chip-list">{others.slice(VISIBLE_FACETS).map(chip)}</ul>
          </details>
        )}
      </div>
    );
  };
  return (
    <aside className="facets" aria-labelledby="filters-heading">
      <h2 id="filters-heading" className="sr-only">
        Filters
      </h2>
      {group('category', 'Category')}
      {group('city', 'City')}
    </aside>
  );
}

/** Results a page of the search (the API's default). */
const SEARCH_PAGE_SIZE = 20;

/**
 * A search pages through its first 1,000 matches (50 pages): past that, say so and how to reach the
 * rest, instead of a last page that contradicts "2,000 results".
 */
export function SearchCapNote({ totalHits, totalPages }: { totalHits: number; totalPages: number }) {
  const listed = totalPages * SEARCH_PAGE_SIZE;
  if (totalHits <= listed) return null;
  return <p className="muted center">{`These pages show the first ${formatInt(listed)} of ${formatInt(totalHits)} results. Add a word or a place to narrow the search.`}</p>;
}
