import { lazy, Suspense } from 'react';
import { usePendingUpdate } from '../app-update.js';
import { useOnline } from '../use-online.js';

// The banners' code comes only when one is due: most visits are online and up to date.
const ConnectionBanners = lazy(() =>
  import('./connection-banners.js').then((module) => ({ default: module.ConnectionBanners })),
);

/** ConnectionBanners, loaded the first time the device is offline or a new version is ready. */
export function ConnectionBannersWhenNeeded() {
  const online = useOnline();
  const pendingUpdate = usePendingUpdate();
  if (online && !pendingUpdate) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionBanners />
    </Suspense>
  );
}
