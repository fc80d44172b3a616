/**
 * The visitor API's route table for /api/openapi.json: the same zod schemas the routers validate
 * input with and the response cache validates output with (common/api/public.ts), so the document
 * cannot drift from what the API does.
 */
import type { z } from 'zod';
import * as Public from '../../../../common/api/public.ts';
import { ADMIN_ROUTES } from '../admin/admin-routes.ts';
import { buildOpenApiDocument as buildDocument, toOpenApiPath, type OpenApiRoute } from './openapi-document.ts';

export interface PublicRouteDoc {
  method: 'get' | 'post';
  path: string;
  summary: string;
  params?: Record<string, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
  errors: number[];
  cacheSeconds?: number;
}

const SLUG = 'the route slug';

export const PUBLIC_ROUTES: PublicRouteDoc[] = [
  { method: 'get', path: '/api/advertisements', summary: 'Advertisement HTML by slot (ad1..ad7)', response: Public.Advertisements, errors: [503] },
  { method: 'get', path: '/api/homepage-data', summary: 'Popular categories, top cities and top countries', response: Public.HomepageData, errors: [503] },
  { method: 'get', path: '/api/featured-businesses', summary: 'The 12 featured businesses of the home page', response: Public.FeaturedBusinesses, errors: [503] },
  { method: 'get', path: '/api/businesses', summary: 'All businesses, 20 a page, pages 1 to 100', query: Public.BusinessPageQuery, response: Public.BusinessPage, errors: [400, 503] },
  {
    method: 'get',
    path: '/api/businesses/city/{city}',
    summary: 'Businesses of a city (name or slug), best rated first',
    params: { city: 'city name or slug' },
    query: Public.CityBusinessesQuery,
    response: Public.CityBusinesses,
    errors: [400, 503],
  },
  {
    method: 'get',
    path: '/api/businesses/{slug}',
    summary: 'One business (answered from PostgreSQL when the search index is behind or down)',
    params: { slug: SLUG },
    response: Public.BusinessDetail,
    errors: [400, 404, 503],
  },
  { method: 'get', path: '/api/categories', summary: 'Categories by business count', query: Public.LetterQuery, response: Public.CategoryList, errors: [400, 503] },
  {
    method: 'get',
    path: '/api/categories/{slug}',
    summary: 'A category with its top countries and a page of its businesses',
    params: { slug: SLUG },
    query: Public.PagedQuery,
    response: Public.CategoryDetail,
    errors: [400, 404, 503],
  },
  { method: 'get', path: '/api/countries', summary: 'Countries by business count', response: Public.CountryList, errors: [503] },
  {
    method: 'get',
    path: '/api/countries/{slug}',
    summary: 'A country with its top cities and categories',
    params: { slug: 'country slug (e.g. united-states) or ISO code' },
    response: Public.CountryDetail,
    errors: [404, 503],
  },
  { method: 'get', path: '/api/cities', summary: 'Cities by business count', query: Public.LetterQuery, response: Public.CityList, errors: [400, 503] },
  {
    method: 'get',
    path: '/api/cities/{countryCode}/{citySlug}',
    summary: 'A city with its top categories and a page of its businesses',
    params: { countryCode: 'ISO 3166-1 alpha-2 code', citySlug: SLUG },
    query: Public.PagedQuery,
    response: Public.CityDetail,
    errors: [400, 404, 503],
  },
  {
    method: 'get',
    path: '/api/search',
    summary: 'Typo-tolerant keyword search with a location and an optional point (nearest first)',
    query: Public.SearchQuery,
    response: Public.SearchResult,
    errors: [400, 503],
  },
  { method: 'get', path: '/api/site-settings', summary: 'The four public markup snippets', response: Public.PublicSiteSettings, errors: [] },
  {
    method: 'post',
    path: '/api/contact',
    summary: 'Send a message to the operator (stored before success is answered)',
    body: Public.ContactInput,
    response: Public.ContactResponse,
    status: 201,
    errors: [400, 403, 413, 415, 429],
  },
];

export const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Admin sign-in required',
  403: 'Sent from another site (the Origin is not this site)',
  404: 'Not found',
  413: 'Body too large',
  415: 'The body is not JSON',
  429: 'Too many requests',
  503: 'The search service is unavailable or still indexing',
};

/**
 * Admin calls at a visitor call's path (the spec's DELETE /api/businesses/{id} beside GET
 * /api/businesses/{slug}), listed there too so the document names every method the path answers (as the
 * 405's Allow header does). OpenAPI allows one template per path: the parameter keeps the visitor call's
 * name and says what the admin call reads from it.
 */
function adminCallsAtPublicPaths(): OpenApiRoute[] {
  const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
  const routes: OpenApiRoute[] = [];
  for (const route of Object.values(ADMIN_ROUTES) as Array<(typeof ADMIN_ROUTES)[keyof typeof ADMIN_ROUTES]>) {
    const { path, params } = toOpenApiPath(route.path);
    const publicRoute = PUBLIC_ROUTES.find((candidate) => shapeOf(candidate.path) === shapeOf(path));
    if (!publicRoute) continue;
    const names = Object.keys(publicRoute.params ?? {});
    routes.push({
      method: route.method.toLowerCase() as OpenApiRoute['method'],
      path: publicRoute.path,
      summary: `${route.summary} (admin session required)`,
      params: Object.fromEntries(names.map((name, index) => [name, `${route.method}: the business's numeric ${params[index] ?? name}`])),
      response: 'response' in route ? route.response : undefined,
      errors: [400, 401, 403, 404],
    });
  }
  return routes;
}

/** The visitor API's document (every GET answers 304 to a matching validator). */
export function buildOpenApiDocument(options: { serverUrl: string }): Record<string, unknown> {
  return buildDocument({
    title: 'Business directory: public API',
    description: 'The calls of the visitor pages. Every error is JSON { error, message }.',
    serverUrl: options.serverUrl,
    routes: [...PUBLIC_ROUTES.map((route) => ({ ...route, isConditional: route.method === 'get' })), ...adminCallsAtPublicPaths()],
    schemaModules: [Public],
    errorText: ERROR_TEXT,
  });
}
