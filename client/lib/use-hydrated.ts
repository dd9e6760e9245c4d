import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React takes over a page rendered at build time (scripts/vite-prerender.ts), true
 * from then on, and true at once when the screen is rendered in the browser. A form on such a
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
