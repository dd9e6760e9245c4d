import { CircleCheck, Users } from 'lucide-react';
import { relativeTime } from '../../../../common/format.js';
import type { Giveaway } from '../../../../common/schemas/giveaway.js';
import { PromisedBadge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useWithdrawRequest } from '../api/giveaway.js';
import { familiesAsked } from '../giveaway-texts.js';

/**
 * Someone else's free or swap item, as the visitor sees its give-away: whether it is promised,
 * how many families asked, and their own request with a way to withdraw it.
 */
export function RequestStatus({ itemId, giveaway }: { itemId: number; giveaway: Giveaway }) {
  const withdraw = useWithdrawRequest(itemId);
  const mine = giveaway.myRequest?.status === 'waiting' ? giveaway.myRequest : null;
  const promisedToOthers = giveaway.promised && giveaway.promise === null;
  if (!promisedToOthers && !mine && giveaway.requestCount === 0) return null;

  return (
    <section aria-label="Requests" className="grid gap-3">
      {promisedToOthers ? (
        <p className="grid gap-1 rounded-card border border-primary-200 bg-primary-50 p-3 text-primary-900">
          <PromisedBadge className="justify-self-start" />
          <span>Promised to another family. You can still ask to be next in line.</span>
        </p>
      ) : null}
      {giveaway.requestCount > 0 ? (
        <p className="flex items-center gap-2 text-sm font-semibold text-ink-700">
          <Users className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
          {familiesAsked(giveaway.requestCount)}
        </p>
      ) : null}
      {mine ? (
        <div className="grid gap-2 rounded-card border border-free-200 bg-free-50 p-3">
          <p className="flex items-center gap-2 font-extrabold text-free-800">
            <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
            You asked for this
            <span className="text-sm font-normal text-ink-600">{relativeTime(mine.createdAt)}</span>
          </p>
          {mine.note ? (
            <blockquote className="border-l-4 border-free-200 pl-3 break-words whitespace-pre-line text-ink-800">
              {mine.note}
            </blockquote>
          ) : null}
          <p className="text-sm text-ink-700">
            The owner chooses among everyone who asked. We will tell you if it is you.
          </p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            {withdraw.isPending ? <ButtonSpinner /> : null}
            Withdraw request
          </Button>
        </div>
      ) : null}
    </section>
  );
}
