import { Link } from 'react-router';
import { ArrowLeft, Clock, Crown } from 'lucide-react';
import { EARLY_ACCESS_ONLY } from '../../../../common/items.js';
import { formatTimeOfDay } from '../../../../common/format.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { PageNotice } from '../../../components/ui/page-notice.js';
import { ApiError } from '../../../lib/api-client.js';

/** When an item answered 'early access for Premium members', the moment everyone may see it. */
export function earlyAccessEnd(error: unknown, answeredAt: number): Date | null {
  if (!(error instanceof ApiError) || error.status !== 403 || error.message !== EARLY_ACCESS_ONLY)
    return null;
  return new Date(answeredAt + (error.retryAfterSeconds ?? 0) * 1000);
}

/**
 * PRODUCT §1 early access, opened through a shared link by a parent without Premium: the item
 * exists, so not 'Item not found', but nothing of it is shown until everyone may see it.
 */
export function EarlyAccessNotice({ until, onRetry }: { until: Date; onRetry: () => void }) {
  return (
    <PageNotice
      icon={Clock}
      tone="premium"
      title="In early access"
      lead={`This item is in early access for Premium members until ${formatTimeOfDay(until)}. Open this link again then to see it.`}
    >
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={onRetry}>
          Try again
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.subscribe}>
            <Crown aria-hidden="true" />
            See Premium
          </Link>
        </Button>
      </div>
      <Button asChild variant="link" className="mt-4">
        <Link to={paths.browse}>
          <ArrowLeft aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>
    </PageNotice>
  );
}
