import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { Logo } from '../components/layout/logo.js';
import { paths } from './paths.js';

/**
 * The route error boundary: a screen crashed while rendering. Says so plainly and offers a
 * reload; the details go to the console for whoever is debugging.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <span className="flex size-16 items-center justify-center rounded-full bg-danger-50 text-danger-700">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </span>
      <div className="grid max-w-md gap-2">
        <h1 className="text-2xl font-black">Something went wrong</h1>
        <p className="text-ink-600">
          This page ran into a problem. Reloading usually fixes it; if not, try again in a little while.
        </p>
        {detail ? <p className="text-sm break-words text-ink-500">Details: {detail}</p> : null}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Reload page
        </Button>
        <Button asChild variant="outline">
          <a href={paths.home}>Go to home</a>
        </Button>
      </div>
    </div>
  );
}

/** Shown when the current user cannot be read for a reason other than being signed out. */
export function ConnectionErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <div className="grid max-w-md gap-2">
        <h1 className="text-2xl font-black">We couldn't load LittleLoop</h1>
        <p className="text-ink-600">{message}</p>
      </div>
      <Button onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
