import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { citiesQuery, countryQuery } from '../api/queries.ts';
import { readErrorStatus } from '../api/client.ts';
import type { CitySummary, CountryDetail } from '../../../common/api/public.ts';
import { ChipCardGrid } from '../components/chip-card-grid.tsx';
import { Breadcrumb } from '../components/detail-sections.tsx';
import { buildListStates } from '../components/build-list-states.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { Pagination } from '../components/pagination.tsx';
import { QueryState, type QueryStatus } from '../components/query-state.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { StateMessage } from '../components/state-message.tsx';
import { countOf, formatInt } from '../lib/format.ts';
import { pageParam, withPage } from '../lib/paged.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { categoryInPlaceHref, cityHref, countryHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';

const CATEGORIES_PER_PAGE = 20;

function useCountry() {
  const { slug = '' } = useParams();
  const api = useApi();
  return { slug, query: useQuery(countryQuery(api, slug)) };
}

function CountryNotFound() {
  return (
    <NotFoundScreen title="Country not found" text="We could not find this country in the directory." description="This country is not in the directory.">
      <Link to="/countries" className="btn btn-secondary">
        Back to Countries
      </Link>
    </NotFoundScreen>
  );
}

/** /countries/{slug}: totals, top 20 cities, popular categories 20 per page. */
export function CountryPage() {
  const { slug, query } = useCountry();
  const [searchParams] = useSearchParams();
  return (
    <QueryState
      query={query}
      pending={<PageSkeleton count={8} label="Loading country" />}
      error={(error) => (readErrorStatus(error) === 404 ? <CountryNotFound /> : <div className="container section">{buildListStates('countries').error}</div>)}
    >
      {(country) => <CountryView slug={slug} country={country} page={pageParam(searchParams.get('page'))} />}
    </QueryState>
  );
}

function CountryView({ slug, country, page }: { slug: string; country: CountryDetail; page: number }) {
  // The canonical slug, whatever the URL used (/countries/us and /countries/United-States are /countries/united-states).
  const path = countryHref(country.country, country.countryCode);
  const categories = country.topCategories;
  const totalPages = Math.max(1, Math.ceil(categories.length / CATEGORIES_PER_PAGE));
  const current = Math.min(page, totalPages);
  const pageCategories = categories.slice((current - 1) * CATEGORIES_PER_PAGE, current * CATEGORIES_PER_PAGE);
  const cities = country.topCities.slice(0, 20);
  useSeo({
    title: `Businesses in ${country.country} | ${SITE_NAME}`,
    description: `${countOf(country.businessCount, 'business', 'businesses')} in ${countOf(country.cityCount, 'city', 'cities')} of ${country.country}, in ${countOf(country.categoryCount, 'category', 'categories')}.`,
    canonicalPath: withPage(path, current),
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Countries', path: '/countries' }, { name: country.country, path }]),
      itemList(cities.map((city) => ({ name: city.city, path: cityHref(city.city, country.countryCode, city.slug) })), `Top cities in ${country.country}`),
    ],
  });
  return (
    <div className="container section">
      <Breadcrumb trail={[{ name: 'Home', path: '/' }, { name: 'Countries', path: '/countries' }]} current={country.country} />
      <PageHeader title={<>Businesses in {country.country}</>} />
      <StatTiles
        stats={[
          { value: country.businessCount, label: 'Businesses', one: 'Business' },
          { value: country.cityCount, label: 'Cities', one: 'City' },
          { value: country.categoryCount, label: 'Categories', one: 'Category' },
        ]}
      />
      <section className="section" aria-labelledby="top-cities">
        <h2 id="top-cities">Top Cities</h2>
        <ChipCardGrid
          chips={cities.map((city) => ({ key: city.city, label: city.city, href: cityHref(city.city, country.countryCode, city.slug), figure: formatInt(city.count) }))}
        />
        <p>
          <Link to={`${path}/cities`}>View all cities in {country.country}</Link>
        </p>
      </section>
      <section className="section" aria-labelledby="popular-categories">
        <h2 id="popular-categories">Popular Categories</h2>
        {pageCategories.length === 0 ? (
          <StateMessage title="No categories found" />
        ) : (
          <ChipCardGrid
            chips={pageCategories.map((category) => ({
              key: category.category,
              label: category.category,
              href: categoryInPlaceHref(category.slug, country.country),
              figure: formatInt(category.count),
            }))}
          />
        )}
        <Pagination current={current} total={totalPages} hrefFor={(target) => withPage(path, target)} label="Category pages" />
      </section>
    </div>
  );
}

/** /countries/{slug}/cities: every city of the country (the country page links here). */
export function CountryCitiesPage() {
  const { slug, query } = useCountry();
  const api = useApi();
  const cities = useQuery({ ...citiesQuery(api), enabled: Boolean(query.data) });
  return (
    <QueryState query={query} pending={<PageSkeleton count={8} label="Loading cities" />} error={<CountryNotFound />}>
      {(country) => <CountryCitiesView slug={slug} country={country} cities={cities} />}
    </QueryState>
  );
}

function CountryCitiesView({ slug, country, cities }: { slug: string; country: CountryDetail; cities: QueryStatus<CitySummary[]> }) {
  const path = `${countryHref(country.country, country.countryCode)}/cities`;
  const list = (cities.data ?? []).filter((city) => city.countryCode?.toUpperCase() === country.countryCode?.toUpperCase());
  useSeo({
    title: `Cities in ${country.country} | ${SITE_NAME}`,
    description: `All cities of ${country.country} in the directory.`,
    canonicalPath: path,
    jsonLd: [
      breadcrumbs([{ name: 'Home', path: '/' }, { name: 'Countries', path: '/countries' }, { name: country.country, path: `/countries/${slug}` }, { name: 'Cities', path }]),
      itemList(list.map((city) => ({ name: city.city, path: cityHref(city.city, country.countryCode, city.slug) })), `Cities in ${country.country}`),
    ],
  });
  return (
    <div className="container section">
      <Breadcrumb trail={[{ name: 'Home', path: '/' }, { name: 'Countries', path: '/countries' }, { name: country.country, path: `/countries/${slug}` }]} current="Cities" />
      <h1>Cities in {country.country}</h1>
      <QueryState query={cities} {...buildListStates('cities', 8)} isEmpty={() => list.length === 0}>
        {() => (
          <ChipCardGrid
            chips={list.map((city) => ({ key: city.city, label: city.city, href: cityHref(city.city, city.countryCode, city.slug), figure: formatInt(city.businessCount) }))}
          />
        )}
      </QueryState>
    </div>
  );
}
