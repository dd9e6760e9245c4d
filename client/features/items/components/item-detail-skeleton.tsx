import { Skeleton } from '../../../components/ui/skeleton.js';

/** The page's shape while it loads (docs/DESIGN.md). */
export function ItemDetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading item"
      className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8"
    >
      <Skeleton className="h-6 w-36" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <div className="grid gap-3">
          <Skeleton className="aspect-[4/3] w-full rounded-card" />
          <div className="grid grid-cols-4 gap-3">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="aspect-[4/3] w-full" />
            ))}
          </div>
        </div>
        <div className="grid content-start gap-4">
          <div className="flex gap-2">
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-6 w-16 rounded-full" />
          </div>
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
          <Skeleton className="h-16 w-full rounded-card" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </div>
  );
}
