import { Link, useParams, useSearchParams } from 'react-router';
import { cityQuery } from '../api/queries.ts';
import type { ApiError } from '../api/client.ts';
import type { BusinessListItem, CityDetail } from '../../../common/api/public.ts';
import { Breadcrumb, BusinessGridSection, ChipSection } from '../components/detail-sections.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { NotFoundSearch } from '../components/not-found-search.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { countOf } from '../lib/format.ts';
import { detailTotalPages, pageParam, readPaged, useClampedPageQuery, withPage } from '../lib/paged.ts';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { businessHref, categoryInPlaceHref, cityHref, countryHref } from '../lib/slugs.ts';
import { categorySlug } from '../../../common/slug.ts';
import { useApi } from '../lib/use-api.ts';

/** /cities/{countryCode}/{citySlug}. */
export function CityPage() {
  const { countryCode = '', citySlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const api = useApi();
  // Past the last page shows the last page (as /cities?page=N does); the route loader prefetches it.
  const { page, query } = useClampedPageQuery(
    (target) => cityQuery(api, countryCode, citySlug, target),
    pageParam(searchParams.get('page')),
    detailTotalPages,
  );
  if (query.isPending) return <div className="container section"><SkeletonCards count={12} label="Loading city" /></div>;
  if (query.isError) {
    return (query.error as Partial<ApiError>).status === 404 ? <CityNotFound /> : (
      <div className="container section">
        <StateMessage title="Unable to load cities" text="There was an error loading the cities. Please try again later." tone="error" />
      </div>
    );
  }
  const { businesses, totalPages } = readPaged(query.data, page);
  // The canonical path, whatever case or name the URL used (/cities/MX/Mexico-City is /cities/mx/mexico-city).
  const path = cityHref(query.data.city || citySlug, countryCode, query.data.slug || citySlug.toLowerCase());
  return <CityView path={path} city={query.data} page={page} totalPages={totalPages} businesses={businesses} />;
}

function CityNotFound() {
  useHttpStatus(404);
  useSeo({ title: `City not found | ${SITE_NAME}`, description: 'This city is not in the directory.', noindex: true });
  return (
    <div className="container section narrow center">
      <h1>City not found</h1>
      <p className="muted">We could not find this city in the directory.</p>
      <NotFoundSearch />
    </div>
  );
}

function CityView({ path, city, page, totalPages, businesses }: { path: string; city: CityDetail; page: number; totalPages: number; businesses: BusinessListItem[] }) {
  const businessCount = city.businessCount;
  useSeo({
    title: `Businesses in ${city.city}, ${city.country}${page > 1 ? ` (Page ${page})` : ''} | ${SITE_NAME}`,
    description: `${countOf(businessCount, 'business', 'businesses')} in ${city.city}, ${city.country}, in ${countOf(city.categoryCount, 'category', 'categories')}: ratings, addresses and phone numbers.`,
    canonicalPath: withPage(path, page),
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Cities', path: '/cities' }, { name: city.city, path }]),
      itemList(businesses.map((business) => ({ name: business.name, path: businessHref(business.slug) })), `Businesses in ${city.city}`),
    ],
  });
  return (
    <div className="container section">
      <Breadcrumb trail={[{ name: 'Home', path: '/' }, { name: 'Cities', path: '/cities' }]} current={city.city} />
      <header className="page-header">
        <h1>Businesses in {city.city}</h1>
        <p className="muted">
          <Link to={countryHref(city.country, city.countryCode)}>{city.country}</Link>
        </p>
      </header>
      <StatTiles stats={[{ value: businessCount, label: 'Businesses', one: 'Business' }, { value: city.categoryCount, label: 'Categories', one: 'Category' }]} />
      <ChipSection
        id="top-categories"
        title="Top Categories"
        chips={(city.topCategories ?? []).map((item) => ({ label: item.category, href: categoryInPlaceHref(item.slug ?? categorySlug(item.category), `${city.city}, ${city.country}`), count: item.count }))}
      />
      <BusinessGridSection id="city-businesses" className="section" businesses={businesses} page={page} totalPages={totalPages} path={path} paginationLabel="City pages" />
    </div>
  );
}
