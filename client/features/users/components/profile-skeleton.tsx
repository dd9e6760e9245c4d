import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** The profile page's shape while it loads; the listings' shape comes from items. */
export function ProfileSkeleton({ itemsSkeleton }: { itemsSkeleton: ReactNode }) {
  return (
    <div
      role="status"
      aria-label="Loading profile"
      className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8"
    >
      <div className="overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft">
        <Skeleton className="h-20 rounded-none sm:h-24" />
        <div className="-mt-12 grid justify-items-center gap-3 p-4 sm:p-6 md:justify-items-start">
          <Skeleton className="size-24 rounded-full ring-4 ring-white" />
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <Skeleton className="h-12 w-64" />
      {itemsSkeleton}
    </div>
  );
}
