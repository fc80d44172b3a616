import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApi } from '../../test/api-harness.ts';
import { PUBLIC_ROUTES } from './public-api-routes.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

describe('GET /api/openapi.json', () => {
  let api: Api;
  before(async () => {
    api = await startTestApi({ withAdmin: false });
  });
  after(async () => api?.close());

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
    const contact = document.paths['/api/contact'].post as unknown as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } };
    assert.deepEqual(contact.requestBody.content['application/json'].schema.required.sort(), ['email', 'message', 'name', 'subject']);
  });
});
