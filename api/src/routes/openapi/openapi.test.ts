import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildBusiness, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';
import { PUBLIC_ROUTES } from './public-api-routes.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('GET /api/openapi.json', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    await seedDirectory({
      config: api.config,
      pool: api.pool,
      rows: [
        buildBusiness({ placeId: 'oa-1', name: 'Open Bakery', city: 'Berlin', countryCode: 'DE', latitude: 52.52, longitude: 13.4 }),
        buildBusiness({ placeId: 'oa-2', name: 'Open Cafe', city: 'Berlin', countryCode: 'DE', category: 'Cafe', type: 'Cafe', latitude: null, longitude: null }),
      ],
    });
  });
  afterAll(async () => api?.close());

  test('describes every public call with schemas generated from the zod shapes', async () => {
    const response = await api.request('/api/openapi.json');
    assert.equal(response.status, 200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>; responses: Record<string, { content?: { 'application/json': { schema: { $ref?: string } } } }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    assert.equal(document.openapi, '3.1.0');
    for (const route of PUBLIC_ROUTES) assert.ok(document.paths[route.path]?.[route.method], `${route.method} ${route.path}`);

    const list = document.paths['/api/businesses'].get;
    const page = list.parameters!.find((parameter) => parameter.name === 'page')!;
    assert.deepEqual([page.in, page.required, page.schema.minimum, page.schema.maximum], ['query', false, 1, 100]);
    assert.equal(list.responses['200'].content!['application/json'].schema.$ref, '#/components/schemas/BusinessPage');
    assert.equal(list.responses['400'].content!['application/json'].schema.$ref, '#/components/schemas/ErrorBody');

    const businessPage = document.components.schemas.BusinessPage;
    assert.deepEqual(Object.keys(businessPage.properties!).sort(), ['businesses', 'currentPage', 'hasNextPage', 'hasPrevPage', 'totalCount', 'totalPages']);
    const featured = document.components.schemas.FeaturedBusiness;
    assert.deepEqual(featured.required!.sort(), ['full_address', 'id', 'image_url', 'name', 'phone', 'rating', 'review_count', 'slug', 'type']);
    const contact = document.paths['/api/contact'].post as unknown as { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } };
    assert.equal(contact.requestBody.content['application/json'].schema.$ref, '#/components/schemas/ContactInput');
    assert.deepEqual(document.components.schemas.ContactInput.required!.sort(), ['email', 'message', 'name', 'subject']);
  });

  test('the document is sent compressed where that is accepted, with a validator per encoding', async () => {
    const plain = await api.request('/api/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      const response = await api.request('/api/openapi.json', { headers: { 'accept-encoding': encoding } });
      assert.equal(response.headers.get('content-encoding'), encoding);
      assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/);
      assert.notEqual(response.headers.get('etag'), plain.headers.get('etag'));
      assert.equal(await response.text(), text);
    }
  });

  test('what the API answers, successes and errors alike, validates against the document', async () => {
    const document = (await (await api.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: object } } }>; requestBody?: { content: { 'application/json': { schema: object } } } }>>;
      components: { schemas: Record<string, object> };
    };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const compile = (schema: object) => ajv.compile({ ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) });
    const { rows } = await api.pool.query<{ slug: string }>("SELECT slug FROM businesses WHERE place_id = 'oa-1'");
    const calls: Array<[template: string, url: string, init?: RequestInit]> = [
      ['/api/advertisements', '/api/advertisements'],
      ['/api/homepage-data', '/api/homepage-data'],
      ['/api/featured-businesses', '/api/featured-businesses'],
      ['/api/businesses', '/api/businesses?page=1'],
      ['/api/businesses', '/api/businesses?page=0'],
      ['/api/businesses', '/api/businesses?page=1&page=2'],
      ['/api/businesses/{slug}', `/api/businesses/${rows[0].slug}`],
      ['/api/businesses/{slug}', '/api/businesses/no-such-business'],
      ['/api/businesses/city/{city}', '/api/businesses/city/berlin?limit=6'],
      ['/api/categories', '/api/categories'],
      ['/api/categories', '/api/categories?letter=B'],
      ['/api/categories', '/api/categories?letter=BB'],
      ['/api/categories/{slug}', '/api/categories/bakery?page=1&limit=12'],
      ['/api/categories/{slug}', '/api/categories/nothing-here'],
      ['/api/countries', '/api/countries'],
      ['/api/countries/{slug}', '/api/countries/germany'],
      ['/api/cities', '/api/cities?letter=B'],
      ['/api/cities/{countryCode}/{citySlug}', '/api/cities/de/berlin?page=1&limit=12'],
      ['/api/search', '/api/search?q=bakery&location=Berlin'],
      ['/api/search', '/api/search?q=&lat=52.5&lng=13.4'],
      ['/api/search', '/api/search?q=x&lat=200&lng=1'],
      ['/api/site-settings', '/api/site-settings'],
      ['/api/contact', '/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'A' }) }],
      ['/api/contact', '/api/contact', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }],
      ['/api/contact', '/api/contact', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' }, body: '{}' }],
      ['/api/contact', '/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A question', message: 'Is this listed correctly?', unknown: 1 }) }],
    ];
    const statuses = new Set<number>();
    for (const [template, url, init] of calls) {
      const response = await api.request(url, init);
      const operation = document.paths[template][init?.method?.toLowerCase() ?? 'get'];
      const described = operation.responses[String(response.status)];
      assert.ok(described, `${url}: status ${response.status} is described`);
      statuses.add(response.status);
      const body = await response.json();
      const validate = compile(described.content!['application/json'].schema);
      assert.ok(validate(body), `${url} (${response.status}): ${JSON.stringify(validate.errors)}`);
      if (init?.body && response.status === 201) {
        const input = compile(operation.requestBody!.content['application/json'].schema);
        assert.ok(input(JSON.parse(String(init.body))), `the body accepted is a valid ContactInput: ${JSON.stringify(input.errors)}`);
      }
    }
    assert.deepEqual([...statuses].sort(), [200, 201, 400, 403, 404, 415]);
  });
});
