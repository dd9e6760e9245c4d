import type { ReactNode } from 'react';
import { FEATURED_SLOTS } from '../../../../common/limits.js';
import { PremiumCrown } from '../../../components/ui/trust-marks.js';
import { cn } from '../../../lib/cn.js';

/** How many columns the Featured row has from lg: as many as cards, 3 to 5. */
export type FeaturedColumns = 3 | 4 | 5;

/**
 * PRODUCT §2 Featured: Premium members' items in one row, shown once there are enough of them.
 * The caller draws each card, told how many columns share the row.
 */
export function FeaturedItems<T extends { id: number }>({
  items,
  renderItem,
}: {
  items: T[];
  renderItem: (item: T, index: number, columns: FeaturedColumns) => ReactNode;
}) {
  if (items.length < FEATURED_SLOTS.min) return null;
  const columns: FeaturedColumns = items.length >= 5 ? 5 : items.length === 4 ? 4 : 3;
  return (
    <section aria-labelledby="featured" className="grid gap-4">
      <h2 id="featured" className="flex items-center gap-2 text-xl font-black">
        <PremiumCrown className="[&_svg]:size-5" />
        Featured
      </h2>
      <ul
        aria-labelledby="featured"
        className={cn(
          'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3',
          columns === 4 ? 'lg:grid-cols-4' : columns === 5 ? 'lg:grid-cols-5' : '',
        )}
      >
        {items.map((item, index) => (
          <li key={item.id} className="min-w-0">
            {renderItem(item, index, columns)}
          </li>
        ))}
      </ul>
    </section>
  );
}
