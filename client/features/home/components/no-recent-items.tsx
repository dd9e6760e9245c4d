import { PackageOpen } from 'lucide-react';
import { DISTANCE } from '../../../../common/limits.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { ListFirstItemButton } from '../../../components/ui/list-first-item-button.js';

/** Home's recent items came back empty: say why (too near, the chips, or nothing yet) and offer to list. */
export function NoRecentItems({ nearby, chipsChosen }: { nearby: boolean; chipsChosen: boolean }) {
  return (
    <EmptyState
      icon={PackageOpen}
      title="No items found"
      description={
        nearby
          ? `Nothing is listed within ${DISTANCE.nearbyKm} km yet. See what is further away, or share something yourself.`
          : chipsChosen
            ? 'Nothing matches these choices yet. Try another chip, or share something yourself.'
            : 'Nothing is listed yet. Be the first family to share something.'
      }
      action={<ListFirstItemButton />}
    />
  );
}
