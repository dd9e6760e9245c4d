import { Link } from 'react-router';
import { ChartColumn, Crown } from 'lucide-react';
import { paths } from '../../../app/paths.js';

/** Owners without Premium learn what analytics would show them. */
export function AnalyticsUpsell() {
  return (
    <p className="flex items-start gap-2 rounded-control bg-premium-50 p-3 text-sm text-premium-900">
      <ChartColumn className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        See views, favorites and messages for this listing with{' '}
        <Link
          to={paths.subscribe}
          className="inline-flex items-center gap-1 font-bold underline underline-offset-4"
        >
          <Crown className="size-3.5" aria-hidden="true" />
          Premium
        </Link>
        .
      </span>
    </p>
  );
}
