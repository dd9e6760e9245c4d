import { useId } from 'react';
import { Link } from 'react-router';
import { DollarSign, EyeOff, Gift, Hourglass, Repeat, type LucideIcon } from 'lucide-react';
import {
  categoryLabels,
  conditionLabels,
  itemStatusLabels,
  type ExchangeType,
} from '../../../../common/enums.js';
import { exchangePriceLabel } from '../../../../common/format.js';
import type { Item } from '../../../../common/schemas/items.js';
import { paths } from '../../../app/paths.js';
import { Badge, PromisedBadge, statusBadgeVariant } from '../../../components/ui/badge.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { PROFILE_GRID_IMAGE_SIZES } from '../image-sizes.js';
import { ItemCardImage } from './item-card.js';
import { ItemOwnerActions } from './item-owner-actions.js';

const exchangeIcons: Record<ExchangeType, { icon: LucideIcon; colour: string }> = {
  free: { icon: Gift, colour: 'text-free-700' },
  swap: { icon: Repeat, colour: 'text-swap-700' },
  sell: { icon: DollarSign, colour: 'text-sell-700' },
};

type Review = NonNullable<Item['review']>;

function reviewBadge(review: Review): string {
  if (!review.hidden) return 'Waiting for review';
  return review.decided ? 'Hidden by an administrator' : 'Hidden for review';
}

/** What a hidden or queued listing means for its owner, and what they can do about it. */
function reviewText(review: Review): string {
  const why = review.reason ? ` (${review.reason})` : '';
  if (!review.hidden) {
    return `Families can see it while an administrator takes a second look${why}.`;
  }
  if (review.decided) {
    return `An administrator hid this listing${why}, so families can't see it. You can delete it, or contact support if you think this is a mistake.`;
  }
  return `Only you can see this listing until an administrator reviews it${why}, usually within 24 hours. You can edit the wording or delete it meanwhile.`;
}

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/**
 * PRODUCT §2 profile item card: status badge, exchange-type icon and price, title, description,
 * category and condition; the owner also gets the status buttons, Messages, Edit and Delete.
 * The title link is stretched over the card, so the whole card opens the item.
 */
export function ProfileItemCard({ item, isOwner }: { item: Item; isOwner: boolean }) {
  const titleId = useId();
  const { icon: ExchangeIcon, colour } = exchangeIcons[item.exchangeType];
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft transition-shadow hover:shadow-lg"
    >
      <div className="relative">
        <ItemCardImage item={item} sizes={PROFILE_GRID_IMAGE_SIZES} />
        <span className="absolute top-2 left-2 flex flex-wrap gap-1">
          {item.review ? (
            <Badge variant={item.review.hidden ? 'danger' : 'warning'} className="text-sm shadow-sm">
              {item.review.hidden ? <EyeOff aria-hidden="true" /> : <Hourglass aria-hidden="true" />}
              {reviewBadge(item.review)}
            </Badge>
          ) : (
            <Badge variant={statusBadgeVariant[item.status]} className="text-sm shadow-sm">
              {itemStatusLabels[item.status]}
            </Badge>
          )}
          {item.promised ? <PromisedBadge className="text-sm shadow-sm" /> : null}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className={cn('flex items-center gap-1.5 font-extrabold', colour)}>
          <ExchangeIcon className="size-4" aria-hidden="true" />
          {exchangePriceLabel(item)}
        </p>
        <h3 id={titleId} className="line-clamp-1 text-lg leading-snug font-extrabold text-ink-900">
          <Link
            to={paths.item(item.id)}
            className="after:absolute after:inset-0 after:z-0 after:rounded-card after:content-[''] hover:text-primary-800 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary-600"
          >
            {item.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-ink-600">{item.description}</p>
        <p className="flex flex-wrap gap-1.5 text-sm">
          <Badge variant="outline">{labelOf(categoryLabels, item.category)}</Badge>
          <Badge variant="outline">{labelOf(conditionLabels, item.condition)}</Badge>
        </p>
        {isOwner && item.review ? (
          <p
            className={cn(
              'rounded-control p-2 text-sm',
              item.review.hidden ? 'bg-danger-50 text-danger-800' : 'bg-premium-50 text-premium-900',
            )}
          >
            {reviewText(item.review)}
          </p>
        ) : null}
        {isOwner ? (
          <div className="relative z-10 mt-auto border-t border-ink-100 pt-3">
            <ItemOwnerActions item={item} layout="card" />
          </div>
        ) : null}
      </div>
    </article>
  );
}

export function ProfileItemCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-16" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <div className="flex gap-2">
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
      </div>
    </div>
  );
}
