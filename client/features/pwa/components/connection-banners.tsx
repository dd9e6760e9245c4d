import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { usePendingUpdate } from '../app-update.js';
import { useOnline } from '../use-online.js';

/**
 * What the parent should know about the app itself: that they are offline (and seeing what they
 * last saw), or that a new version is ready. Fixed above the page's bottom edge, one at a time.
 */
export function ConnectionBanners() {
  const online = useOnline();
  const applyUpdate = usePendingUpdate();
  if (!online) {
    return (
      <div
        role="status"
        className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-card bg-ink-900 px-4 py-3 text-white shadow-soft sm:bottom-5"
      >
        <WifiOff className="size-5 shrink-0" aria-hidden="true" />
        <p className="text-sm font-semibold">
          You're offline. You're seeing what you last opened on this device.
        </p>
      </div>
    );
  }
  if (!applyUpdate) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-card bg-ink-900 px-4 py-3 text-white shadow-soft sm:bottom-5"
    >
      <RefreshCw className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-sm font-semibold">A new version is ready.</p>
      <Button size="sm" variant="secondary" onClick={applyUpdate}>
        Reload
      </Button>
    </div>
  );
}
