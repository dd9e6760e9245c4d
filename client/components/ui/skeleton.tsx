import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/** A placeholder in the shape of what is loading. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-control bg-ink-200/70', className)}
      {...props}
    />
  );
}
