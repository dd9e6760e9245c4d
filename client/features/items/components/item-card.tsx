import { useId } from 'react';
import { Link } from 'react-router';
import { ImageOff, MapPin, MessageCircle } from 'lucide-react';
import { exchangeBadgeLabel, shortName, truncateCity } from '../../../../common/format.js';
import type { Item, ItemOwner } from '../../../../common/schemas/items.js';
import { cardImageSrcSet, cardImageUrl } from '../../../../common/items.js';
import { paths } from '../../../app/paths.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Badge, exchangeBadgeVariant, PromisedBadge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { RatingInline } from '../../../components/ui/rating.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { PremiumCrown, VerifiedTick } from '../../../components/ui/trust-marks.js';
import { cn } from '../../../lib/cn.js';
import { HeartButton } from '../../../components/ui/heart-button.js';
import { useFavoritesScope, useOptionalMessageDialog } from '../../../lib/member-actions.js';
import { ITEM_GRID_IMAGE_SIZES } from '../image-sizes.js';

/** The card rendition's size (server PHOTO_SIZES.card), so the grid never shifts as photos arrive. */
const CARD_IMAGE = { width: 600, height: 450 } as const;

export type ItemCardProps = {
  item: Item;
  /** Opens the owner's profile dialog; without it the avatar is just a picture. */
  onOwnerClick?: (owner: ItemOwner) => void;
  /**
   * Overrides the heart. Without it, inside the member layout the heart works by itself
   * (the favourite ids query and toggle); outside it there is no heart.
   */
  onFavoriteToggle?: (item: Item) => void;
  isFavorited?: boolean;
  /**
   * Overrides Message. Without it, inside the member layout Message opens the message dialog
   * for the item and its owner; outside it there is no Message button.
   */
  onMessage?: (item: Item) => void;
  /** Cards in the first screenful load their photo at once instead of lazily. */
  eager?: boolean;
  /** How wide the grid draws the photo (image-sizes.ts); the usual item grid's by default. */
  imageSizes?: string;
};

type ItemCardImageProps = { item: Item; eager?: boolean; sizes?: string };

/**
 * The 4:3 photo, or PRODUCT's 'No Image' placeholder of the same shape. The browser picks the 300
 * or 600 px card by the width the grid draws it at (sizes), so a phone's two columns load the
 * small one.
 */
export function ItemCardImage({ item, eager = false, sizes = ITEM_GRID_IMAGE_SIZES }: ItemCardImageProps) {
  const first = item.imageUrls[0];
  if (!first) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-ink-100 text-ink-500">
        <ImageOff className="size-8" aria-hidden="true" />
        <span className="text-sm font-bold">No Image</span>
      </div>
    );
  }
  const srcSet = cardImageSrcSet(first);
  return (
    <img
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={cardImageUrl(first)}
      alt=""
      width={CARD_IMAGE.width}
      height={CARD_IMAGE.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-[4/3] w-full bg-ink-100 object-cover"
    />
  );
}

/**
 * PRODUCT §2 item card: photo, title, description, FREE / SWAP / price badge, owner, city and
 * rating. The whole card opens /item/{id} through its title link, stretched over the card, so
 * the heart, Message and avatar stay real buttons beside it (no button inside a link).
 * Premium owners' cards glow gold (docs/DESIGN.md). Inside the member layout the heart and Message
 * work by themselves (favourite ids, the message dialog) and are hidden on one's own items.
 */
export function ItemCard({
  item,
  onOwnerClick,
  onFavoriteToggle,
  isFavorited = false,
  onMessage,
  eager = false,
  imageSizes,
}: ItemCardProps) {
  const titleId = useId();
  const favorites = useFavoritesScope();
  const messageDialog = useOptionalMessageDialog();
  // Hearts and Message are for other parents' items (known inside the member layout).
  const viewerId = favorites?.viewerId ?? messageDialog?.viewerId;
  const isOwnItem = viewerId !== undefined && viewerId === item.userId;
  const owner = item.user;
  const ownerName = shortName(owner);
  const city = truncateCity(item.city);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-card border bg-white shadow-soft transition-shadow hover:shadow-lg',
        owner.isPremium ? 'border-premium-300 shadow-premium' : 'border-ink-200',
      )}
    >
      <div className="relative">
        <ItemCardImage item={item} eager={eager} sizes={imageSizes} />
        <span className="absolute top-2 left-2 flex flex-wrap gap-1 pr-12">
          <Badge variant={exchangeBadgeVariant[item.exchangeType]} className="text-sm shadow-sm">
            {exchangeBadgeLabel(item)}
          </Badge>
          {item.promised ? <PromisedBadge className="text-sm shadow-sm" /> : null}
        </span>
        {isOwnItem ? null : onFavoriteToggle ? (
          <HeartButton title={item.title} pressed={isFavorited} onToggle={() => onFavoriteToggle(item)} />
        ) : favorites ? (
          favorites.renderHeart(item)
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h3 id={titleId} className="line-clamp-2 text-base leading-snug font-extrabold text-ink-900">
          <Link
            to={paths.item(item.id)}
            className="after:absolute after:inset-0 after:z-0 after:rounded-card after:content-[''] hover:text-primary-800 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary-600"
          >
            {item.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-ink-600">{item.description}</p>

        <div className="mt-auto flex items-center gap-2 pt-1">
          {onOwnerClick ? (
            <button
              type="button"
              aria-label={`View ${ownerName}'s profile`}
              onClick={(event) => {
                event.stopPropagation();
                onOwnerClick(owner);
              }}
              className="relative z-10 -m-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full"
            >
              <Avatar person={owner} size="sm" />
            </button>
          ) : (
            <Avatar person={owner} size="sm" />
          )}
          <span className="grid min-w-0 flex-1">
            <span className="flex min-w-0 items-center gap-1 text-sm font-bold text-ink-800">
              <span className="truncate">{ownerName}</span>
              {owner.isPremium ? <PremiumCrown /> : null}
              {owner.isVerified ? <VerifiedTick /> : null}
            </span>
            <RatingInline rating={owner.rating} totalRatings={owner.totalRatings} className="text-xs" />
          </span>
        </div>

        {city || item.distance != null ? (
          <p className="flex items-center gap-1 text-sm text-ink-600">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {city ? (
              <span className="truncate" title={item.city ?? undefined}>
                {city}
              </span>
            ) : null}
            {item.distance != null ? (
              <span className="shrink-0">
                {city ? '· ' : ''}
                {item.distance} km
              </span>
            ) : null}
          </p>
        ) : null}

        {isOwnItem ? null : onMessage ? (
          <MessageButton title={item.title} onClick={() => onMessage(item)} />
        ) : messageDialog ? (
          <MessageButton
            title={item.title}
            onClick={() => messageDialog.open({ itemId: item.id, sellerId: item.userId })}
          />
        ) : null}
      </div>
    </article>
  );
}

function MessageButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className="relative z-10 mt-1 w-full"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <MessageCircle aria-hidden="true" />
      Message <span className="sr-only">about {title}</span>
    </Button>
  );
}

/** A loading card of the same shape (docs/DESIGN.md: skeletons of the final shape). */
export function ItemCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-2 p-3">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex items-center gap-2 pt-1">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-20" />
        </div>
      </div>
    </div>
  );
}
