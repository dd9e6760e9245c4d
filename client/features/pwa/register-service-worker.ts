import { announceUpdate } from './app-update.js';

/**
 * Registers the service worker (vite.config.ts: the app shell precached, pages and answers
 * kept as last seen for offline). It is fetched after the page has loaded, so a first visit
 * paints without it; a new release waits until the parent chooses to reload into it. Only the
 * browser entry (client/main.tsx) imports this: the server render has no service worker.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => announceUpdate(() => void updateServiceWorker(true)),
  });
}
