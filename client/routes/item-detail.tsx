import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { hasPremium } from '../../common/premium.js';
import type { Item } from '../../common/schemas/items.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PageLoadError } from '../components/ui/page-load-error.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { AnalyticsUpsell } from '../features/analytics/components/analytics-upsell.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { SaveButton } from '../features/favorites/components/save-button.js';
import { useGiveaway } from '../features/giveaway/api/giveaway.js';
import { PromisePanel } from '../features/giveaway/components/promise-panel.js';
import { RequestDialog } from '../features/giveaway/components/request-dialog.js';
import { RequestStatus } from '../features/giveaway/components/request-status.js';
import { RequestsCard } from '../features/giveaway/components/requests-card.js';
import { useItem } from '../features/items/api/get-items.js';
import { isOnMarket } from '../../common/items.js';
import { EarlyAccessNotice, earlyAccessEnd } from '../features/items/components/early-access-notice.js';
import { ItemDetailSkeleton } from '../features/items/components/item-detail-skeleton.js';
import { ItemGallery } from '../features/items/components/item-gallery.js';
import { ItemNotFound } from '../features/items/components/item-not-found.js';
import { ItemOwnerActions } from '../features/items/components/item-owner-actions.js';
import { ItemSummary, ownerLocation } from '../features/items/components/item-summary.js';
import { ListedBy } from '../features/items/components/listed-by.js';
import { VisitorActionBar } from '../features/items/components/visitor-action-bar.js';
import { useMessageDialog } from '../lib/member-actions.js';
import { RecordExchangeCard } from '../features/reviews/components/record-exchange-card.js';
import { ReviewDialog } from '../features/reviews/components/review-dialog.js';
import { useUser } from '../features/users/api/get-user.js';
import { ReportListingDialog } from '../features/users/components/report-listing-dialog.js';
import { useUserProfileDialog } from '../features/users/components/use-user-profile-dialog.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { parseId } from '../lib/parse-id.js';
import { usePageTitle } from '../lib/use-page-title.js';

// docs/DESIGN.md: charts load only when shown. Only a Premium owner's own item page shows this one.
const ItemAnalyticsCard = lazy(() =>
  import('../features/analytics/components/item-analytics-card.js').then((module) => ({
    default: module.ItemAnalyticsCard,
  })),
);

/** PRODUCT §2 item detail at /item/{id}. */
export function ItemDetailPage() {
  const params = useParams();
  const itemId = parseId(params.id);
  const item = useItem(itemId);
  const notFound = itemId === undefined || (item.error instanceof ApiError && item.error.status === 404);
  const earlyAccessUntil = earlyAccessEnd(item.error, item.errorUpdatedAt);
  usePageTitle(notFound ? 'Item not found' : (item.data?.title ?? 'Item Details'));

  if (notFound) return <ItemNotFound />;
  if (earlyAccessUntil) {
    return <EarlyAccessNotice until={earlyAccessUntil} onRetry={() => void item.refetch()} />;
  }
  if (item.isPending) return <ItemDetailSkeleton />;
  if (item.isError) {
    return (
      <PageLoadError
        what="this item"
        message={errorMessage(item.error)}
        onRetry={() => void item.refetch()}
      />
    );
  }
  return <ItemDetail item={item.data} />;
}

function ItemDetail({ item }: { item: Item }) {
  const viewer = useSignedInUser();
  const navigate = useNavigate();
  const isOwner = viewer.id === item.userId;
  const messageDialog = useMessageDialog();
  const profileDialog = useUserProfileDialog({ viewerId: viewer.id });
  const ownerProfile = useUser(isOwner ? undefined : item.userId);
  const location = ownerLocation(isOwner ? viewer : ownerProfile.data, item);
  // Requests are for free and swap items; any item may carry a handover its owner recorded.
  const isGiveaway = item.exchangeType !== 'sell';
  const giveaway = useGiveaway(item.id);
  const promise = giveaway.data?.promise ?? null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Button asChild variant="link" className="justify-self-start px-0">
        <Link to={paths.browse}>
          <ArrowLeft aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <ItemGallery title={item.title} imageUrls={item.imageUrls} />

        <div className="grid content-start gap-5">
          <ItemSummary
            item={item}
            location={location}
            saveButton={isOwner ? null : <SaveButton itemId={item.id} className="min-h-11" />}
          />
          <ListedBy item={item} onOpen={() => profileDialog.open(item.userId)} />

          {promise ? (
            <PromisePanel
              promise={promise}
              renderReviewDialog={(exchange, onClose) => (
                <ReviewDialog exchange={exchange} onOpenChange={(open) => !open && onClose()} />
              )}
            />
          ) : null}

          {isOwner ? (
            <>
              {giveaway.data && isGiveaway && promise?.status !== 'completed' ? (
                <RequestsCard itemId={item.id} giveaway={giveaway.data} />
              ) : null}
              <Card className="grid gap-3 p-4">
                <h2 className="font-extrabold text-ink-900">Manage your listing</h2>
                {hasPremium(viewer) ? (
                  <Suspense fallback={<Skeleton className="h-40" />}>
                    <ItemAnalyticsCard itemId={item.id} />
                  </Suspense>
                ) : (
                  <AnalyticsUpsell />
                )}
                <ItemOwnerActions item={item} onDeleted={() => void navigate(paths.profile())} />
                {giveaway.isSuccess && !promise && (!isGiveaway || !isOnMarket(item)) ? (
                  <RecordExchangeCard itemId={item.id} />
                ) : null}
              </Card>
            </>
          ) : (
            <>
              {giveaway.data && isGiveaway ? (
                <RequestStatus itemId={item.id} giveaway={giveaway.data} />
              ) : null}
              <VisitorActionBar
                item={item}
                canRequest={
                  isGiveaway && isOnMarket(item) && !promise && giveaway.data?.myRequest?.status !== 'waiting'
                }
                requestReady={giveaway.isSuccess}
                onMessage={() => messageDialog.open({ itemId: item.id, sellerId: item.userId })}
                renderRequestDialog={(open, onOpenChange) => (
                  <RequestDialog
                    itemId={item.id}
                    ownerName={item.user.firstName}
                    open={open}
                    onOpenChange={onOpenChange}
                  />
                )}
              />
              <ReportListingDialog itemId={item.id} />
            </>
          )}
        </div>
      </div>
      {profileDialog.dialog}
    </div>
  );
}
