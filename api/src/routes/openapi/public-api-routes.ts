/**
 * The visitor API's route table for /api/openapi.json: the same zod schemas the routers validate
 * input with and the response cache validates output with (common/api/public.ts), so the document
 * cannot drift from what the API does.
 */
import { z } from 'zod';
import * as Public from '../../../../common/api/public.ts';

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

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  403: 'Sent from another site (the Origin is not this site)',
  404: 'Not found',
  413: 'Body too large',
  415: 'The body is not JSON',
  429: 'Too many requests',
  503: 'The search service is unavailable or still indexing',
};

/** Builds the OpenAPI 3.1 document (JSON Schema 2020-12, which zod 4 emits). */
export function buildOpenApiDocument(options: { serverUrl: string }): Record<string, unknown> {
  const ref = (id: string) => `#/components/schemas/${id}`;
  // Every schema of common/api/public.ts that carries an id becomes a component.
  const ids = new Set<string>();
  for (const value of Object.values(Public)) {
    const id = value instanceof z.ZodType ? (z.globalRegistry.get(value)?.id as string | undefined) : undefined;
    if (id) ids.add(id);
  }
  const all = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: ref, unrepresentable: 'any', io: 'output' }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const schemas: Record<string, unknown> = {};
  for (const id of ids) {
    const { $schema: _schema, $id: _id, ...schema } = all.schemas[id] ?? {};
    schemas[id] = schema;
  }
  // A request body's component is what the call accepts (input: unknown fields are ignored), not the
  // parsed value.
  const bodyInput = (schema: z.ZodType) => {
    const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
    const defs = rest.$defs as Record<string, Record<string, unknown>> | undefined;
    return typeof rest.$ref === 'string' && defs && Object.keys(defs).length === 1 ? defs[rest.$ref.replace('#/$defs/', '')] : rest;
  };
  for (const route of PUBLIC_ROUTES) {
    const id = route.body && (z.globalRegistry.get(route.body)?.id as string | undefined);
    if (route.body && id) schemas[id] = bodyInput(route.body);
  }
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
    const id = z.globalRegistry.get(schema)?.id as string | undefined;
    if (id && io === 'output') return { $ref: ref(id) };
    // An input schema with an id comes back as `{ $ref: '#/$defs/Id', $defs }`: inlined by bodyInput.
    return bodyInput(schema);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of PUBLIC_ROUTES) {
    const parameters = [
      ...Object.entries(route.params ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
      ...Object.entries(route.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: !(schema as z.ZodType).safeParse(undefined).success,
        schema: schemaOf(schema as z.ZodType, 'input'),
      })),
    ];
    const responses: Record<string, unknown> = {
      [String(route.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: schemaOf(route.response, 'output') } } },
    };
    if (route.method === 'get') responses['304'] = { description: 'Not modified (If-None-Match / If-Modified-Since)' };
    for (const status of route.errors) {
      responses[String(status)] = { description: ERROR_TEXT[status], content: { 'application/json': { schema: { $ref: ref('ErrorBody') } } } };
    }
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: z.globalRegistry.get(route.body)?.id ? { $ref: ref(z.globalRegistry.get(route.body)!.id as string) } : schemaOf(route.body, 'input') } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Business directory: public API', version: '1.0.0', description: 'The calls of the visitor pages. Every error is JSON { error, message }.' },
    servers: [{ url: options.serverUrl }],
    paths,
    components: { schemas },
  };
}
