import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ArrowLeft,
  Baby,
  CalendarDays,
  ChartColumn,
  HandHeart,
  Crown,
  Layers,
  MapPin,
  MessageCircle,
  PackageSearch,
  Ruler,
  Send,
  Sparkles,
  Tag,
  type LucideIcon,
} from 'lucide-react';
import {
  ageRangeLabels,
  categoryLabels,
  conditionLabels,
  itemStatusLabels,
  type AgeRange,
  type Category,
  type Condition,
  type ExchangeType,
} from '../../common/enums.js';
import { exchangePriceLabel, formatPlace } from '../../common/format.js';
import { hasPremium } from '../../common/premium.js';
import type { Item } from '../../common/schemas/items.js';
import type { CurrentUser, PublicUser } from '../../common/schemas/users.js';
import { paths } from '../app/paths.js';
import { Avatar } from '../components/ui/avatar.js';
import { Badge, PromisedBadge, statusBadgeVariant } from '../components/ui/badge.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { PageNotice } from '../components/ui/page-notice.js';
import { RatingInline } from '../components/ui/rating.js';
import { ShortDate } from '../components/ui/short-date.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { PremiumStar, VerifiedTick } from '../components/ui/trust-marks.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { SaveButton } from '../features/favorites/components/save-button.js';
import { ShareItemButton } from '../features/items/components/share-item-button.js';
import { useGiveaway } from '../features/giveaway/api/giveaway.js';
import { PromisePanel } from '../features/giveaway/components/promise-panel.js';
import { RequestDialog } from '../features/giveaway/components/request-dialog.js';
import { RequestStatus } from '../features/giveaway/components/request-status.js';
import { RequestsCard } from '../features/giveaway/components/requests-card.js';
import { useItem } from '../features/items/api/get-items.js';
import { isOnMarket } from '../features/items/api/item-status.js';
import { EarlyAccessNotice, earlyAccessEnd } from '../features/items/components/early-access-notice.js';
import { ItemGallery } from '../features/items/components/item-gallery.js';
import { ItemOwnerActions } from '../features/items/components/item-owner-actions.js';
import { useMessageDialog } from '../features/messaging/message-dialog-context.js';
import { useUser } from '../features/users/api/get-user.js';
import { ReportListingDialog } from '../features/users/components/report-listing-dialog.js';
import { RecordExchangeCard } from '../features/reviews/components/record-exchange-card.js';
import { ReviewDialog } from '../features/reviews/components/review-dialog.js';
import { useUserProfileDialog } from '../features/users/components/use-user-profile-dialog.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { cn } from '../lib/cn.js';
import { parseId } from '../lib/parse-id.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { PageLoadError } from '../components/ui/page-load-error.js';

// DESIGN.md: charts load only when shown. Only a Premium owner's own item page shows this one.
const ItemAnalyticsCard = lazy(() =>
  import('../features/analytics/components/item-analytics-card.js').then((module) => ({
    default: module.ItemAnalyticsCard,
  })),
);

/** Labels from common/enums.ts; a value the enums don't know is shown as it is. */
const labelOf = <K extends string>(labels: Record<K, string>, value: string): string =>
  (labels as Record<string, string>)[value] ?? value;

/** SPEC colours: Free green, Swap amber, Sell blue (dark shades, for AA contrast as text). */
const priceColour: Record<ExchangeType, string> = {
  free: 'text-free-700',
  swap: 'text-swap-700',
  sell: 'text-sell-700',
};

/** SPEC §2 item detail at /item/{id}. */
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
  // The owner's public profile carries their location (SPEC §2: city, state, country).
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
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap gap-2">
                <Badge variant={statusBadgeVariant[item.status]} className="text-sm">
                  {itemStatusLabels[item.status]}
                </Badge>
                {item.promised ? <PromisedBadge className="text-sm" /> : null}
              </span>
              <span className="flex gap-2">
                <ShareItemButton item={item} className="min-h-11" />
                {isOwner ? null : <SaveButton itemId={item.id} className="min-h-11" />}
              </span>
            </div>
            <h1 className="text-2xl leading-tight font-black break-words text-ink-900 sm:text-3xl">
              {item.title}
            </h1>
            <p className={cn('text-2xl font-black', priceColour[item.exchangeType])}>
              <span className="sr-only">Price: </span>
              {exchangePriceLabel(item)}
            </p>
          </div>

          <p className="leading-relaxed break-words whitespace-pre-line text-ink-800">{item.description}</p>

          <dl className="grid grid-cols-2 gap-3">
            <Detail icon={Layers} term="Category">
              {labelOf<Category>(categoryLabels, item.category)}
            </Detail>
            <Detail icon={Sparkles} term="Condition">
              {labelOf<Condition>(conditionLabels, item.condition)}
            </Detail>
            {item.ageRange ? (
              <Detail icon={Baby} term="Age Range">
                {labelOf<AgeRange>(ageRangeLabels, item.ageRange)}
              </Detail>
            ) : null}
            {item.brand ? (
              <Detail icon={Tag} term="Brand">
                {item.brand}
              </Detail>
            ) : null}
            {item.size ? (
              <Detail icon={Ruler} term="Size">
                {item.size}
              </Detail>
            ) : null}
          </dl>

          <ul className="grid gap-2 text-ink-700">
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-5 shrink-0 text-ink-500" aria-hidden="true" />
              <span>{location || 'Location not specified'}</span>
            </li>
            <li className="flex items-center gap-2">
              <CalendarDays className="size-5 shrink-0 text-ink-500" aria-hidden="true" />
              <span>
                Listed <ShortDate value={item.createdAt} />
              </span>
            </li>
          </ul>

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

function ownerLocation(owner: CurrentUser | PublicUser | undefined, item: Item): string {
  const fromProfile = owner ? formatPlace([owner.city, owner.state, owner.country]) : '';
  return fromProfile || formatPlace([item.city]);
}

function Detail({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    // A <dl> group may hold only <dt> and <dd>: the icon sits inside the term (axe dlitem).
    <div className="grid grid-cols-[1rem_minmax(0,1fr)] gap-x-2 rounded-control border border-ink-200 bg-white p-3">
      <dt className="col-span-2 flex items-start gap-2 text-xs font-bold tracking-wide text-ink-600 uppercase">
        <Icon className="mt-px size-4 shrink-0 text-primary-700" aria-hidden="true" />
        {term}
      </dt>
      <dd className="col-start-2 font-bold break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** 'Listed by' the owner, with the premium star and verified tick; opens their profile dialog. */
function ListedBy({ item, onOpen }: { item: Item; onOpen: () => void }) {
  const owner = item.user;
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-bold text-ink-600">Listed by</h2>
      <button
        type="button"
        onClick={onOpen}
        className="flex items-center gap-3 rounded-card border border-ink-200 bg-white p-3 text-left shadow-soft transition-colors hover:border-primary-300 hover:bg-primary-50"
      >
        <Avatar person={owner} size="md" />
        <span className="grid min-w-0 flex-1">
          <span className="flex items-center gap-1 font-extrabold text-ink-900">
            <span className="truncate">
              {owner.firstName} {owner.lastName}
            </span>
            {owner.isPremium ? <PremiumStar /> : null}
            {owner.isVerified ? <VerifiedTick /> : null}
          </span>
          <span className="text-sm text-ink-600">View profile</span>
        </span>
        <RatingInline rating={owner.rating} totalRatings={owner.totalRatings} />
      </button>
    </div>
  );
}

/**
 * SPEC §2, someone else's item: Send Message, and Contact while a sell item is available (both
 * open the message dialog about this item). A free or swap item's primary action is Request
 * this instead. On phones the bar sticks to the bottom of the screen, where a thumb reaches it,
 * and Contact (the same as Send Message) stays out of it; Save sits beside the item's status.
 */
function VisitorActionBar({
  item,
  canRequest,
  requestReady,
  onMessage,
}: {
  item: Item;
  canRequest: boolean;
  requestReady: boolean;
  onMessage: () => void;
}) {
  const [requesting, setRequesting] = useState(false);
  const available = isOnMarket(item);
  const contact = available && item.exchangeType === 'sell';
  return (
    <>
      {available ? null : (
        <p className="rounded-card border border-ink-200 bg-ink-50 p-4 font-semibold text-ink-700">
          This item is no longer available.
        </p>
      )}
      <div
        className={cn(
          'sticky bottom-0 z-20 -mx-4 grid grid-cols-2 gap-3 border-t border-ink-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur sm:-mx-6 sm:px-6',
          'lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none',
        )}
      >
        {contact ? (
          <Button size="lg" className="hidden w-full lg:col-span-2 lg:flex" onClick={onMessage}>
            <MessageCircle aria-hidden="true" />
            Contact
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="lg"
          className={cn('w-full px-3', !canRequest && 'col-span-2')}
          onClick={onMessage}
        >
          <Send aria-hidden="true" />
          Send Message
        </Button>
        {canRequest ? (
          <Button
            size="lg"
            className="w-full px-3"
            disabled={!requestReady}
            onClick={() => setRequesting(true)}
          >
            <HandHeart aria-hidden="true" />
            Request this
          </Button>
        ) : null}
      </div>
      {canRequest ? (
        <RequestDialog
          itemId={item.id}
          ownerName={item.user.firstName}
          open={requesting}
          onOpenChange={setRequesting}
        />
      ) : null}
    </>
  );
}

/** Owners without Premium learn what analytics would show them. */
function AnalyticsUpsell() {
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

/** SPEC §2/§8: a missing or unknown id. */
function ItemNotFound() {
  return (
    <PageNotice
      icon={PackageSearch}
      title="Item not found"
      lead="This item may have been given away already, or the link is not quite right."
    >
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.browse}>
          <ArrowLeft aria-hidden="true" />
          Back to Browse
        </Link>
      </Button>
    </PageNotice>
  );
}

/** The page's shape while it loads (DESIGN.md). */
function ItemDetailSkeleton() {
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
