/**
 * The public route table (spec §2 + /search), shared by the browser router and the server: each
 * route names its page and what the server prefetches before rendering it, with the same query
 * options the page's hooks read, so the dehydrated cache answers the first client render.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ApiClient } from './api/client.ts';
import {
  advertisementsQuery,
  businessesPageQuery,
  businessQuery,
  categoriesQuery,
  categoryQuery,
  citiesQuery,
  cityQuery,
  countriesQuery,
  countryQuery,
  featuredQuery,
  homepageQuery,
  nearbyQuery,
} from './api/queries.ts';
import { letterOfParam } from './components/letter-bar.tsx';
import { detailTotalPages, pageParam, prefetchClampedPage } from './lib/paged.ts';
import { pageOfCitySlug } from '../../common/city-names.ts';
import { routeSlug } from '../../common/slug.ts';
import { BusinessPage } from './pages/business-page.tsx';
import { BusinessesPage, BUSINESSES_MAX_PAGE, businessesTotalPages } from './pages/businesses-page.tsx';
import { CategoriesPage } from './pages/categories-page.tsx';
import { CategoryPage } from './pages/category-page.tsx';
import { CitiesPage } from './pages/cities-page.tsx';
import { CityPage } from './pages/city-page.tsx';
import { ContactPage } from './pages/contact-page.tsx';
import { CountriesPage } from './pages/countries-page.tsx';
import { CountryCitiesPage, CountryPage } from './pages/country-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { CookiePolicyPage } from './pages/legal/cookie-policy-page.tsx';
import { LegalNoticePage } from './pages/legal/legal-notice-page.tsx';
import { PrivacyPolicyPage } from './pages/legal/privacy-policy-page.tsx';
import { TermsOfServicePage } from './pages/legal/terms-of-service-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { hasSearch, readSearchParams, SearchPage, searchResultsQuery, searchTotalPages } from './pages/search-page.tsx';
import { useParams } from 'react-router';

export interface PrefetchContext {
  queryClient: QueryClient;
  api: ApiClient;
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
}

/** A prefetch may answer with a redirect (the business slug fallback resolves to another slug, a city's other name to its page). */
export type PrefetchResult = void | { redirect: string };

export interface PublicRoute {
  path: string;
  Component: ComponentType;
  prefetch?: (context: PrefetchContext) => Promise<PrefetchResult>;
}

const ads = ({ queryClient, api }: PrefetchContext) => queryClient.prefetchQuery(advertisementsQuery(api));

/** A one-letter /categories/{x} is the letter index (spec §2). */
function CategoryOrLetter() {
  const { slug = '' } = useParams();
  return letterOfParam(slug) ? <CategoriesPage letter={slug} /> : <CategoryPage />;
}

function CityLetter() {
  const { letter = '' } = useParams();
  return letterOfParam(letter) ? <CitiesPage /> : <NotFoundPage />;
}

export const publicRoutes: PublicRoute[] = [
  {
    path: '/',
    Component: HomePage,
    prefetch: async (context) => {
      await Promise.all([
        context.queryClient.prefetchQuery(homepageQuery(context.api)),
        context.queryClient.prefetchQuery(featuredQuery(context.api)),
        ads(context),
      ]);
    },
  },
  {
    path: '/business/:slug',
    Component: BusinessPage,
    prefetch: async (context) => {
      const slug = context.params.slug ?? '';
      const [business] = await Promise.all([
        // No retry on the server: a missing business must answer its 404 now, not after a backoff.
        context.queryClient.fetchQuery({ ...businessQuery(context.api, slug), retry: false }).catch(() => null),
        ads(context),
      ]);
      if (!business) return;
      // Reached through the suffix fallback: a bare slug only one business has moves to its full slug for
      // good. A bare slug several businesses share shows the most reviewed one, whose canonical URL is its own.
      if (business.slug && business.slug !== slug && business.slugMatches === 1) return { redirect: `/business/${encodeURIComponent(business.slug)}` };
      if (business.city) await context.queryClient.prefetchQuery(nearbyQuery(context.api, business.city, business.countryCode));
    },
  },
  {
    path: '/businesses',
    Component: BusinessesPage,
    prefetch: (context) =>
      prefetchClampedPage(
        context.queryClient,
        (page) => businessesPageQuery(context.api, page),
        pageParam(context.searchParams.get('page'), BUSINESSES_MAX_PAGE),
        businessesTotalPages,
      ),
  },
  {
    path: '/categories',
    Component: () => <CategoriesPage />,
    prefetch: async (context) => {
      await Promise.all([context.queryClient.prefetchQuery(categoriesQuery(context.api)), ads(context)]);
    },
  },
  {
    path: '/categories/:slug',
    Component: CategoryOrLetter,
    prefetch: async (context) => {
      const slug = context.params.slug ?? '';
      const letter = letterOfParam(slug);
      const main = letter
        ? Promise.all([
            context.queryClient.prefetchQuery(categoriesQuery(context.api, letter)),
            // The whole list supplies the totals and the shares of all businesses.
            context.queryClient.prefetchQuery(categoriesQuery(context.api)),
          ])
        : prefetchClampedPage(
            context.queryClient,
            (page) => categoryQuery(context.api, slug, page),
            pageParam(context.searchParams.get('page')),
            detailTotalPages,
          );
      await Promise.all([main, ads(context)]);
    },
  },
  { path: '/countries', Component: CountriesPage, prefetch: (context) => context.queryClient.prefetchQuery(countriesQuery(context.api)) },
  {
    path: '/countries/:slug',
    Component: CountryPage,
    prefetch: (context) => context.queryClient.prefetchQuery(countryQuery(context.api, context.params.slug ?? '')),
  },
  {
    path: '/countries/:slug/cities',
    Component: CountryCitiesPage,
    prefetch: async (context) => {
      await Promise.all([
        context.queryClient.prefetchQuery(countryQuery(context.api, context.params.slug ?? '')),
        context.queryClient.prefetchQuery(citiesQuery(context.api)),
      ]);
    },
  },
  { path: '/cities', Component: CitiesPage, prefetch: (context) => context.queryClient.prefetchQuery(citiesQuery(context.api)) },
  {
    path: '/cities/:letter',
    Component: CityLetter,
    prefetch: async (context) => {
      const letter = letterOfParam(context.params.letter);
      if (!letter) return;
      await Promise.all([
        context.queryClient.prefetchQuery(citiesQuery(context.api)),
        context.queryClient.prefetchQuery(citiesQuery(context.api, letter)),
      ]);
    },
  },
  {
    path: '/cities/:countryCode/:citySlug',
    Component: CityPage,
    prefetch: (context) => {
      // Another name of a city with one page (/cities/rs/beograd): that page, for good.
      const countryCode = context.params.countryCode ?? '';
      const slug = routeSlug(context.params.citySlug ?? '');
      const page = pageOfCitySlug(slug, countryCode);
      if (page !== slug) return Promise.resolve({ redirect: `/cities/${encodeURIComponent(countryCode.toLowerCase())}/${encodeURIComponent(page)}` });
      return prefetchClampedPage(
        context.queryClient,
        (page) => cityQuery(context.api, context.params.countryCode ?? '', context.params.citySlug ?? '', page),
        pageParam(context.searchParams.get('page')),
        detailTotalPages,
      );
    },
  },
  {
    path: '/search',
    Component: SearchPage,
    prefetch: async (context) => {
      const params = readSearchParams(context.searchParams);
      if (hasSearch(params)) {
        await prefetchClampedPage(context.queryClient, (page) => searchResultsQuery(context.api, params, page), params.page, searchTotalPages);
      }
    },
  },
  { path: '/contact', Component: ContactPage, prefetch: (context) => context.queryClient.prefetchQuery(homepageQuery(context.api)) },
  { path: '/privacy-policy', Component: PrivacyPolicyPage },
  { path: '/legal-notice', Component: LegalNoticePage },
  { path: '/terms-of-service', Component: TermsOfServicePage },
  { path: '/cookie-policy', Component: CookiePolicyPage },
  { path: '*', Component: NotFoundPage },
];

