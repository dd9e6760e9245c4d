import { RefreshCw } from 'lucide-react';
import { Button } from './button.js';
import { DialogDescription, DialogTitle } from './dialog.js';

/** A whole page that could not load (docs/DESIGN.md error state): what went wrong and a retry. */
export function PageLoadError({
  what,
  message,
  onRetry,
}: {
  what: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
    >
      <h1 className="text-2xl font-black text-ink-900">We couldn't load {what}</h1>
      <p className="mt-3 text-ink-600">{message || 'Something went wrong. Please try again.'}</p>
      <Button className="mt-6" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </section>
  );
}

/**
 * The same inside a dialog: a title saying what failed, the reason, and a retry unless
 * retrying cannot help (onRetry left out, e.g. for something that no longer exists).
 */
export function DialogLoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{message || 'Please try again.'}</DialogDescription>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}
