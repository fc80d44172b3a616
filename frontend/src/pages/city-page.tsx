import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { cityQuery } from '../api/queries.ts';
import type { ApiError } from '../api/client.ts';
import type { BusinessListItem, CityDetail } from '../api/types.ts';
import { BusinessListCard } from '../components/business-list-card.tsx';
import { NotFoundSearch } from '../components/not-found-search.tsx';
import { Pagination } from '../components/pagination.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { formatInt, toNumber } from '../lib/format.ts';
import { pageParam, readPaged, withPage } from '../lib/paged.ts';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { businessHref, categoryHref, countryHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';

/** /cities/{countryCode}/{citySlug}. */
export function CityPage() {
  const { countryCode = '', citySlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = pageParam(searchParams.get('page'));
  const api = useApi();
  const query = useQuery(cityQuery(api, countryCode, citySlug, page));
  if (query.isPending) return <div className="container section"><SkeletonCards count={12} label="Loading city" /></div>;
  if (query.isError) {
    return (query.error as Partial<ApiError>).status === 404 ? <CityNotFound /> : (
      <div className="container section">
        <StateMessage title="Unable to load cities" text="There was an error loading the cities. Please try again later." tone="error" />
      </div>
    );
  }
  const { businesses, totalPages } = readPaged(query.data, page);
  return <CityView path={`/cities/${countryCode.toLowerCase()}/${citySlug}`} city={query.data} page={page} totalPages={totalPages} businesses={businesses} />;
}

function CityNotFound() {
  useHttpStatus(404);
  useSeo({ title: `City not found | ${SITE_NAME}`, description: 'This city is not in the directory.', canonicalPath: '/cities', noindex: true });
  return (
    <div className="container section narrow center">
      <h1>City not found</h1>
      <p className="muted">We could not find this city in the directory.</p>
      <NotFoundSearch />
    </div>
  );
}

function CityView({ path, city, page, totalPages, businesses }: { path: string; city: CityDetail; page: number; totalPages: number; businesses: BusinessListItem[] }) {
  const businessCount = toNumber(city.businessCount);
  useSeo({
    title: `Businesses in ${city.city}, ${city.country}${page > 1 ? ` (Page ${page})` : ''} | ${SITE_NAME}`,
    description: `${formatInt(businessCount)} businesses in ${city.city}, ${city.country}, in ${formatInt(toNumber(city.categoryCount))} categories: ratings, addresses and phone numbers.`,
    canonicalPath: withPage(path, page),
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Cities', path: '/cities' }, { name: city.city, path }]),
      itemList(businesses.map((business) => ({ name: business.name, path: businessHref(business.slug) })), `Businesses in ${city.city}`),
    ],
  });
  return (
    <div className="container section">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <Link to="/cities">Cities</Link> / <span aria-current="page">{city.city}</span>
      </nav>
      <header className="page-header">
        <h1>Businesses in {city.city}</h1>
        <p className="muted">
          <Link to={countryHref(city.country, city.countryCode)}>{city.country}</Link>
        </p>
      </header>
      <div className="stat-tiles">
        <div className="stat"><strong>{formatInt(businessCount)}</strong><span>Businesses</span></div>
        <div className="stat"><strong>{formatInt(toNumber(city.categoryCount))}</strong><span>Categories</span></div>
      </div>
      {city.topCategories?.length > 0 && (
        <section aria-labelledby="top-categories">
          <h2 id="top-categories">Top Categories</h2>
          <ul className="chip-list">
            {city.topCategories.map((item) => (
              <li key={item.category}>
                <Link to={categoryHref(item.category, item.slug)} className="chip">
                  {item.category} <span className="muted">({formatInt(toNumber(item.count))})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="section" aria-labelledby="city-businesses">
        <h2 id="city-businesses">Businesses</h2>
        {businesses.length === 0 ? (
          <StateMessage title="No businesses found" />
        ) : (
          <div className="card-grid">
            {businesses.map((business) => (
              <BusinessListCard key={business.slug} business={business} />
            ))}
          </div>
        )}
        <Pagination current={page} total={totalPages} hrefFor={(target) => withPage(path, target)} label="City pages" />
      </section>
    </div>
  );
}
