import { Eye, Heart, MessageCircle, RefreshCw, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { errorMessage } from '../../../lib/api-client.js';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ViewsOnDay } from '../../../../common/schemas/analytics.js';
import { useItemAnalytics, useOwnerAnalytics } from '../api/get-item-analytics.js';
import { ViewsChart } from './views-chart.js';

type Totals = { viewCount: number; favoriteCount: number; messageCount: number; viewsByDay: ViewsOnDay[] };

/**
 * PRODUCT §1 Premium analytics for one listing: views, favourites and messages, and views per day
 * for the last 30 days. Loaded (code and data) only when a Premium owner opens their item.
 */
export function ItemAnalyticsCard({ itemId }: { itemId: number }) {
  return (
    <AnalyticsSummary analytics={useItemAnalytics(itemId)} label="Listing analytics" what="this listing's" />
  );
}

/** The same figures for all of a Premium owner's listings together, on their profile. */
export function OwnerAnalyticsCard() {
  return (
    <AnalyticsSummary
      analytics={useOwnerAnalytics()}
      label="Your listings' analytics"
      what="your listings'"
    />
  );
}

function AnalyticsSummary({
  analytics,
  label,
  what,
}: {
  analytics: UseQueryResult<Totals>;
  label: string;
  what: string;
}) {
  if (analytics.isPending) {
    return (
      <div role="status" aria-label="Loading analytics" className="grid gap-3">
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (analytics.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 rounded-control bg-danger-50 p-3 text-sm">
        <p className="text-danger-900">
          We couldn't load {what} analytics. {errorMessage(analytics.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void analytics.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }

  const { viewCount, favoriteCount, messageCount, viewsByDay } = analytics.data;
  const stats: { icon: LucideIcon; label: string; value: number }[] = [
    { icon: Eye, label: 'Views', value: viewCount },
    { icon: Heart, label: 'Favorites', value: favoriteCount },
    { icon: MessageCircle, label: 'Messages', value: messageCount },
  ];
  return (
    <section aria-label={label} className="grid gap-3">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {stats.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex flex-col-reverse rounded-control bg-ink-50 p-2">
            <dt className="flex items-center justify-center gap-1 text-xs font-bold text-ink-600">
              <Icon className="size-3.5" aria-hidden="true" />
              {label}
            </dt>
            <dd className="text-lg font-black text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1">
        <h3 className="text-sm font-bold text-ink-700">Views, last {viewsByDay.length} days</h3>
        <ViewsChart days={viewsByDay} />
      </div>
    </section>
  );
}
