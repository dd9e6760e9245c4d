import { useEffect, useEffectEvent, useRef } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { errorMessage } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last attempt to load more failed: no more automatic tries until the user asks. */
  error: unknown;
  onLoadMore: () => void;
  className?: string;
};

/**
 * More results as the user scrolls: a sentinel watched by an IntersectionObserver loads the
 * next page before it comes into view, and a visible 'Load more' button does the same for
 * browsers without one, for keyboard users, and after a failure.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, error, onLoadMore, className }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useEffectEvent(() => onLoadMore());
  const watching = hasNextPage && !isFetchingNextPage && !error;

  useEffect(() => {
    const element = sentinel.current;
    if (!watching || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watching]);

  if (!hasNextPage) return null;
  return (
    <div className={cn('grid justify-items-center gap-2 py-4', className)}>
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      {error ? (
        <p role="alert" className="text-center text-sm font-semibold text-danger-700">
          {errorMessage(error) || 'More items could not be loaded.'}
        </p>
      ) : null}
      <Button
        variant="outline"
        onClick={onLoadMore}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
      >
        {isFetchingNextPage ? <ButtonSpinner /> : error ? <RefreshCw aria-hidden="true" /> : null}
        {isFetchingNextPage ? 'Loading more…' : error ? 'Try again' : 'Load more'}
      </Button>
    </div>
  );
}
