import { useId, type ReactNode } from 'react';
import { MapPinOff } from 'lucide-react';
import type { Item } from '../../../../common/schemas/items.js';
import { ItemGrid } from './item-grid.js';

/**
 * Nearest-first results end with the items that have no place: under their own heading, so a
 * far-away town's listing does not read as 'near'.
 */
export function ItemsWithoutLocation({
  items,
  renderItem,
}: {
  items: Item[];
  renderItem: (item: Item, index: number) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 grid gap-3">
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-black text-ink-900">
          <MapPinOff className="size-5 text-ink-500" aria-hidden="true" />
          Items without a location
        </h2>
        <p className="text-sm text-ink-600">
          Their families have not set a pickup point, so they could be anywhere. Message them to ask.
        </p>
      </div>
      <ItemGrid
        items={items}
        isPending={false}
        skeletonCount={0}
        empty={null}
        label="Items without a location"
        renderItem={renderItem}
      />
    </section>
  );
}
