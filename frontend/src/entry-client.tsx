import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from './api/client.ts';
import { createQueryClient } from './api/queries.ts';
import { App } from './app.tsx';
import { RenderContextProvider } from './lib/render-context.tsx';
import { ApiContext } from './lib/use-api.ts';
import { ViewerProvider, viewerOfDocument } from './lib/viewer.tsx';
import './styles.css';

const queryClient = createQueryClient();
const api = createApiClient('');
const stateElement = document.getElementById('__QUERY_STATE__');
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as DehydratedState) : undefined;

const app = (
  <StrictMode>
    <RenderContextProvider value={null}>
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <HydrationBoundary state={state}>
            <ViewerProvider viewer={viewerOfDocument()}>
              <BrowserRouter>
                <App />
              </BrowserRouter>
            </ViewerProvider>
          </HydrationBoundary>
        </QueryClientProvider>
      </ApiContext.Provider>
    </RenderContextProvider>
  </StrictMode>
);

const root = document.getElementById('root');
if (!root) {
  console.error('Root element #root is missing');
} else {
  try {
    // The server leaves the root empty for the client-only admin panel.
    if (root.firstElementChild) {
      hydrateRoot(root, app, {
        // A mismatch between the server's HTML and the first client render: React recovers by rendering
        // on the client; said loudly so the browser tests (and anyone watching the console) see it.
        onRecoverableError: (error) => {
          document.documentElement.dataset.hydrationError = 'true';
          console.error('Hydration error:', error);
        },
      });
    }
    else createRoot(root).render(app);
  } catch (error) {
    console.error(error);
    root.textContent = 'Error loading application';
  }
}
