import { useParams, useSearchParams } from 'react-router';
import { categoryQuery } from '../api/queries.ts';
import { ApiError } from '../api/client.ts';
import type { BusinessListItem, CategoryDetail } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { Breadcrumb, BusinessGridSection, ChipSection } from '../components/detail-sections.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { NotFoundSearch } from '../components/not-found-search.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { countOf } from '../lib/format.ts';
import { detailTotalPages, pageParam, readPaged, useClampedPageQuery, withPage } from '../lib/paged.ts';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { businessHref, categoryHref, categoryInPlaceHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';

function titleFromSlug(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/** /categories/{slug} (slugs longer than one letter). */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const api = useApi();
  // Past the last page shows the last page (as /categories?page=N does); the route loader prefetches it.
  const { page, query } = useClampedPageQuery((target) => categoryQuery(api, slug, target), pageParam(searchParams.get('page')), detailTotalPages);
  if (query.isPending) return <div className="container section"><SkeletonCards count={12} label="Loading category" /></div>;
  if (query.isError) {
    const error = query.error as Partial<ApiError>;
    return error.status === 404 ? <CategoryNotFound /> : <CategoryError status={error.status} statusText={error.statusText} />;
  }
  const detail = query.data;
  const name = detail.category ?? titleFromSlug(slug);
  // The canonical slug, whatever case or spelling the URL used (/categories/Coffee-Shop is /categories/coffee-shop).
  const path = categoryHref(name, detail.category ? undefined : slug.toLowerCase());
  const { businesses, totalPages } = readPaged(detail, page);
  return <CategoryView name={name} path={path} page={page} totalPages={totalPages} detail={detail} businesses={businesses} />;
}

function CategoryNotFound() {
  useHttpStatus(404);
  useSeo({ title: `Category not found | ${SITE_NAME}`, description: 'This category does not exist.', noindex: true });
  return (
    <div className="container section narrow center">
      <h1>Category not found</h1>
      <p className="muted">We could not find this category.</p>
      <NotFoundSearch />
    </div>
  );
}

function CategoryError({ status, statusText }: { status?: number; statusText?: string }) {
  useHttpStatus(502);
  useSeo({ title: `Error loading category | ${SITE_NAME}`, description: 'The category could not be loaded.', noindex: true });
  return (
    <div className="container section">
      <StateMessage title="Error loading category" text={`HTTP ${status ?? 500}: ${statusText || 'Internal Server Error'}`} tone="error" />
    </div>
  );
}

function CategoryView({ name, path, page, totalPages, detail, businesses }: {
  name: string; path: string; page: number; totalPages: number;
  detail: CategoryDetail;
  businesses: BusinessListItem[];
}) {
  const businessCount = detail.businessCount;
  useSeo({
    title: `${name} - ${countOf(businessCount, 'Business', 'Businesses')}${page > 1 ? ` (Page ${page})` : ''} | ${SITE_NAME}`,
    description: `${countOf(businessCount, `${name} business`, `${name} businesses`)} in ${countOf(detail.countryCount, 'country', 'countries')}: ratings, reviews, addresses and phone numbers.`,
    canonicalPath: withPage(path, page),
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Categories', path: '/categories' }, { name, path }]),
      itemList(businesses.map((business) => ({ name: business.name, path: businessHref(business.slug) })), name),
    ],
  });
  return (
    <div className="container section">
      <Breadcrumb trail={[{ name: 'Home', path: '/' }, { name: 'Categories', path: '/categories' }]} current={name} />
      <header className="page-header">
        <h1>{name}</h1>
      </header>
      <StatTiles stats={[{ value: businessCount, label: 'Businesses', one: 'Business' }, { value: detail.countryCount, label: 'Countries', one: 'Country' }]} />
      <ChipSection
        id="top-countries"
        title="Top Countries"
        chips={(detail.topCountries ?? []).map((item) => ({ label: item.country, href: categoryInPlaceHref(path.slice('/categories/'.length), item.country), count: item.count }))}
      />
      <AdSlot slot="ad7" />
      <BusinessGridSection id="businesses-heading" businesses={businesses} page={page} totalPages={totalPages} path={path} paginationLabel="Category pages" />
    </div>
  );
}
