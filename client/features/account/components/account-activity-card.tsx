import { Star } from 'lucide-react';
import { formatRating } from '../../../../common/format.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { Card, CardContent, SectionCardHeader } from '../../../components/ui/card.js';
import { NewMember, RatingStars } from '../../../components/ui/rating.js';

/** PRODUCT §2 Account Activity: how many ratings the parent has had, and their average. */
export function AccountActivityCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <SectionCardHeader icon={Star} iconClassName="text-premium-500" title="Account Activity" />
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 text-center">
          <div className="flex flex-col-reverse rounded-control bg-ink-50 px-4 py-3">
            <dt className="text-sm font-bold text-ink-600">Total Ratings</dt>
            <dd className="text-2xl font-black text-ink-900">{user.totalRatings}</dd>
          </div>
          <div className="flex flex-col-reverse items-center rounded-control bg-ink-50 px-4 py-3">
            <dt className="text-sm font-bold text-ink-600">Average Rating</dt>
            <dd className="grid justify-items-center gap-1">
              {user.totalRatings === 0 ? (
                // No reviews yet: a 0.0 would read as a bad rating.
                <NewMember className="min-h-8 text-base" />
              ) : (
                <>
                  <span className="text-2xl font-black text-ink-900">{formatRating(user.rating)}</span>
                  <RatingStars rating={user.rating} className="[&>span:not(:first-child)]:hidden" />
                </>
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
