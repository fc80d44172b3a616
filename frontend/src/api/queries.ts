/**
 * Every query of the public site as TanStack Query options: the server prefetches with exactly these
 * before rendering (frontend/src/routes.tsx), the hooks in hooks/ read them in components, so a key
 * and its fetcher are written once. Cache times follow spec §9.
 */
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { stripSlugSuffix } from '../../../common/slug.ts';
import { ApiError, type ApiClient } from './client.ts';
import type {
  Advertisements,
  BusinessDetail,
  BusinessPage,
  CategoryDetail,
  CategorySummary,
  CityBusinesses,
  CityDetail,
  CitySummary,
  CountryDetail,
  CountrySummary,
  FeaturedBusiness,
  HomepageData,
  SearchResult,
} from '../../../common/api/public.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec §9 defaults: fresh 10 min, kept 15 min, 3 retries 1 s doubling to 30 s, no focus refetch. */
export function createQueryClient(options: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10 * MINUTE,
        // On the server a cache lives for one request; a gc timer would only keep the process alive.
        gcTime: options.server ? Infinity : 15 * MINUTE,
        refetchOnWindowFocus: false,
        // A query that failed on the server arrives hydrated as an error: keep showing that state
        // instead of flashing a skeleton (which would also be a hydration mismatch).
        retryOnMount: false,
        retry: options.server ? false : 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: false },
    },
  });
}

const enc = encodeURIComponent;

export const homepageQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['/api/homepage-data'], queryFn: () => api.get<HomepageData>('/api/homepage-data'), staleTime: 2 * HOUR });

export const featuredQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['/api/featured-businesses'],
    queryFn: () => api.get<FeaturedBusiness[]>('/api/featured-businesses'),
    staleTime: 30 * MINUTE,
  });

export const advertisementsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['/api/advertisements'], queryFn: () => api.get<Advertisements>('/api/advertisements') });

/** Spec §4: on failure, retry once with the slug minus its '-xxxxxx' suffix. */
export const businessQuery = (api: ApiClient, slug: string) =>
  queryOptions({
    queryKey: ['business', slug],
    staleTime: 10 * MINUTE,
    retry: 1,
    queryFn: async () => {
      try {
        return await api.get<BusinessDetail>(`/api/businesses/${enc(slug)}`);
      } catch (error) {
        const base = stripSlugSuffix(slug);
        // The slug is a business's own, held for review: the bare slug would find a namesake instead.
        if (!base || (error instanceof ApiError && error.code === 'not_published')) throw notFound(error);
        try {
          return await api.get<BusinessDetail>(`/api/businesses/${enc(base)}`);
        } catch (second) {
          throw notFound(second);
        }
      }
    },
  });

/** The spec's error for a business that could not be loaded; a call that never got an answer stays what it was (an outage, not a 500). */
function notFound(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, `Business not found: ${error.status}`, error.statusText);
}

/** Businesses of the same city, in the same country when the business has one (Paris, Texas is not Paris, France). */
export const nearbyQuery = (api: ApiClient, city: string, countryCode?: string | null) => {
  const path = `/api/businesses/city/${enc(city)}?limit=6${countryCode ? `&countryCode=${enc(countryCode)}` : ''}`;
  return queryOptions({
    queryKey: [path],
    queryFn: () => api.get<CityBusinesses>(path),
    retry: false,
  });
};

export const businessesPageQuery = (api: ApiClient, page: number) =>
  queryOptions({
    queryKey: [`/api/businesses?page=${page}`],
    queryFn: () => api.get<BusinessPage>(`/api/businesses?page=${page}`),
  });

export const categoriesQuery = (api: ApiClient, letter?: string) => {
  const path = letter ? `/api/categories?letter=${enc(letter)}` : '/api/categories';
  return queryOptions({ queryKey: [path], queryFn: () => api.get<CategorySummary[]>(path), staleTime: 2 * HOUR });
};

export const categoryQuery = (api: ApiClient, slug: string, page: number) => {
  const path = `/api/categories/${enc(slug)}?page=${page}&limit=12`;
  return queryOptions({ queryKey: [path], queryFn: () => api.get<CategoryDetail>(path), staleTime: 2 * HOUR });
};

export const countriesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['/api/countries'], queryFn: () => api.get<CountrySummary[]>('/api/countries'), staleTime: 2 * HOUR });

export const countryQuery = (api: ApiClient, slug: string) => {
  const path = `/api/countries/${enc(slug)}`;
  return queryOptions({ queryKey: [path], queryFn: () => api.get<CountryDetail>(path), staleTime: 2 * HOUR });
};

export const citiesQuery = (api: ApiClient, letter?: string) => {
  const path = letter ? `/api/cities?letter=${enc(letter)}` : '/api/cities';
  return queryOptions({ queryKey: [path], queryFn: () => api.get<CitySummary[]>(path), staleTime: 2 * HOUR });
};

export const cityQuery = (api: ApiClient, countryCode: string, citySlug: string, page: number) => {
  const path = `/api/cities/${enc(countryCode)}/${enc(citySlug)}?page=${page}&limit=12`;
  return queryOptions({ queryKey: [path], queryFn: () => api.get<CityDetail>(path), staleTime: 2 * HOUR });
};

export interface SearchParams {
  q: string;
  location: string;
  page: number;
  category?: string;
  city?: string;
  /** Near a point ("Near me"): nearest first. */
  lat?: number;
  lng?: number;
}

/**
 * The place and facets of a search as URL parameters, after `q` and before `page`: the API's URL and the
 * search page's own carry them alike (the API's is the query key, so its order is part of it).
 */
export function writeSearchFilters(query: URLSearchParams, params: Omit<SearchParams, 'q' | 'page'>): void {
  if (params.location) query.set('location', params.location);
  if (params.category) query.set('category', params.category);
  if (params.city) query.set('city', params.city);
  if (params.lat !== undefined && params.lng !== undefined) {
    query.set('lat', String(params.lat));
    query.set('lng', String(params.lng));
  }
}

export function searchPath(params: SearchParams): string {
  const query = new URLSearchParams();
  query.set('q', params.q);
  writeSearchFilters(query, params);
  query.set('page', String(params.page));
  return `/api/search?${query}`;
}

export const searchQuery = (api: ApiClient, params: SearchParams) => {
  const path = searchPath(params);
  return queryOptions({ queryKey: [path], queryFn: () => api.get<SearchResult>(path) });
};

export const contactPath = '/api/contact';
