import { Link } from 'react-router';
import { PackageOpen, PlusCircle } from 'lucide-react';
import { DISTANCE } from '../../../../common/limits.js';
import { paths } from '../../../app/paths.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';

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
      action={
        <Button asChild>
          <Link to={paths.listItem}>
            <PlusCircle aria-hidden="true" />
            List Your First Item
          </Link>
        </Button>
      }
    />
  );
}
