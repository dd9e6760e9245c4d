import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Handshake } from 'lucide-react';
import type { ExchangeType, ItemStatus } from '../../../common/enums.js';
import { cn } from '../../lib/cn.js';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-extrabold tracking-wide whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        neutral: 'border-ink-200 bg-ink-100 text-ink-800',
        primary: 'border-primary-200 bg-primary-50 text-primary-800',
        // Exchange colours are fixed by PRODUCT: Free green, Swap amber, Sell blue.
        free: 'border-free-200 bg-free-100 text-free-800',
        swap: 'border-swap-200 bg-swap-100 text-swap-800',
        sell: 'border-sell-200 bg-sell-100 text-sell-800',
        premium: 'border-premium-300 bg-premium-100 text-premium-800',
        verified: 'border-primary-200 bg-primary-50 text-primary-800',
        success: 'border-free-200 bg-free-50 text-free-800',
        warning: 'border-swap-200 bg-swap-50 text-swap-800',
        danger: 'border-danger-200 bg-danger-50 text-danger-800',
        outline: 'border-ink-300 bg-transparent text-ink-700',
        count: 'min-w-5 justify-center border-white bg-accent-600 px-1.5 text-[11px] leading-4 text-white',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export const exchangeBadgeVariant: Record<ExchangeType, BadgeVariant> = {
  free: 'free',
  swap: 'swap',
  sell: 'sell',
};

export const statusBadgeVariant: Record<ItemStatus, BadgeVariant> = {
  available: 'success',
  free: 'free',
  swapped: 'swap',
  sold: 'sell',
  completed: 'neutral',
};

/** A free or swap item promised to a family (common/schemas/giveaway.ts); others may still ask. */
export function PromisedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="primary" className={className}>
      <Handshake aria-hidden="true" />
      Promised
    </Badge>
  );
}
