import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { errorMessage } from '../../../lib/api-client.js';
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

/** What went wrong and a retry (DESIGN.md). */
export function AlertListError({
  error,
  onRetry,
  what,
}: {
  error: unknown;
  onRetry: () => void;
  what: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-6 py-8 text-center"
    >
      <h3 className="font-extrabold text-ink-900">We couldn't load your {what}</h3>
      <p className="text-ink-700">{errorMessage(error) || 'Please try again.'}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
