/**
 * The public site inside the Express process: built client assets, robots.txt, and server-rendered
 * pages for every public route. Mount it AFTER the /api routes:
 *
 *   app.use(await createFrontendHandler({ config }));
 *
 * Page data comes from the JSON API over loopback HTTP to this same server (the port the request
 * arrived on, or `apiBaseUrl`), so the server render and the browser read the very same answers.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import express, { type Request, type Response, type NextFunction } from 'express';
import type { Config } from '../../platform/config.ts';
import type { RenderOptions, RenderResult } from '../src/entry-server.tsx';
import type { PublicSiteSettings } from '../../common/api/public.ts';
import type { Pool } from '../../platform/db/pool.ts';
import { prefersGzip } from '../../platform/http/accept-encoding.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../api/src/errors.ts';
import { hasAdminSession } from '../../api/src/middleware/session.ts';
import { createAdminPanelRouter } from './admin-panel.ts';
import { fillTemplate, headTags, type SiteMarkup } from './html.ts';
import { createPageCache, pageEtag, PAGE_ROUTE, registerPageCacheMetrics, type PageCache, type PageCacheOptions, type RenderedPage } from './page-cache.ts';
import type { Registry } from 'prom-client';
import { setRouteLabel } from '../../api/src/middleware/request-metrics.ts';
import { internalRequestHeaders, loggedPath } from '../../api/src/middleware/request-log.ts';
import { createLogger, type Logger } from '../../platform/log.ts';
import { createSitemapRouter } from './sitemaps.ts';
import { hashedAssets } from './static-assets.ts';

export const FRONTEND_ROOT = path.resolve(import.meta.dirname, '..');
export const CLIENT_DIR = path.join(FRONTEND_ROOT, 'dist/client');
export const SERVER_ENTRY = path.join(FRONTEND_ROOT, 'dist/server/entry-server.js');

export interface FrontendOptions {
  config: Config;
  /** Base URL of the JSON API; defaults to loopback on the port the request came in on. */
  apiBaseUrl?: string;
  /** Force Vite middleware (development without a build). Defaults to: no build and NODE_ENV=development. */
  dev?: boolean;
  /** PostgreSQL for the sitemaps (dedicated keyset reads); without it /sitemap.xml is not served. */
  pool?: Pool;
  /**
   * The public data version (the API's response cache: it moves with an admin save, a cache clear or a
   * publish, on every process). With it the site markup is read once per version instead of per render.
   */
  dataVersion?: () => Promise<string>;
  /** Visitors' pages cached per data version (page-cache.ts); createFrontendRouter makes one when it has `dataVersion`. */
  pages?: PageCache;
  /** Where a failed page's warning goes: the app's logger (default: this process's, scope `site`). */
  logger?: Logger;
}

type Renderer = (options: RenderOptions) => Promise<RenderResult>;

export async function createFrontendHandler(options: FrontendOptions): Promise<express.Router> {
  const { config } = options;
  const log = options.logger ?? createLogger('site');
  const router = express.Router();
  const built = existsSync(SERVER_ENTRY) && existsSync(path.join(CLIENT_DIR, 'index.html'));
  const dev = options.dev ?? (!built && config.env === 'development');

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600');
    res.send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /search\n\nSitemap: ${config.publicUrl}/sitemap.xml\n`);
  });

  if (options.pool) router.use(createSitemapRouter({ pool: options.pool, publicUrl: config.publicUrl }));
  // The admin panel: its own client-only build, its own headers, never the site's markup (admin-panel.ts).
  router.use(await createAdminPanelRouter({ dev: options.dev ?? false }));

  let render: (url: string) => Promise<{ renderer: Renderer; template: string }>;
  if (!built && !dev) {
    // Tests of the API alone and misconfigured deployments: say so on the page instead of failing boot.
    router.get(/.*/, (req, res, next) => {
      if (req.path.startsWith('/api/') || req.path === '/api') return next();
      res.status(503).type('text/plain').send('The public site is not built: run `npm run build`.');
    });
    return router;
  }
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(FRONTEND_ROOT, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: false },
      appType: 'custom',
    });
    router.use(vite.middlewares);
    render = async (url) => {
      const raw = await readFile(path.join(FRONTEND_ROOT, 'index.html'), 'utf8');
      const template = await vite.transformIndexHtml(url, raw);
      const module = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Renderer };
      return { renderer: module.render, template };
    };
  } else {
    const template = await readFile(path.join(CLIENT_DIR, 'index.html'), 'utf8');
    const module = (await import(SERVER_ENTRY)) as { render: Renderer };
    render = async () => ({ renderer: module.render, template });
    router.use('/assets', hashedAssets(path.join(CLIENT_DIR, 'assets')));
  }

  const settings = createSettingsReader(options.dataVersion);
  // Not under Vite (development): an edited component must show on the next reload, not a minute later.
  const pages = dev ? undefined : options.pages;

  // A page as it goes out: rendered from `url` (the request's, or the page cache's key) for `viewer`.
  const renderPage = async (req: Request, url: string, viewer: 'admin' | 'visitor'): Promise<RenderedPage> => {
    const apiBaseUrl = options.apiBaseUrl ?? `http://127.0.0.1:${req.socket.localPort}`;
    const { renderer, template } = await render(url);
    // The API's lines for these reads carry the page's request id (request-log.ts).
    const internal = internalRequestHeaders(req);
    const [result, markup] = await Promise.all([
      renderer({ url, apiBaseUrl, apiHeaders: { 'x-forwarded-for': req.ip ?? '', ...internal }, viewer }),
      viewer === 'admin' ? NO_MARKUP : settings.get(apiBaseUrl, internal),
    ]);
    if (result.kind === 'redirect') return { kind: 'redirect', location: result.location };
    const html = fillTemplate(template, {
      head: headTags(result.head, config.publicUrl),
      html: result.html,
      state: result.state,
      markup: markup ?? NO_MARKUP,
      viewer,
    });
    // Where a slow page spends its time, visible in the browser's network panel.
    const serverTiming = `prefetch;dur=${result.timings.prefetchMs.toFixed(1)}, render;dur=${result.timings.renderMs.toFixed(1)}`;
    // A page whose data or site markup could not be loaded (the API unavailable: entry-server.tsx
    // failureStatus) still shows the spec's error texts, as a 503 no cache keeps, with a time to retry:
    // never a 200 that a browser or CDN would keep for a minute, and never one without the operator's
    // analytics markup.
    const status = markup === null && result.status < 500 ? 503 : result.status;
    if (status >= 500) {
      // One warning per failed page, named by the page's path and id; the API's lines for the reads that
      // failed (same reqId, internal) are at debug.
      log.warn({ reqId: req.get('x-request-id'), method: req.method, path: loggedPath(req.originalUrl), status, error: result.failure ?? 'the site markup could not be read' }, 'dependency unavailable');
    }
    return { kind: 'page', status, html, serverTiming };
  };

  router.get(/.*/, async (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    setRouteLabel(req, PAGE_ROUTE);
    try {
      // A signed-in admin gets the page without the operator's head/pixel/footer markup (no third-party
      // script runs with the admin's cookie, and admins are not counted in the operator's analytics),
      // rendered for the admin and never cached (DESIGN §5a).
      const viewer = hasAdminSession(req) ? 'admin' : 'visitor';
      // A visitor's page comes from the page cache (page-cache.ts), which answers it unless it hands it back.
      const page = viewer === 'visitor' && pages ? await pages.handle(req, res, (url) => renderPage(req, url, viewer)) : await renderPage(req, req.originalUrl, viewer);
      if (!page) return;
      if (page.kind === 'redirect') {
        res.redirect(301, page.location);
        return;
      }
      const { html, status } = page;
      if (status === 503) res.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
      res
        .status(status)
        .set('Server-Timing', page.serverTiming)
        .set('Cache-Control', viewer === 'admin' ? 'private, no-store' : status === 200 ? 'public, max-age=60' : 'no-store')
        // The same URL is another page with an admin's cookie: no cache may hand a visitor's copy (with
        // the operator's scripts) to an admin, nor the admin's to a visitor.
        .vary('Accept-Encoding')
        .vary('Cookie')
        .type('html');
      // A validator only for what a cache may keep and revalidate.
      if (status < 500) res.set('ETag', pageEtag(html));
      // A revalidation of an unchanged page costs no compression and no body.
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      // A page is ~30 KB of HTML and embedded data, a fifth of that gzipped (well under a millisecond).
      if (prefersGzip(req.headers['accept-encoding'])) res.set('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
      else res.send(html);
    } catch (error) {
      next(error);
    }
  });

  return router;
}

export { pageEtag } from './page-cache.ts';

/**
 * Site settings markup (head tags and analytics code in the head, pixel at body start, footer at body end)
 * injected server-side so the scripts run on first load. Read from the public settings endpoint, and kept
 * for the data version it was read under when the process knows that version: an admin save or cache
 * clear moves the version (here at once, on other processes within about a second), so the next page
 * carries the new markup without a loopback request per render. (A copy kept for 30 seconds, as before,
 * made a save invisible for that long.) Without a version every render reads it.
 */
const NO_MARKUP: SiteMarkup = { headTags: '', headEnd: '', bodyStart: '', bodyEnd: '' };

function createSettingsReader(dataVersion?: () => Promise<string>) {
  let kept: { version: string; markup: SiteMarkup } | null = null;
  async function read(apiBaseUrl: string, headers: Record<string, string>): Promise<SiteMarkup | null> {
    try {
      const response = await fetch(`${apiBaseUrl}/api/site-settings`, { headers: { accept: 'application/json', ...headers } });
      if (!response.ok) return null;
      const body = (await response.json()) as Partial<PublicSiteSettings>;
      return { headTags: body.head_tags ?? '', headEnd: body.analytics_code ?? '', bodyStart: body.facebook_pixel ?? '', bodyEnd: body.footer_tags ?? '' };
    } catch {
      return null;
    }
  }
  return {
    /** The markup, or null when it could not be read (the page is then a 503 (an outage, not "no markup") the cache never keeps). */
    async get(apiBaseUrl: string, headers: Record<string, string>): Promise<SiteMarkup | null> {
      // Read before the fetch: a save in between files the new markup under the old version, read again next time.
      const version = dataVersion ? await dataVersion() : null;
      if (version !== null && kept?.version === version) return kept.markup;
      const markup = await read(apiBaseUrl, headers);
      // A failed read is not kept: the next render tries again.
      if (markup && version !== null) kept = { version, markup };
      return markup;
    },
  };
}

/**
 * The same handler as a synchronous router, for the API app's `fallbackRouters` (app.ts). Requests
 * wait for the one-time setup. With `dataVersion` it carries the page cache as `serveHits` (answered by
 * the request listener before Express, app.ts) and `pages` (its counters).
 */
export function createFrontendRouter(
  options: FrontendOptions & { pageCache?: Omit<PageCacheOptions, 'dataVersion'> },
): express.Router & { pages?: PageCache; serveHits?: PageCache['serveHits'] } {
  const pages = options.pages ?? (options.dataVersion ? createPageCache({ dataVersion: options.dataVersion, ...options.pageCache }) : undefined);
  // Set up on the first request, so an app that never serves a page (API tests) pays nothing.
  let ready: Promise<express.Router> | null = null;
  const router: express.Router & { pages?: PageCache; serveHits?: PageCache['serveHits'] } = express.Router();
  router.use((req, res, next) => {
    ready ??= createFrontendHandler({ ...options, pages });
    ready.then((handler) => handler(req, res, next), next);
  });
  if (pages) {
    router.pages = pages;
    router.serveHits = pages.serveHits;
  }
  return router;
}

/**
 * The site as the API app's last router (`fallbackRouters: [createSiteRouter]`), from the deps every
 * router gets: the process entry (api/src/main.ts) plugs it in, so the API's router list never imports
 * the frontend.
 */
export function createSiteRouter(deps: { config: Config; pool: Pool; cache: { shared: { version(): Promise<string> } }; metrics?: Registry; logger?: Logger }): express.Router {
  const router = createFrontendRouter({
    config: deps.config,
    pool: deps.pool,
    logger: deps.logger,
    dataVersion: () => deps.cache.shared.version(),
    pageCache: { isEnabled: deps.config.publicResponseCache },
  });
  if (router.pages && deps.metrics) registerPageCacheMetrics(deps.metrics, router.pages);
  return router;
}
