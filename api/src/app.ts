/**
 * The Express application: the access policy first, then the one list of routers (routes/index.ts),
 * then JSON errors; and the request listener in front of it, which answers cached public reads.
 * Everything it needs comes in `deps`; there are no globals, so each test file builds its own app
 * over its own database and index prefix.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express from 'express';
import { AppError } from './errors.ts';
import type { RouteDeps } from './deps.ts';
import { createAdminGuard } from './middleware/admin-guard.ts';
import { apiNotFound, createErrorHandler } from './middleware/error-handler.ts';
import { jsonBody } from './middleware/json-body.ts';
import { observeRequest } from './middleware/request-log.ts';
import { routers as defaultRouters, type RouterFactory } from './routes/index.ts';
import { getDummyPasswordHash } from './services/auth/password.ts';

export type { AppDeps } from './deps.ts';

/** JSON bodies are small (settings snippets, ad codes of at most 50 KB each); uploads are multipart. */
export const JSON_BODY_LIMIT = '1mb';

export interface CreateAppOptions {
  /** Defaults to the list in routes/index.ts; tests append routes of their own. */
  routers?: RouterFactory[];
  /**
   * Mounted after the JSON 404 of unknown /api paths, so they never answer an /api request with HTML:
   * the site's server rendering, which the process entry plugs in (main.ts, the test harness), so the
   * API's router list does not depend on the frontend. None by default.
   */
  fallbackRouters?: RouterFactory[];
}

/**
 * Sent with every answer. No browser sniffs a type; no other site frames our pages (clickjacking the admin
 * panel's buttons); no injected <base> or plugin. A script policy is deliberately absent: the admin's
 * head and footer tags (site settings) may load any analytics script.
 */
const SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Content-Security-Policy', "frame-ancestors 'self'; base-uri 'self'; object-src 'none'"],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/**
 * The server's request listener: a cached public answer goes out straight from the response cache,
 * before Express sees the request (no session, no routing; response-cache.ts), anything else goes to
 * the app. `deps` and `session` come from server.ts, which shares them with the WebSocket upgrades.
 */
export function createRequestListener(
  deps: RouteDeps,
  session: express.RequestHandler,
  options: CreateAppOptions = {},
): { app: express.Express; listener: RequestListener } {
  const { app, earlyHits } = buildApp(deps, session, options);
  const { cache } = deps;
  // A router's own cache of answers (the site's page cache) answers its hits here too, before Express.
  const serveHits = (req: IncomingMessage, res: ServerResponse) => {
    let index = 0;
    const next = (): void => {
      const serve = earlyHits[index++];
      if (serve) serve(req, res, next);
      else app(req, res);
    };
    next();
  };
  return {
    app,
    listener: (req, res) => {
      // Every answer, cached or built, JSON or page, is logged and counted (metrics endpoint, admin dashboard).
      observeRequest(req, res, { logger: deps.logger, metrics: deps.requestMetrics });
      // Every answer, cached or built, JSON or page.
      for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
      cache.serveHits(req, res, () => serveHits(req, res));
    },
  };
}

/** Paths whose router parses its JSON body with its own, smaller limit (jsonBody). */
const OWN_BODY_LIMIT_PATHS = new Set(['/api/contact']);

/** A router that answers some requests before Express (its cache's hits) carries them as `serveHits`. */
type EarlyHits = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function buildApp(deps: RouteDeps, session: express.RequestHandler, options: CreateAppOptions): { app: express.Express; earlyHits: EarlyHits[] } {
  const app = express();
  app.disable('x-powered-by');
  // One proxy hop at most: trusting every X-Forwarded-For entry would let a client pick its own IP
  // and walk around the login rate limit.
  app.set('trust proxy', deps.config.trustProxy ? 1 : false);

  app.use(canonicalRequestPath);
  app.use(session);
  app.use(createAdminGuard({ prisma: deps.prisma, config: deps.config, sessionSecret: deps.sessionSecret }));
  // Routes with a smaller limit of their own read their body themselves (the contact form: 32 KB, however
  // the body is sent, chunked included), before this one would have read up to a megabyte of it.
  const everyJsonBody = jsonBody(JSON_BODY_LIMIT);
  app.use((req, res, next) => (OWN_BODY_LIMIT_PATHS.has(req.path.toLowerCase().replace(/\/+$/, '')) ? next() : everyJsonBody(req, res, next)));

  for (const createRouter of options.routers ?? defaultRouters) app.use(createRouter(deps));
  app.use('/api', apiNotFound);
  const earlyHits: EarlyHits[] = [];
  for (const createRouter of options.fallbackRouters ?? []) {
    const router: express.Router & { serveHits?: EarlyHits } = createRouter(deps);
    if (router.serveHits) earlyHits.push(router.serveHits);
    app.use(router);
  }
  app.use((_req, _res, next) => next(new AppError('not_found', 'Not found.')));
  app.use(createErrorHandler(deps.logger));

  // Computed once up front so the first unknown-username sign-in is not slower than later ones.
  void getDummyPasswordHash().catch(() => undefined);
  return { app, earlyHits };
}

/**
 * Paths that only a hostile or broken client sends. '//x' or '/\\x' is read as a host name by URL
 * parsers (the page renderer failed on it, and '//evil.com' rendered the home page under a new URL):
 * redirected to the path with single slashes, which stays on this site. A NUL byte (%00) can match
 * nothing and cannot be stored or looked up in PostgreSQL: refused.
 */
function canonicalRequestPath(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const [pathname, query] = splitUrl(req.url);
  if (/%00/i.test(pathname)) return next(new AppError('bad_request', 'The request is malformed.'));
  if (/[/\\]{2}|\\/.test(pathname)) {
    res.redirect(301, `${pathname.replace(/[/\\]+/g, '/')}${query}`);
    return;
  }
  next();
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
