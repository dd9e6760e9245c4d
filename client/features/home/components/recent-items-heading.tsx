import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { DISTANCE } from '../../../../common/limits.js';

/** The heading of home's recent items: in what order they come, and a link to all of them on Browse. */
export function RecentItemsHeading({
  placed,
  widened,
  seeAllHref,
}: {
  /** Whether the list is from a place (closest first) or not (newest first). */
  placed: boolean;
  widened: boolean;
  seeAllHref: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
      <div>
        <h2 id="recent-items" className="text-xl font-black">
          Recent Items Near You
        </h2>
        <p className="text-sm text-ink-600">
          {placed
            ? widened
              ? 'Closest first, at any distance.'
              : `Closest first, within ${DISTANCE.nearbyKm} km.`
            : 'Newest first. Choose your place to see what is closest.'}
        </p>
      </div>
      <Link
        to={seeAllHref}
        className="inline-flex min-h-11 items-center gap-1 font-bold text-primary-700 underline-offset-4 hover:underline"
      >
        See all
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
