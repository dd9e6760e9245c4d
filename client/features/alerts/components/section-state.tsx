import { AlertCardSkeleton } from './alert-card.js';

/** Loading cards of the final shape. */
export function AlertListLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3 sm:grid-cols-2">
      <AlertCardSkeleton />
      <AlertCardSkeleton />
    </div>
  );
}
