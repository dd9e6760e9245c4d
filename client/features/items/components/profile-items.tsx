import { Package } from 'lucide-react';
import type { Item } from '../../../../common/schemas/items.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { ItemGridError } from './item-grid.js';
import { ListFirstItemButton } from '../../../components/ui/list-first-item-button.js';
import { ProfileItemCard, ProfileItemCardSkeleton } from './profile-item-card.js';

const profileGridClasses = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function ProfileItems({
  items,
  isPending,
  error,
  onRetry,
  isOwn,
}: {
  items: Item[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  isOwn: boolean;
}) {
  if (error) return <ItemGridError error={error} onRetry={onRetry} />;
  if (isPending || !items) {
    return (
      <div role="status" aria-label="Loading items" className={profileGridClasses}>
        {Array.from({ length: 3 }, (_, index) => (
          <ProfileItemCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return isOwn ? (
      <EmptyState
        icon={Package}
        title="You haven't listed any items yet"
        description="Share something your little one has outgrown with a family nearby."
        action={<ListFirstItemButton />}
      />
    ) : (
      <EmptyState icon={Package} title="No items listed yet" />
    );
  }
  return (
    <ul aria-label="Listed items" className={profileGridClasses}>
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <ProfileItemCard item={item} isOwner={isOwn} />
        </li>
      ))}
    </ul>
  );
}

/** Three card shapes while a profile's listings load. */
export function ProfileItemsSkeleton() {
  return (
    <div className={profileGridClasses}>
      {Array.from({ length: 3 }, (_, index) => (
        <ProfileItemCardSkeleton key={index} />
      ))}
    </div>
  );
}
