/**
 * The admin panel's entry (admin.html): client-only, no server render. A missing root element is logged;
 * a panel that cannot render shows 'Error loading application' (admin-side §8).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '../api/client.ts';
import { ApiContext } from '../lib/use-api.ts';
import { AdminApp } from './app.tsx';
import { ConfirmProvider } from './components/confirm.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { ReauthProvider } from './components/reauth.tsx';
import { ToastProvider } from './components/toast.tsx';
import { LanguageProvider } from './i18n/language.tsx';
import { createAdminQueryClient } from './lib/query-client.ts';
import './admin.css';

const LOAD_ERROR = 'Error loading application';

/** A session that ended mid-use (401 from any call): to the sign-in, which brings the admin back here. */
function onSessionEnded() {
  if (window.location.pathname.startsWith('/admin/login')) return;
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/admin/login?expired=1&next=${encodeURIComponent(next)}`);
}

const root = document.getElementById('root');
if (!root) {
  console.error('Root element #root is missing');
} else {
  try {
    createRoot(root).render(
      <StrictMode>
        <ErrorBoundary fallback={() => <p className="admin-fatal">{LOAD_ERROR}</p>}>
          <ApiContext.Provider value={createApiClient('')}>
            <QueryClientProvider client={createAdminQueryClient(onSessionEnded)}>
              <LanguageProvider>
                <ToastProvider>
                  <ConfirmProvider>
                    <ReauthProvider>
                      <BrowserRouter>
                        <AdminApp />
                      </BrowserRouter>
                    </ReauthProvider>
                  </ConfirmProvider>
                </ToastProvider>
              </LanguageProvider>
            </QueryClientProvider>
          </ApiContext.Provider>
        </ErrorBoundary>
      </StrictMode>,
    );
    document.documentElement.dataset.adminReady = 'true';
  } catch (error) {
    console.error(error);
    root.textContent = LOAD_ERROR;
  }
}
