import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/nunito';
import './index.css';
import { App } from './app/providers.js';
import { createAppRouter, preloadSignedInScreen } from './app/router.js';
import { authKeys } from './features/auth/api/current-user.js';
import { queryClient } from './lib/query-client.js';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount LittleLoop into.');

const app = (
  <StrictMode>
    <App queryClient={queryClient} router={createAppRouter()} />
  </StrictMode>
);

// The server sends a visitor page already rendered (scripts/vite-prerender.ts) only when the
// request has no signed-in session, so the current user is known: take over that HTML in place.
if (container.dataset.prerendered !== undefined) {
  queryClient.setQueryData(authKeys.currentUser, null);
  hydrateRoot(container, app);
} else {
  preloadSignedInScreen(queryClient, window.location);
  createRoot(container).render(app);
}
