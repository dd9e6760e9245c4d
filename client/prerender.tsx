import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/providers.js';
import { appRoutes } from './app/router.js';
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
