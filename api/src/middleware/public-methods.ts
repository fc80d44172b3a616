/**
 * The methods each API path answers (the visitor API's route table and the admin paths), so that a wrong
 * method on one is told 405 with an Allow header rather than 401 "sign in" (the guard's answer to any
 * unknown write) or 404 (the path exists). Under /api/admin a visitor who is not signed in is still told
 * 401 first (admin-guard.ts). The admin paths come from the table the admin routers register from
 * (routes/admin/admin-routes.ts), the visitor API's from its OpenAPI route table.
 */
import { ADMIN_ROUTES } from '../routes/admin/admin-routes.ts';
import { PUBLIC_ROUTES } from '../routes/openapi/public-api-routes.ts';
import { AppError } from '../errors.ts';

const TEMPLATES = [
  ...PUBLIC_ROUTES.map((route) => ({ path: route.path, method: route.method.toUpperCase() })),
  { path: '/api/openapi.json', method: 'GET' },
  ...Object.values(ADMIN_ROUTES),
].map(
  ({ path, method }) => ({
    // {name} (OpenAPI) and :name (Express, the admin table) are one path segment; Express also takes any
    // case and a trailing slash.
    pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}|:[A-Za-z0-9_]+/g, '[^/]+')}/?$`, 'i'),
    methods: method === 'GET' ? ['GET', 'HEAD'] : [method],
  }),
);

/** The methods `path` answers when it is a public API path; null otherwise. */
export function publicMethodsAt(path: string): string[] | null {
  const methods = new Set<string>();
  for (const template of TEMPLATES) if (template.pattern.test(path)) for (const method of template.methods) methods.add(method);
  return methods.size ? [...methods] : null;
}

/** A 405 for `method` on a public path that answers other methods (OPTIONS is left to Express); else null. */
export function methodNotAllowed(method: string, path: string): AppError | null {
  if (method === 'OPTIONS') return null;
  const allowed = publicMethodsAt(path);
  if (!allowed || allowed.includes(method)) return null;
  return new AppError('method_not_allowed', `${path} answers ${allowed.filter((name) => name !== 'HEAD').join(' and ')} only, not ${method}.`, undefined, { allow: allowed });
}
