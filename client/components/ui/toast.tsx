import { Suspense, lazy, useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastEntry = ToastInput & { id: number };

// PRODUCT §9: at most one toast at a time, so the store holds one entry and a new toast replaces it.
let current: ToastEntry | null = null;
let nextId = 1;
/** Set by the first toast: from then on the Toaster keeps its view mounted. */
let viewNeeded = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot(): ToastEntry | null {
  return current;
}

/** Shows a toast, replacing any toast already on screen. Callable from anywhere, React or not. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...input, id };
  viewNeeded = true;
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Hides the toast with this id, or whatever toast is showing when no id is given. */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

// Radix Toast is fetched with the first toast, not with the first page (docs/PERFORMANCE.md).
const ToastView = lazy(() => import('./toast-view.js'));

/** Renders the current toast. Mount once, near the root. */
export function Toaster() {
  const entry = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  // Once shown, the view stays mounted so its live region and viewport persist.
  if (!entry && !viewNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
