import { Star } from 'lucide-react';
import { formatRating, ratingStars, reviewCount } from '../../../common/format.js';
import { cn } from '../../lib/cn.js';

type RatingValue = string | number | null | undefined;

/**
 * A parent nobody has reviewed yet: their 0.0 would read as a bad rating, so they are shown as
 * new instead. Every star elsewhere is backed by a review anyone can read.
 */
export function NewMember({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center text-sm font-bold text-primary-800', className)}>
      New member
    </span>
  );
}

/**
 * The compact rating on cards: one decimal and a star (PRODUCT §9), with the number of reviews
 * behind it; 'New member' while there are none.
 */
export function RatingInline({
  rating,
  totalRatings,
  className,
}: {
  rating: RatingValue;
  totalRatings: number;
  className?: string;
}) {
  if (totalRatings === 0) return <NewMember className={className} />;
  const value = formatRating(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5 text-sm font-bold text-ink-700', className)}>
      <Star className="size-3.5 fill-premium-400 text-premium-500" aria-hidden="true" />
      <span className="sr-only">Rating </span>
      {value}
      <span className="font-normal text-ink-600">
        <span aria-hidden="true"> ({totalRatings})</span>
        <span className="sr-only">, {reviewCount(totalRatings)}</span>
      </span>
    </span>
  );
}

/**
 * Five stars, filled to the rating rounded to the nearest whole (PRODUCT §9), with the rating and,
 * when given, the review count: "★★★★☆ 4.3 (12 reviews)". A parent's rating with no reviews
 * yet (totalRatings 0) shows 'New member'; a single review's stars pass no count.
 */
export function RatingStars({
  rating,
  totalRatings,
  className,
}: {
  rating: RatingValue;
  totalRatings?: number;
  className?: string;
}) {
  if (totalRatings === 0) return <NewMember className={className} />;
  const filled = ratingStars(rating);
  const value = formatRating(rating);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5 text-sm text-ink-700', className)}>
      <span className="inline-flex" role="img" aria-label={`Rated ${value} out of 5`}>
        {Array.from({ length: 5 }, (_, index) => (
          <Star
            key={index}
            aria-hidden="true"
            className={cn(
              'size-4',
              index < filled ? 'fill-premium-400 text-premium-500' : 'fill-ink-100 text-ink-300',
            )}
          />
        ))}
      </span>
      <span className="font-bold text-ink-900" aria-hidden="true">
        {value}
      </span>
      {totalRatings === undefined ? null : <span>({reviewCount(totalRatings)})</span>}
    </span>
  );
}
