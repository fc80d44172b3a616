import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startTestApi } from '../../../test/api-harness.ts';
import { toOpenApiPath } from '../../openapi/openapi-document.ts';
import { ADMIN_ROUTES } from '../admin-routes.ts';

type Operation = {
  summary: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: { 'application/json': { schema: { $ref?: string } } } };
  responses: Record<string, { content?: { 'application/json': { schema: { $ref?: string } } } }>;
};

describe('GET /api/admin/openapi.json', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let cookie: string;
  beforeAll(async () => {
    api = await startTestApi();
    cookie = await api.signIn();
  });
  afterAll(async () => api?.close());

  test('lists every route of the admin route table with its summary, shapes and the guard\'s answers', async () => {
    const response = await api.request('/api/admin/openapi.json', { headers: { cookie } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const document = (await response.json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    assert.equal(document.openapi, '3.1.0');
    assert.match(document.info.title, /admin API/);
    const routes = Object.values(ADMIN_ROUTES);
    for (const route of routes) {
      const operation = document.paths[toOpenApiPath(route.path).path]?.[route.method.toLowerCase()];
      assert.ok(operation, `${route.method} ${route.path} is in the document`);
      assert.equal(operation.summary, route.summary);
      if (route.path !== '/api/admin/login') assert.ok(operation.responses['401'], `${route.path}: 401 without a session`);
      if (route.method !== 'GET') assert.ok(operation.responses['403'], `${route.path}: 403 from another origin`);
    }
    const operations = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    assert.equal(operations, routes.length, 'and nothing else');

    const stats = document.paths['/api/admin/stats'].get;
    assert.equal(stats.responses['200'].content!['application/json'].schema.$ref, '#/components/schemas/AdminStats');
    assert.deepEqual(document.components.schemas.AdminStats.required!.sort(), ['approvedBusinesses', 'categories', 'pendingBusinesses', 'totalBusinesses', 'totalCategories']);
    assert.ok(document.components.schemas.AdminDashboard.properties!.recentActivity);
    assert.ok(document.components.schemas.ErrorBody, 'the error body every 4xx refers to');
    const login = document.paths['/api/admin/login'].post;
    assert.ok(login.requestBody, 'the sign-in body');
    const reports = document.paths['/api/admin/upload-reports'].get;
    assert.deepEqual(reports.parameters!.map((parameter) => `${parameter.in}:${parameter.name}`).sort(), ['query:limit', 'query:page']);
  });

  test('what the admin calls answer validates against the document, errors included', async () => {
    const document = (await (await api.request('/api/admin/openapi.json', { headers: { cookie } })).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: object } } }> }>>;
      components: { schemas: Record<string, object> };
    };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const compile = (schema: object) => ajv.compile({ ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) });
    const calls: Array<[path: string, headers: Record<string, string>]> = [
      ['/api/admin/stats', { cookie }],
      ['/api/admin/dashboard', { cookie }],
      ['/api/admin/stats', {}],
      ['/api/admin/upload-reports?page=0', { cookie }],
    ];
    for (const [path, headers] of calls) {
      const response = await api.request(path, { headers });
      const described = document.paths[path.split('?')[0]].get.responses[String(response.status)];
      assert.ok(described?.content, `${path}: status ${response.status} is described with a body`);
      const validate = compile(described.content['application/json'].schema);
      assert.ok(validate(await response.json()), `${path} (${response.status}): ${JSON.stringify(validate.errors)}`);
    }
  });
});
