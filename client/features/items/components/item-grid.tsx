import type { ReactNode } from 'react';
import type { Item } from '../../../../common/schemas/items.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { cn } from '../../../lib/cn.js';
import { ItemCard, ItemCardSkeleton } from './item-card.js';

/** docs/DESIGN.md grid: 2 columns on phones, 3 on tablets, 4 on desktops. */
export const itemGridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/** How many first cards load their photo at once: about one screenful. */
const EAGER_CARDS = 4;

type ItemGridProps = {
  items: Item[] | undefined;
  isPending: boolean;
  /** When set, the error state shows instead of the list. */
  error?: unknown;
  onRetry?: () => void;
  /** PRODUCT §9 counts: SKELETONS.home (8) or SKELETONS.browse (12). */
  skeletonCount: number;
  /** Shown when the list is empty: PRODUCT's line and next action, usually an EmptyState. */
  empty: ReactNode;
  /** Names the list for assistive technology, e.g. 'Recent items'. */
  label: string;
  /** Draws one cell; a plain ItemCard by default. */
  renderItem?: (item: Item, index: number) => ReactNode;
  className?: string;
};

/** A responsive grid of item cards with its four states: loading, error, empty and full. */
export function ItemGrid({
  items,
  isPending,
  error,
  onRetry,
  skeletonCount,
  empty,
  label,
  renderItem = (item, index) => <ItemCard item={item} eager={index < EAGER_CARDS} />,
  className,
}: ItemGridProps) {
  if (error) return <ItemGridError error={error} onRetry={onRetry} />;
  if (isPending || !items) {
    return (
      <div
        role="status"
        aria-label={`Loading ${label.toLowerCase()}`}
        className={cn(itemGridClasses, className)}
      >
        {Array.from({ length: skeletonCount }, (_, index) => (
          <ItemCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul aria-label={label} className={cn(itemGridClasses, className)}>
      {items.map((item, index) => (
        // Cards off screen skip style and layout until scrolled near (content-visibility), which
        // shortens the first screen's main-thread work; the browser keeps each card's last size.
        <li key={item.id} className="min-w-0 [contain-intrinsic-size:auto_22rem] [content-visibility:auto]">
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}

/** What went wrong, and a retry (docs/DESIGN.md). */
export function ItemGridError({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  return (
    <LoadError
      title="We couldn't load these items"
      error={error}
      onRetry={onRetry}
      fallback="Something went wrong. Please try again."
    />
  );
}
