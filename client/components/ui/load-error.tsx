import { RefreshCw, TriangleAlert } from 'lucide-react';
import { errorMessage } from '../../lib/api-client.js';
import { Button } from './button.js';

/**
 * A part of a page that could not load (docs/DESIGN.md error state): what failed, the server's
 * reason, and a retry. A whole page uses PageLoadError, a dialog DialogLoadError. The heading
 * level follows the outline around it: h2 under the page's h1, h3 inside a titled section.
 */
export function LoadError({
  title,
  error,
  onRetry,
  headingLevel = 2,
  fallback = 'Please try again.',
}: {
  title: string;
  error: unknown;
  onRetry?: (() => void) | undefined;
  headingLevel?: 2 | 3;
  fallback?: string;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-6 py-10 text-center"
    >
      <TriangleAlert className="size-8 text-danger-700" aria-hidden="true" />
      <Heading className="text-lg font-extrabold text-ink-900">{title}</Heading>
      <p className="max-w-sm text-ink-700">{errorMessage(error) || fallback}</p>
      {onRetry ? <TryAgainButton onRetry={onRetry} variant="outline" /> : null}
    </div>
  );
}

/** The retry of every load-error state: the same words and icon wherever something failed. */
export function TryAgainButton({
  onRetry,
  variant,
  className,
}: {
  onRetry: () => void;
  variant?: 'outline';
  className?: string;
}) {
  return (
    <Button {...(variant ? { variant } : {})} {...(className ? { className } : {})} onClick={onRetry}>
      <RefreshCw aria-hidden="true" />
      Try again
    </Button>
  );
}
