import { Link, useSearchParams } from 'react-router';
import { businessesPageQuery } from '../api/queries.ts';
import { BusinessListCard } from '../components/business-list-card.tsx';
import { Pagination } from '../components/pagination.tsx';
import { StateMessage } from '../components/state-message.tsx';
import { formatInt } from '../lib/format.ts';
import { pageParam, useClampedPageQuery, withPage } from '../lib/paged.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { itemList } from '../lib/seo.ts';
import { businessHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';

export const BUSINESSES_PAGE_SIZE = 20;
export const BUSINESSES_MAX_PAGE = 100;

export const businessesTotalPages = (data: { totalPages: number }) => Math.min(data.totalPages, BUSINESSES_MAX_PAGE);

/** /businesses?page=N, N accepted only as an integer 1..100 (spec §5). */
export function BusinessesPage() {
  const [searchParams] = useSearchParams();
  const api = useApi();
  // A page past the last one shows the last one, as every other paged list does.
  const { page, query } = useClampedPageQuery((target) => businessesPageQuery(api, target), pageParam(searchParams.get('page'), BUSINESSES_MAX_PAGE), businessesTotalPages);
  const data = query.data;
  const totalPages = Math.min(data?.totalPages ?? 0, BUSINESSES_MAX_PAGE);
  useSeo({
    title: `All Businesses${page > 1 ? ` - Page ${page}` : ''} | ${SITE_NAME}`,
    description: `Browse ${data ? formatInt(data.totalCount) : 'all'} businesses in the directory, 20 per page.`,
    canonicalPath: withPage('/businesses', page),
    jsonLd: data ? [itemList(data.businesses.map((business) => ({ name: business.name, path: businessHref(business.slug) })), 'All Businesses')] : [],
  });
  const from = data && data.totalCount > 0 ? (page - 1) * BUSINESSES_PAGE_SIZE + 1 : 0;
  const to = data ? Math.min(page * BUSINESSES_PAGE_SIZE, data.totalCount) : 0;
  return (
    <div className="container section">
      <header className="page-header">
        <h1>All Businesses</h1>
        {data && (
          <p className="muted">
            {`Showing ${formatInt(from)}-${formatInt(to)} of ${formatInt(data.totalCount)} businesses`}
          </p>
        )}
      </header>
      {query.isPending ? (
        <p role="status">Loading businesses...</p>
      ) : query.isError || !data ? (
        <StateMessage title="Error Loading Businesses" text="Please try again later." tone="error" />
      ) : data.businesses.length === 0 ? (
        <StateMessage title="No businesses found" />
      ) : (
        <>
          <h2 className="sr-only">{`Businesses ${formatInt(from)} to ${formatInt(to)}`}</h2>
          <div className="card-grid">
            {data.businesses.map((business) => (
              <BusinessListCard key={business.slug} business={business} />
            ))}
          </div>
          <p className="muted center">
            {`Page ${page} of ${formatInt(totalPages)}`}
          </p>
          <Pagination current={page} total={totalPages} variant="edges" hrefFor={(target) => withPage('/businesses', target)} label="Businesses pages" />
          <ListCapNote totalCount={data.totalCount} />
        </>
      )}
    </div>
  );
}

/**
 * The list stops at page 100 (spec §5) while the directory may hold far more: say so, and where the rest
 * are, instead of letting "of 250,000" and a last page of 100 contradict each other.
 */
export function ListCapNote({ totalCount }: { totalCount: number }) {
  const listed = BUSINESSES_PAGE_SIZE * BUSINESSES_MAX_PAGE;
  if (totalCount <= listed) return null;
  return (
    <p className="muted center">
      {`This list shows the first ${formatInt(listed)} of ${formatInt(totalCount)} businesses. Find the others by `}
      <Link to="/search">searching</Link>
      {' or by '}
      <Link to="/categories">category</Link>
      {', '}
      <Link to="/countries">country</Link>
      {' or '}
      <Link to="/cities">city</Link>
      .
    </p>
  );
}
