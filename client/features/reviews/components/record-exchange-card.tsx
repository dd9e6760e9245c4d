import { useState } from 'react';
import { Handshake } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { useExchangePartners, useMyExchanges, useRecordExchange } from '../api/reviews.js';

/**
 * For the owner of an item sold or swapped outside requests: who received it, picked from the
 * parents who wrote about it. The handover counts once they confirm it; then both may review.
 */
export function RecordExchangeCard({ itemId }: { itemId: number }) {
  const exchanges = useMyExchanges();
  // Released, lapsed and missed promises are history: only a live one means it is recorded.
  const recorded = exchanges.data?.find(
    (exchange) =>
      exchange.itemId === itemId && (exchange.status === 'pending' || exchange.status === 'completed'),
  );
  const partners = useExchangePartners(itemId, exchanges.isSuccess && !recorded);
  const record = useRecordExchange(itemId);
  const [receiverId, setReceiverId] = useState<number>();

  if (exchanges.isPending) return <Skeleton className="h-20" />;
  if (recorded) {
    return (
      <p className="flex items-center gap-2 rounded-control bg-primary-50 p-3 text-sm text-primary-900">
        <Handshake className="size-5 shrink-0" aria-hidden="true" />
        {recorded.status === 'pending' ? (
          <span>
            Waiting for <strong>{recorded.otherUser.firstName}</strong> to confirm they received it. It counts
            once they do; then you can rate each other.
          </span>
        ) : (
          <span>
            Received by <strong>{recorded.otherUser.firstName}</strong>.
            {recorded.canReviewUntil ? ' You can rate them from the Reviews tab of your profile.' : ''}
          </span>
        )}
      </p>
    );
  }
  if (partners.isPending) return <Skeleton className="h-20" />;
  const people = partners.data ?? [];
  return (
    <fieldset className="grid gap-2 rounded-control border border-ink-200 p-3">
      <legend className="px-1 font-extrabold text-ink-900">Who received it?</legend>
      {people.length === 0 ? (
        <p className="text-sm text-ink-600">
          Nobody has written to you about this item, so there is nobody to choose.
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-600">
            Choose them; once they confirm they received it, you can review each other.
          </p>
          <div role="radiogroup" aria-label="Who received it?" className="grid gap-2 sm:grid-cols-2">
            {people.map((person) => (
              <button
                key={person.id}
                type="button"
                role="radio"
                aria-checked={receiverId === person.id}
                onClick={() => setReceiverId(person.id)}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-control border p-2 text-left font-bold',
                  receiverId === person.id
                    ? 'border-primary-600 bg-primary-50 text-primary-900'
                    : 'border-ink-200 bg-white text-ink-800 hover:bg-ink-50',
                )}
              >
                <Avatar person={person} size="sm" />
                {person.firstName} {person.lastName}
              </button>
            ))}
          </div>
          <Button
            className="justify-self-start"
            disabled={receiverId === undefined || record.isPending}
            onClick={() => receiverId !== undefined && record.mutate(receiverId)}
          >
            {record.isPending ? <ButtonSpinner /> : <Handshake aria-hidden="true" />}
            Record exchange
          </Button>
        </>
      )}
    </fieldset>
  );
}
