/** The caches that hold a parent's own pages and answers (vite.config.ts runtimeCaching). */
const PRIVATE_CACHES = ['pages', 'api'];

/** On sign-out: what one parent saw must not be shown offline to the next person on this device. */
export async function forgetPrivatePages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(PRIVATE_CACHES.map((name) => caches.delete(name)));
}
