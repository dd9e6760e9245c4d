import type { Item } from '../../../../common/schemas/items.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { RatingInline } from '../../../components/ui/rating.js';
import { PremiumStar, VerifiedTick } from '../../../components/ui/trust-marks.js';

/** 'Listed by' the owner, with the premium star and verified tick; opens their profile dialog. */
export function ListedBy({ item, onOpen }: { item: Item; onOpen: () => void }) {
  const owner = item.user;
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-bold text-ink-600">Listed by</h2>
      <button
        type="button"
        onClick={onOpen}
        className="flex items-center gap-3 rounded-card border border-ink-200 bg-white p-3 text-left shadow-soft transition-colors hover:border-primary-300 hover:bg-primary-50"
      >
        <Avatar person={owner} size="md" />
        <span className="grid min-w-0 flex-1">
          <span className="flex items-center gap-1 font-extrabold text-ink-900">
            <span className="truncate">
              {owner.firstName} {owner.lastName}
            </span>
            {owner.isPremium ? <PremiumStar /> : null}
            {owner.isVerified ? <VerifiedTick /> : null}
          </span>
          <span className="text-sm text-ink-600">View profile</span>
        </span>
        <RatingInline rating={owner.rating} totalRatings={owner.totalRatings} />
      </button>
    </div>
  );
}
