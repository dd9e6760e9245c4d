import { useSyncExternalStore } from 'react';

/** Set once a new release's service worker is waiting: calling it reloads into that release. */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function announceUpdate(apply: () => void): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting release's 'reload now', or null while this one is the newest. */
export function usePendingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => null,
  );
}
