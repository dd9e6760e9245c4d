import { BadgeCheck, Crown, Star } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { Badge } from './badge.js';

/** A gold crown beside a premium member's name; screen readers hear 'Premium member'. */
export function PremiumCrown({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 text-premium-500', className)} title="Premium member">
      <Crown className="size-4 fill-premium-300" aria-hidden="true" />
      <span className="sr-only">Premium member</span>
    </span>
  );
}

/** The gold star PRODUCT §2 puts beside a premium owner's name under 'Listed by'. */
export function PremiumStar({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 text-premium-500', className)} title="Premium member">
      <Star className="size-4 fill-premium-400" aria-hidden="true" />
      <span className="sr-only">Premium member</span>
    </span>
  );
}

/** A tick beside a verified member's name; screen readers hear 'Verified'. */
export function VerifiedTick({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 text-primary-600', className)} title="Verified">
      <BadgeCheck className="size-4" aria-hidden="true" />
      <span className="sr-only">Verified</span>
    </span>
  );
}

/** The Verified trust badge: a parent whose e-mail address is verified. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="verified" className={className}>
      <BadgeCheck aria-hidden="true" />
      Verified
    </Badge>
  );
}
