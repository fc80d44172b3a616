import { Link, useParams, useSearchParams } from 'react-router';
import { cityQuery } from '../api/queries.ts';
import { readErrorStatus } from '../api/client.ts';
import type { BusinessListItem, CityDetail } from '../../../common/api/public.ts';
import { Breadcrumb, BusinessGridSection, ChipSection } from '../components/detail-sections.tsx';
import { buildListStates } from '../components/build-list-states.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { QueryState } from '../components/query-state.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { countOf } from '../lib/format.ts';
import { detailTotalPages, pageParam, readPaged, useClampedPageQuery, withPage } from '../lib/paged.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { businessHref, categoryInPlaceHref, cityHref, countryHref } from '../lib/slugs.ts';
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
  return (
    <QueryState
      query={query}
      pending={<PageSkeleton count={12} label="Loading city" />}
      error={(error) => (readErrorStatus(error) === 404 ? <CityNotFound /> : <div className="container section">{buildListStates('cities').error}</div>)}
    >
      {(city) => {
        const { businesses, totalPages } = readPaged(city, page);
        // The canonical path, whatever case or name the URL used (/cities/MX/Mexico-City is /cities/mx/mexico-city).
        const path = cityHref(city.city, countryCode, city.slug);
        return <CityView path={path} city={city} page={page} totalPages={totalPages} businesses={businesses} />;
      }}
    </QueryState>
  );
}

function CityNotFound() {
  return <NotFoundScreen title="City not found" text="We could not find this city in the directory." description="This city is not in the directory." />;
}

function CityView({ path, city, page, totalPages, businesses }: { path: string; city: CityDetail; page: number; totalPages: number; businesses: BusinessListItem[] }) {
  useSeo({
    title: `Businesses in ${city.city}, ${city.country}${page > 1 ? ` (Page ${page})` : ''} | ${SITE_NAME}`,
    description: `${countOf(city.businessCount, 'business', 'businesses')} in ${city.city}, ${city.country}, in ${countOf(city.categoryCount, 'category', 'categories')}: ratings, addresses and phone numbers.`,
    canonicalPath: withPage(path, page),
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Cities', path: '/cities' }, { name: city.city, path }]),
      itemList(businesses.map((business) => ({ name: business.name, path: businessHref(business.slug) })), `Businesses in ${city.city}`),
    ],
  });
  return (
    <div className="container section">
      <Breadcrumb trail={[{ name: 'Home', path: '/' }, { name: 'Cities', path: '/cities' }]} current={city.city} />
      <PageHeader title={<>Businesses in {city.city}</>} intro={<Link to={countryHref(city.country, city.countryCode)}>{city.country}</Link>} />
      <StatTiles stats={[{ value: city.businessCount, label: 'Businesses', one: 'Business' }, { value: city.categoryCount, label: 'Categories', one: 'Category' }]} />
      <ChipSection
        id="top-categories"
        title="Top Categories"
        chips={city.topCategories.map((item) => ({ label: item.category, href: categoryInPlaceHref(item.slug, `${city.city}, ${city.country}`), count: item.count }))}
      />
      <BusinessGridSection id="city-businesses" className="section" businesses={businesses} page={page} totalPages={totalPages} path={path} paginationLabel="City pages" />
    </div>
  );
}
