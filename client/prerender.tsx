import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/providers.js';
import { appRoutes } from './app/router.js';
import { prefetchSignedInScreen, type ApiReader, type PrefetchedPage } from './app/server-prefetch.js';
import { authKeys } from './features/auth/api/current-user.js';
import { createQueryClient } from './lib/query-client.js';

/**
 * The build's server-side entry (scripts/vite-prerender.ts): renders one visitor page of the
 * app, exactly the tree `main.tsx` hydrates, to the HTML that goes inside `#root`. `prerender`
 * waits for the lazy screen's code, so the page arrives whole rather than as its skeleton.
 */
export async function renderVisitorPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.currentUser, null);
  return renderApp(path, queryClient);
}

/**
 * The server's entry (server/plugins/static-client.ts): renders a signed-in parent's page
 * (`url` is its path and query) from the API answers `read` gives, read on their behalf, and
 * returns the query cache it was rendered from, which the page carries for the browser to take
 * over the HTML with (client/main.tsx). Whatever else the screen asks for renders as it does
 * while loading, in the browser too, so the two agree. Undefined for a page not rendered here.
 */
export async function renderSignedInPage(
  url: string,
  read: ApiReader,
  cookieHeader = '',
): Promise<(PrefetchedPage & { html: string; state: DehydratedState }) | undefined> {
  const queryClient = createQueryClient();
  const location = new URL(url, 'http://littleloop.invalid');
  const page = await prefetchSignedInScreen(queryClient, location, read, cookieHeader);
  if (!page) return undefined;
  const state = dehydrate(queryClient);
  const html = await renderApp(location.pathname + location.search, queryClient);
  return { ...page, html, state };
}

async function renderApp(path: string, queryClient: QueryClient): Promise<string> {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
    // React sends a large finished screen after the rest with an inline script that moves it
    // into place, which the CSP (script-src 'self') blocks: one piece keeps it in place.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script'))
    throw new Error(`${path} rendered with an inline script, which the CSP blocks`);
  return html;
}
