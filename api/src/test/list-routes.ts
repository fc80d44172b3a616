/** Every route registered on an Express 5 app, with its full path, read from the router stack. */
import type express from 'express';

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface StackLayer {
  rawPath?: unknown;
  slash?: boolean;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function joinPaths(prefix: string, path: string): string {
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/';
}

function walk(stack: StackLayer[], prefix: string, out: RegisteredRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string') throw new Error(`route with a non-string path under ${prefix}: use string paths so the access policy can be checked`);
        const methods = layer.route.methods._all ? ALL_METHODS : Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]).map((method) => method.toUpperCase());
        for (const method of methods) out.push({ method, path: joinPaths(prefix, path) });
      }
    } else if (layer.handle?.stack) {
      const mount = layer.slash ? '/' : layer.rawPath;
      if (typeof mount !== 'string') throw new Error(`router mounted on a non-string path under ${prefix}`);
      walk(layer.handle.stack, joinPaths(prefix, mount), out);
    }
  }
}

export function listRoutes(app: express.Express): RegisteredRoute[] {
  const router = (app as unknown as { router: { stack: StackLayer[] } }).router;
  const out: RegisteredRoute[] = [];
  walk(router.stack, '/', out);
  return out;
}

/** A concrete URL for a route pattern: `:id` -> 1, `*rest` -> x, optional `{...}` groups dropped. */
export function samplePath(pattern: string): string {
  return pattern
    .replace(/\{[^}]*\}/g, '')
    .replace(/:[A-Za-z0-9_]+/g, '1')
    .replace(/\*[A-Za-z0-9_]*/g, 'x');
}
