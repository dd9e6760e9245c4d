import { useId, useState } from 'react';
import { Dices, Hourglass, Inbox, MapPin, PackageCheck } from 'lucide-react';
import { relativeTime, shortName } from '../../../../common/format.js';
import {
  distanceBandLabels,
  REQUEST_WINDOW_HOURS,
  type Giveaway,
  type Requester,
} from '../../../../common/schemas/giveaway.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { controlClasses } from '../../../components/ui/input.js';
import { RatingInline } from '../../../components/ui/rating.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { VerifiedTick } from '../../../components/ui/trust-marks.js';
import { cn } from '../../../lib/cn.js';
import { useChooseFamily, useSetRequestWindow } from '../api/giveaway.js';
import { familiesAsked, formatWhen, reliabilityLabel, windowLabel } from '../giveaway-texts.js';

const requestStatusLabels: Record<Exclude<Requester['status'], 'waiting'>, string> = {
  chosen: 'Chosen',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/** What 'Draw fairly' does, in the owner's words. */
function drawExplanation(waiting: number): string {
  return waiting === 1
    ? 'Only 1 family is waiting so far: a draw would pick them. LittleLoop records every draw.'
    : `LittleLoop picks one of the ${waiting} families at random, and records the draw.`;
}

/** The window option closest to what is left of the current one, so the control reads true. */
function currentWindowHours(requestsCloseAt: string | null, now: Date): number {
  if (!requestsCloseAt) return 0;
  const hoursLeft = (new Date(requestsCloseAt).getTime() - now.getTime()) / 3_600_000;
  if (hoursLeft <= 0) return 0;
  return REQUEST_WINDOW_HOURS.find((hours) => hours >= hoursLeft) ?? REQUEST_WINDOW_HOURS.at(-1) ?? 0;
}

/**
 * The owner's free or swap item: who asked and why, a waiting time so the fastest fingers do
 * not win, and Choose on each family or a fair draw among them once the waiting time is over.
 */
export function RequestsCard({ itemId, giveaway }: { itemId: number; giveaway: Giveaway }) {
  const now = new Date();
  const requests = giveaway.requests ?? [];
  const waiting = requests.filter((request) => request.status === 'waiting');
  const collecting = giveaway.requestsCloseAt !== null && new Date(giveaway.requestsCloseAt) > now;
  const choose = useChooseFamily(itemId);
  const [confirmDraw, setConfirmDraw] = useState(false);
  const headingId = useId();

  const blockedReason = giveaway.promised
    ? 'Already promised. Release the promise to choose another family.'
    : collecting && giveaway.requestsCloseAt
      ? `You can choose after ${formatWhen(giveaway.requestsCloseAt, now)}, so every family has had time to ask.`
      : null;
  const reasonId = `${headingId}-reason`;

  return (
    <Card className="grid gap-4 p-4" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-extrabold text-ink-900">
          Requests
        </h2>
        <span className="text-sm font-semibold text-ink-600">
          {waiting.length === 0 ? 'Nobody waiting yet' : familiesAsked(waiting.length)}
        </span>
      </div>

      {giveaway.promised ? null : (
        <WaitingTime itemId={itemId} requestsCloseAt={giveaway.requestsCloseAt} now={now} />
      )}

      {requests.length === 0 ? (
        <p className="flex items-start gap-2 rounded-control bg-ink-50 p-3 text-sm text-ink-700">
          <Inbox className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          No requests yet. Families who press Request this appear here, with their note.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Families who asked">
          {requests.map((request) => (
            <li key={request.requestId}>
              <RequesterCard
                request={request}
                now={now}
                disabledReasonId={blockedReason ? reasonId : undefined}
                choosing={
                  choose.isPending && choose.variables && 'requestId' in choose.variables
                    ? choose.variables.requestId === request.requestId
                    : false
                }
                onChoose={
                  request.status === 'waiting'
                    ? () => choose.mutate({ requestId: request.requestId })
                    : undefined
                }
                disabled={blockedReason !== null || choose.isPending}
              />
            </li>
          ))}
        </ul>
      )}

      {waiting.length > 0 ? (
        <div className="grid gap-2 rounded-control border border-ink-200 bg-ink-50 p-3">
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={blockedReason !== null || choose.isPending}
            aria-describedby={blockedReason ? reasonId : undefined}
            onClick={() => setConfirmDraw(true)}
          >
            <Dices aria-hidden="true" />
            Draw fairly
          </Button>
          <p className="text-sm text-ink-700">{drawExplanation(waiting.length)}</p>
        </div>
      ) : null}

      {blockedReason && waiting.length > 0 ? (
        <p id={reasonId} className="flex items-start gap-2 text-sm font-semibold text-swap-800">
          <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {blockedReason}
        </p>
      ) : null}

      <ConfirmDialog
        open={confirmDraw}
        onOpenChange={setConfirmDraw}
        title="Draw fairly?"
        description={`${drawExplanation(waiting.length)} You and the family drawn can both see its record.`}
        confirmLabel="Draw now"
        pending={choose.isPending}
        onConfirm={() => choose.mutate({ draw: true }, { onSettled: () => setConfirmDraw(false) })}
      />
    </Card>
  );
}

function WaitingTime({
  itemId,
  requestsCloseAt,
  now,
}: {
  itemId: number;
  requestsCloseAt: string | null;
  now: Date;
}) {
  const setWindow = useSetRequestWindow(itemId);
  const selectId = useId();
  const collecting = requestsCloseAt !== null && new Date(requestsCloseAt) > now;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="text-sm font-bold text-ink-800">
        Choose after
      </label>
      <select
        id={selectId}
        className={cn(controlClasses, 'sm:max-w-56')}
        value={currentWindowHours(requestsCloseAt, now)}
        disabled={setWindow.isPending}
        onChange={(event) => setWindow.mutate(Number(event.target.value))}
      >
        {REQUEST_WINDOW_HOURS.map((hours) => (
          <option key={hours} value={hours}>
            {windowLabel(hours)}
          </option>
        ))}
      </select>
      <p className="text-sm text-ink-600">
        {collecting && requestsCloseAt
          ? `Requests collect until ${formatWhen(requestsCloseAt, now)}.`
          : 'You can choose as soon as someone asks. A waiting time gives every family a fair chance.'}
      </p>
    </div>
  );
}

/** 'Asked 5m ago', 'Asked yesterday', 'Asked Jan 22, 2025'. */
function askedWhen(createdAt: string, now: Date): string {
  const when = relativeTime(createdAt, now);
  return `Asked ${when === 'Just now' || when === 'Yesterday' ? when.toLowerCase() : when}`;
}

function RequesterCard({
  request,
  now,
  onChoose,
  disabled,
  disabledReasonId,
  choosing,
}: {
  request: Requester;
  now: Date;
  onChoose: (() => void) | undefined;
  disabled: boolean;
  disabledReasonId: string | undefined;
  choosing: boolean;
}) {
  const person = request.user;
  const name = shortName(person);
  return (
    <article
      aria-label={name}
      className={cn(
        'grid gap-2 rounded-control border p-3',
        request.status === 'waiting' ? 'border-ink-200 bg-white' : 'border-ink-100 bg-ink-50',
      )}
    >
      <div className="flex items-start gap-3">
        <Avatar person={person} size="md" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className="flex items-center gap-1 font-extrabold text-ink-900">
              {name}
              {person.isVerified ? <VerifiedTick /> : null}
            </span>
            <RatingInline rating={person.rating} totalRatings={person.totalRatings} />
          </p>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-ink-600">
            <span className="inline-flex items-center gap-1">
              <PackageCheck className="size-3.5 shrink-0" aria-hidden="true" />
              {reliabilityLabel(request.reliability)}
            </span>
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              {distanceBandLabels[request.distanceBand]}
            </span>
            <span>{askedWhen(request.createdAt, now)}</span>
          </p>
        </div>
        {request.status === 'waiting' ? null : (
          <Badge variant={request.status === 'chosen' ? 'primary' : 'outline'}>
            {requestStatusLabels[request.status]}
          </Badge>
        )}
      </div>
      {request.note ? (
        <blockquote className="border-l-4 border-primary-200 pl-3 break-words whitespace-pre-line text-ink-800">
          {request.note}
        </blockquote>
      ) : null}
      {onChoose ? (
        <Button
          size="sm"
          className="justify-self-start"
          disabled={disabled}
          aria-describedby={disabledReasonId}
          onClick={onChoose}
        >
          {choosing ? <ButtonSpinner /> : null}
          Choose {person.firstName}
        </Button>
      ) : null}
    </article>
  );
}
