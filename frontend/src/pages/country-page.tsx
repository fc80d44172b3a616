import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { citiesQuery, countryQuery } from '../api/queries.ts';
import type { ApiError } from '../api/client.ts';
import type { CitySummary, CountryDetail } from '../../../common/api/public.ts';
import { Breadcrumb } from '../components/detail-sections.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import { Pagination } from '../components/pagination.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { countOf, formatInt } from '../lib/format.ts';
import { pageParam, withPage } from '../lib/paged.ts';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs, itemList } from '../lib/seo.ts';
import { categoryInPlaceHref, cityHref, countryHref } from '../lib/slugs.ts';
import { categorySlug } from '../../../common/slug.ts';
import { useApi } from '../lib/use-api.ts';

const CATEGORIES_PER_PAGE = 20;

function useCountry() {
  const { slug = '' } = useParams();
  const api = useApi();
  return { slug, query: useQuery(countryQuery(api, slug)) };
}

function CountryNotFound() {
  useHttpStatus(404);
  useSeo({ title: `Country not found | ${SITE_NAME}`, description: 'This country is not in the directory.', noindex: true });
  return (
    <div className="container section narrow center">
      <h1>Country not found</h1>
      <p className="muted">We could not find this country in the directory.</p>
      <Link to="/countries" className="btn btn-secondary">
        Back to Countries
      </Link>
    </div>
  );
}

/** /countries/{slug}: totals, top 20 cities, popular categories 20 per page. */
export function CountryPage() {
  const { slug, query } = useCountry();
  const [searchParams] = useSearchParams();
  if (query.isPending) return <div className="container section"><SkeletonCards count={8} label="Loading country" /></div>;
  if (query.isError) {
    return (query.error as Partial<ApiError>).status === 404 ? <CountryNotFound /> : (
      <div className="container section">
        <StateMessage title="Unable to load countries" text="There was an error loading the countries. Please try again later." tone="error" />
      </div>
    );
  }
  return <CountryView slug={slug} country={query.data} page={pageParam(searchParams.get('page'))} />;
}

function CountryView({ slug, country, page }: { slug: string; country: CountryDetail; page: number }) {
  // The canonical slug, whatever the URL used (/countries/us and /countries/United-States are /countries/united-states).
  const path = countryHref(country.country, country.countryCode);
  const categories = country.topCategories ?? [];
  const totalPages = Math.max(1, Math.ceil(categories.length / CATEGORIES_PER_PAGE));
  const current = Math.min(page, totalPages);
  const pageCategories = categories.slice((current - 1) * CATEGORIES_PER_PAGE, current * CATEGORIES_PER_PAGE);
  const cities = (country.topCities ?? []).slice(0, 20);
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
      <header className="page-header">
        <h1>Businesses in {country.country}</h1>
      </header>
      <StatTiles
        stats={[
          { value: country.businessCount, label: 'Businesses', one: 'Business' },
          { value: country.cityCount, label: 'Cities', one: 'City' },
          { value: country.categoryCount, label: 'Categories', one: 'Category' },
        ]}
      />
      <section className="section" aria-labelledby="top-cities">
        <h2 id="top-cities">Top Cities</h2>
        <ul className="chip-grid">
          {cities.map((city) => (
            <li key={city.city}>
              <Link to={cityHref(city.city, country.countryCode, city.slug)} className="chip-card">
                <span>{city.city}</span>
                <span className="muted">{formatInt(city.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p>
          <Link to={`${path}/cities`}>View all cities in {country.country}</Link>
        </p>
      </section>
      <section className="section" aria-labelledby="popular-categories">
        <h2 id="popular-categories">Popular Categories</h2>
        {pageCategories.length === 0 ? (
          <StateMessage title="No categories found" />
        ) : (
          <ul className="chip-grid">
            {pageCategories.map((category) => (
              <li key={category.category}>
                <Link to={categoryInPlaceHref(category.slug ?? categorySlug(category.category), country.country)} className="chip-card">
                  <span>{category.category}</span>
                  <span className="muted">{formatInt(category.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
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
  if (query.isPending) return <div className="container section"><SkeletonCards count={8} label="Loading cities" /></div>;
  if (query.isError) return <CountryNotFound />;
  const country = query.data;
  const list = (cities.data ?? []).filter((city) => city.countryCode?.toUpperCase() === country.countryCode?.toUpperCase());
  return <CountryCitiesView slug={slug} country={country} list={list} pending={cities.isPending} failed={cities.isError} />;
}

function CountryCitiesView({ slug, country, list, pending, failed }: { slug: string; country: CountryDetail; list: CitySummary[]; pending: boolean; failed: boolean }) {
  const path = `${countryHref(country.country, country.countryCode)}/cities`;
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
      {pending ? (
        <SkeletonCards count={8} label="Loading cities" />
      ) : failed ? (
        <StateMessage title="Unable to load cities" text="There was an error loading the cities. Please try again later." tone="error" />
      ) : list.length === 0 ? (
        <StateMessage title="No cities found" />
      ) : (
        <ul className="chip-grid">
          {list.map((city) => (
            <li key={city.city}>
              <Link to={cityHref(city.city, city.countryCode, city.slug)} className="chip-card">
                <span>{city.city}</span>
                <span className="muted">{formatInt(city.businessCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
