import './lib/zod-without-eval.js';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/nunito';
import './index.css';
import { restoreInitialData } from './app/initial-data.js';
import { App } from './app/providers.js';
import { createAppRouter, loadRenderedScreen, preloadSignedInScreen } from './app/router.js';
import { authKeys } from './features/auth/api/current-user.js';
import { registerServiceWorker } from './features/pwa/register-service-worker.js';
import { replayEarlyTaps } from './lib/early-taps.js';
import { queryClient } from './lib/query-client.js';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount LittleLoop into.');

/**
 * Marks the page as taken over (`<html data-ready>`) once React has committed it: from then on
 * every control on it works, and the taps held before then (common/early-taps.ts) are replayed.
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
    replayEarlyTaps();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <App queryClient={queryClient} router={createAppRouter()} />
    <MarkReady />
  </StrictMode>
);

/**
 * Loads the rendered screen's code, then takes over the server's HTML. Asked for in a task after
 * the one that evaluated the scripts: adding the screen's preload links costs about a millisecond
 * each on a slow phone, and together with the evaluation it made one long task that held up taps
 * (docs/PERFORMANCE.md, "Blocking time on /browse").
 */
function takeOverAfterThisTask(root: HTMLElement, { signedIn }: { signedIn: boolean }) {
  setTimeout(() => {
    void loadRenderedScreen(window.location.pathname, { signedIn }).then(() =>
      startTransition(() => {
        hydrateRoot(root, app);
      }),
    );
  }, 0);
}

// In a transition React renders in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task that holds up taps and paints (docs/PERFORMANCE.md, "Paint").
const prerendered = container.dataset.prerendered;
if (prerendered === 'signed-in') {
  // A signed-in page the server rendered (server/plugins/static-client.ts) carries the query
  // cache it was rendered from: the same data gives the same tree, which takes over the HTML.
  restoreInitialData(queryClient, document);
  takeOverAfterThisTask(container, { signedIn: true });
} else if (prerendered !== undefined) {
  // The server sends a visitor page already rendered (scripts/vite-prerender.ts) only when the
  // request has no signed-in session, so the current user is known: take over that HTML in place.
  queryClient.setQueryData(authKeys.currentUser, null);
  takeOverAfterThisTask(container, { signedIn: false });
} else {
  preloadSignedInScreen(queryClient, window.location);
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}

// The service worker (offline pages, installable app) comes after the page has loaded.
if (document.readyState === 'complete') void registerServiceWorker();
else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
