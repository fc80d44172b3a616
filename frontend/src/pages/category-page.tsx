import { useParams, useSearchParams } from 'react-router';
import { categoryQuery } from '../api/queries.ts';
import { readErrorStatus } from '../api/client.ts';
import type { BusinessListItem, CategoryDetail } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { Breadcrumb, BusinessGridSection, ChipSection } from '../components/detail-sections.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { QueryState } from '../components/query-state.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { StateMessage } from '../components/state-message.tsx';
import { countOf } from '../lib/format.ts';
import { detailTotalPages, pageParam, readPaged, useClampedPageQuery, withPage } from '../lib/paged.ts';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { businessHref, categoryHref, categoryInPlaceHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';

/** /categories/{slug} (slugs longer than one letter). */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const api = useApi();
  // Past the last page shows the last page (as /categories?page=N does); the route loader prefetches it.
  const { page, query } = useClampedPageQuery((target) => categoryQuery(api, slug, target), pageParam(searchParams.get('page')), detailTotalPages);
  return (
    <QueryState
      query={query}
      pending={<PageSkeleton count={12} label="Loading category" />}
      error={(error) => (readErrorStatus(error) === 404 ? <CategoryNotFound /> : <CategoryError error={error} />)}
    >
      {(detail) => {
        const { businesses, totalPages } = readPaged(detail, page);
        // The canonical slug, whatever case or spelling the URL used (/categories/Coffee-Shop is /categories/coffee-shop).
        const path = categoryHref(detail.category);
        return <CategoryView path={path} page={page} totalPages={totalPages} detail={detail} businesses={businesses} />;
      }}
    </QueryState>
  );
}

function CategoryNotFound() {
  return <NotFoundScreen title="Category not found" text="We could not find this category." description="This category does not exist." />;
}

function CategoryError({ error }: { error: unknown }) {
  const { status, statusText } = (error ?? {}) as { status?: number; statusText?: string };
  // The API's own status (a call that got no answer is an outage: 503); never a 502, which would blame a proxy.
  useHttpStatus(status ?? 503);
  useSeo({ title: `Error loading category | ${SITE_NAME}`, description: 'The category could not be loaded.', noindex: true });
  return (
    <div className="container section">
      <StateMessage title="Error loading category" text={`HTTP ${status ?? 500}: ${statusText || 'Internal Server Error'}`} tone="error" />
    </div>
  );
}

function CategoryView({ path, page, totalPages, detail, businesses }: { path: string; page: number; totalPages: number; detail: CategoryDetail; businesses: BusinessListItem[] }) {
  const name = detail.category;
  useSeo({
    title: `${name} - ${countOf(detail.businessCount, 'Business', 'Businesses')}${page > 1 ? ` (Page ${page})` : ''} | ${SITE_NAME}`,
    description: `${countOf(detail.businessCount, `${name} business`, `${name} businesses`)} in ${countOf(detail.countryCount, 'country', 'countries')}: ratings, reviews, addresses and phone numbers.`,
    canonicalPath: withPage(path, page),
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Categories', path: '/categories' }, { name, path }]),
      itemList(businesses.map((business) => ({ name: business.name, path: businessHref(business.slug) })), name),
    ],
  });
  return (
    <div className="container section">
      <Breadcrumb trail={[{ name: 'Home', path: '/' }, { name: 'Categories', path: '/categories' }]} current={name} />
      <PageHeader title={name} />
      <StatTiles stats={[{ value: detail.businessCount, label: 'Businesses', one: 'Business' }, { value: detail.countryCount, label: 'Countries', one: 'Country' }]} />
      <ChipSection
        id="top-countries"
        title="Top Countries"
        chips={detail.topCountries.map((item) => ({ label: item.country, href: categoryInPlaceHref(path.slice('/categories/'.length), item.country), count: item.count }))}
      />
      <AdSlot slot="ad7" />
      <BusinessGridSection id="businesses-heading" businesses={businesses} page={page} totalPages={totalPages} path={path} paginationLabel="Category pages" />
    </div>
  );
}
