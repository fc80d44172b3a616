/**
 * Builds an OpenAPI 3.1 document (JSON Schema 2020-12, which zod 4 emits) from a route table and the
 * zod schemas the routes validate with, so a document cannot drift from what the API does. Shared by
 * the visitor API's document (public-api-routes.ts) and the admin API's (routes/admin/openapi).
 */
import { z } from 'zod';

export interface OpenApiRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: `/api/businesses/{slug}`. */
  path: string;
  summary: string;
  /** Path parameters and their description. */
  params?: Record<string, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Absent: the answer is not JSON described by a schema (a file, a WebSocket upgrade). */
  response?: z.ZodType;
  status?: number;
  /** Error statuses, each answered with the ErrorBody. */
  errors: number[];
  /** Whether a 304 (If-None-Match / If-Modified-Since) is one of its answers. */
  isConditional?: boolean;
}

export interface OpenApiDocumentOptions {
  title: string;
  description: string;
  serverUrl: string;
  routes: OpenApiRoute[];
  /** The modules whose exported schemas with an id (`.meta({ id })`) become components. */
  schemaModules: object[];
  errorText: Record<number, string>;
}

const ref = (id: string) => `#/components/schemas/${id}`;
const idOf = (schema: z.ZodType) => z.globalRegistry.get(schema)?.id as string | undefined;

/** Express's `/api/x/:id` as OpenAPI's `/api/x/{id}`, with the names of the parameters. */
export function toOpenApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = expressPath.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

export function buildOpenApiDocument(options: OpenApiDocumentOptions): Record<string, unknown> {
  const ids = new Set<string>(['ErrorBody']);
  for (const module of options.schemaModules) {
    for (const value of Object.values(module)) {
      const id = value instanceof z.ZodType ? idOf(value) : undefined;
      if (id) ids.add(id);
    }
  }
  const all = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: ref, unrepresentable: 'any', io: 'output' }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const schemas: Record<string, unknown> = {};
  // A component may refer to another module's (an admin shape reusing a public one): follow the $refs.
  const pending = [...ids];
  while (pending.length) {
    const id = pending.pop()!;
    if (id in schemas) continue;
    const { $schema: _schema, $id: _id, ...schema } = all.schemas[id] ?? {};
    schemas[id] = schema;
    for (const [, referred] of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) if (!(referred in schemas)) pending.push(referred);
  }
  // A request body's component is what the call accepts (input: unknown fields are ignored), not the
  // parsed value.
  const bodyInput = (schema: z.ZodType) => {
    const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as Record<string, unknown>;
    const defs = rest.$defs as Record<string, Record<string, unknown>> | undefined;
    return typeof rest.$ref === 'string' && defs && Object.keys(defs).length === 1 ? defs[rest.$ref.replace('#/$defs/', '')] : rest;
  };
  for (const route of options.routes) {
    const id = route.body && idOf(route.body);
    if (route.body && id) schemas[id] = bodyInput(route.body);
  }
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
    const id = idOf(schema);
    if (id && io === 'output') return { $ref: ref(id) };
    // An input schema with an id comes back as `{ $ref: '#/$defs/Id', $defs }`: inlined by bodyInput.
    return bodyInput(schema);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of options.routes) {
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
      [String(route.status ?? 200)]: route.response
        ? { description: 'OK', content: { 'application/json': { schema: schemaOf(route.response, 'output') } } }
        : { description: 'OK' },
    };
    if (route.isConditional) responses['304'] = { description: 'Not modified (If-None-Match / If-Modified-Since)' };
    for (const status of route.errors) {
      responses[String(status)] = { description: options.errorText[status], content: { 'application/json': { schema: { $ref: ref('ErrorBody') } } } };
    }
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: idOf(route.body) ? { $ref: ref(idOf(route.body)!) } : schemaOf(route.body, 'input') } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: '1.0.0', description: options.description },
    servers: [{ url: options.serverUrl }],
    paths,
    components: { schemas },
  };
}
