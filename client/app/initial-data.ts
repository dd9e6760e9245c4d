import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * A signed-in page the server rendered (server/plugins/static-client.ts) carries the query cache
 * it was rendered from, as TanStack Query's dehydrated state in a JSON data block, which the CSP
 * does not treat as a script. The browser puts it back before taking over the HTML, so its first
 * render is the server's and nothing is fetched twice.
 */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

export type { DehydratedState };

/** Restores the cache the page carries; an absent or unreadable block restores nothing. */
export function restoreInitialData(queryClient: QueryClient, doc: Document): void {
  const text = doc.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    hydrate(queryClient, JSON.parse(text) as DehydratedState);
  } catch {
    // The screens then fetch what they need, as on any first visit.
  }
}
