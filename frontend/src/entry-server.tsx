/**
 * Server entry (built by `vite build --ssr` into dist/server/entry-server.js): prefetch the route's
 * data through the API, render to HTML, and hand back status, head tags and the dehydrated cache.
 */
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { ApiError, createApiClient } from './api/client.ts';
import { createQueryClient } from './api/queries.ts';
import { App } from './app.tsx';
import { RenderContextProvider, type HeadData, type RenderContext } from './lib/render-context.tsx';
import { ApiContext } from './lib/use-api.ts';
import { ViewerProvider, type Viewer } from './lib/viewer.tsx';
import { publicRoutes } from './routes.tsx';

export interface RenderOptions {
  /** Path + query of the request. */
  url: string;
  /** Where the JSON API answers (loopback to this same process). */
  apiBaseUrl: string;
  /** Headers forwarded to the API calls (e.g. x-forwarded-for for rate limits). */
  apiHeaders?: Record<string, string>;
  /** A signed-in admin's request (lib/viewer.tsx); a visitor's by default. */
  viewer?: Viewer;
}

export type RenderResult =
  | { kind: 'redirect'; status: 301; location: string }
  | { kind: 'page'; status: number; html: string; head?: HeadData; state: unknown; timings: { prefetchMs: number; renderMs: number }; failure?: string };

const routeObjects = publicRoutes.map((route) => ({ path: route.path }));

export async function render(options: RenderOptions): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  try {
    return await renderWith(queryClient, options);
  } finally {
    queryClient.clear();
  }
}

async function renderWith(queryClient: QueryClient, options: RenderOptions): Promise<RenderResult> {
  const url = new URL(options.url, 'http://localhost');
  const api = createApiClient(options.apiBaseUrl, { headers: options.apiHeaders });
  const started = performance.now();

  const matches = matchRoutes(routeObjects, url.pathname);
  const match = matches?.[matches.length - 1];
  const route = match ? publicRoutes.find((candidate) => candidate.path === match.route.path) : undefined;
  const result = await route?.prefetch?.({
    queryClient,
    api,
    params: match?.params ?? {},
    searchParams: url.searchParams,
  });
  if (result && 'redirect' in result) return { kind: 'redirect', status: 301, location: result.redirect + url.search };

  const prefetched = performance.now();
  const context: RenderContext = { status: 200, publicUrl: '' };
  const html = renderToString(
    <StrictMode>
      <RenderContextProvider value={context}>
        <ApiContext.Provider value={api}>
          <QueryClientProvider client={queryClient}>
            <ViewerProvider viewer={options.viewer ?? 'visitor'}>
              <StaticRouter location={url.pathname + url.search}>
                <App />
              </StaticRouter>
            </ViewerProvider>
          </QueryClientProvider>
        </ApiContext.Provider>
      </RenderContextProvider>
    </StrictMode>,
  );
  // Failed queries are dehydrated too, so the browser shows the same error state without a refetch.
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const timings = { prefetchMs: prefetched - started, renderMs: performance.now() - prefetched };
  const errors = queryClient.getQueryCache().getAll().filter((query) => query.state.status === 'error').map((query) => query.state.error);
  const failed = failureStatus(errors);
  // What failed, for the server's one warning about the page (the first read's message: "503: ...").
  const failure = failed ? errors.map((error) => (error instanceof Error ? error.message : String(error)))[0] : undefined;
  return { kind: 'page', status: failed ?? context.status, html, head: context.head, state, timings, failure };
}

/**
 * The status of a page some of whose data could not be loaded, whatever the page itself chose (its error
 * texts are shown either way): 503 when the API was unavailable (it answered 502/503/504 or 429, or the
 * call failed), 500 when it failed otherwise. An answer about the request (a 404 not found, a 400 refused
 * query) is the page's own business. A 503 page is never cached (create-frontend-handler.ts).
 */
export function failureStatus(errors: unknown[]): 503 | 500 | null {
  let status: 503 | 500 | null = null;
  for (const error of errors) {
    if (!(error instanceof ApiError) || [429, 502, 503, 504].includes(error.status)) return 503;
    if (error.status >= 500) status = 500;
  }
  return status;
}
