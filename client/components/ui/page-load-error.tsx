import { DialogDescription, DialogTitle } from './dialog.js';
import { TryAgainButton } from './load-error.js';

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
      <TryAgainButton onRetry={onRetry} className="mt-6" />
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
      {onRetry ? <TryAgainButton onRetry={onRetry} variant="outline" /> : null}
    </div>
  );
}
