import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React takes over a page rendered beforehand (at build time by
 * scripts/vite-prerender.ts, or per request by the server), true from then on, and true at once
 * when the screen is rendered in the browser. A form on such a
 * page keeps its submit button disabled until its handler is attached: pressing Enter before
 * that would otherwise make the browser submit the fields natively, putting them in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
