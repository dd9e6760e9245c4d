import { useId, useState, type ReactNode } from 'react';
import {
  CalendarClock,
  CircleCheck,
  Dices,
  ExternalLink,
  Handshake,
  Hourglass,
  MapPin,
  PackageCheck,
  Star,
  UserX,
} from 'lucide-react';
import { formatShortDate } from '../../../../common/format.js';
import {
  PICKUP_WITHIN_DAYS,
  type ArrangePickupInput,
  type ItemPromise,
} from '../../../../common/schemas/giveaway.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { controlClasses, Input } from '../../../components/ui/input.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { cn } from '../../../lib/cn.js';
import { useSafeLocations } from '../../../lib/safe-locations.js';
import { useArrangePickup, usePromiseAction } from '../api/giveaway.js';
import { agreedPickup, formatWhen, toLocalInputValue } from '../giveaway-texts.js';

type PromisePanelProps = {
  promise: ItemPromise;
  /** Opens the review dialog for this exchange (the route composes the reviews feature). */
  renderReviewDialog: (promise: ItemPromise, onClose: () => void) => ReactNode;
};

/**
 * The promise as its two parties see it: who was chosen and how, the pickup they agree, and
 * the handover each side confirms. It counts once both have; then they can rate each other.
 */
export function PromisePanel({ promise, renderReviewDialog }: PromisePanelProps) {
  const headingId = useId();
  const other = promise.otherUser.firstName;
  const isGiver = promise.role === 'giver';
  const completed = promise.status === 'completed';
  const [rating, setRating] = useState(false);

  const heading = completed
    ? isGiver
      ? `Handed over to ${other}`
      : `You received this from ${other}`
    : isGiver
      ? `Promised to ${other}`
      : "You've been chosen";

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('grid gap-4 p-4', completed ? 'border-free-200' : 'border-primary-200')}
    >
      <div className="flex items-center gap-3">
        <Avatar person={promise.otherUser} size="md" />
        <div className="grid min-w-0 gap-0.5">
          <h2 id={headingId} className="text-lg font-extrabold text-ink-900">
            {heading}
          </h2>
          <ChosenHow promise={promise} />
        </div>
      </div>

      {completed ? (
        <div className="grid gap-3">
          <p className="flex items-center gap-2 rounded-control bg-free-50 p-3 font-semibold text-free-800">
            <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
            Both of you confirmed the handover
            {promise.completedAt ? ` on ${formatShortDate(promise.completedAt)}` : ''}.
          </p>
          {promise.canReviewUntil !== null ? (
            <Button className="justify-self-start" onClick={() => setRating(true)}>
              <Star aria-hidden="true" />
              Rate {other}
            </Button>
          ) : promise.myReviewId !== null ? (
            <p className="text-sm text-ink-700">You rated {other}. Thank you!</p>
          ) : null}
          {rating ? renderReviewDialog(promise, () => setRating(false)) : null}
        </div>
      ) : (
        <>
          {!isGiver ? (
            <p className="text-ink-800">
              {other} promised “{promise.itemTitle}” to you. Agree a time and a safe place, then tap Received
              once you have it.
            </p>
          ) : null}
          <Pickup promise={promise} />
          <Handover promise={promise} />
        </>
      )}
    </Card>
  );
}

function ChosenHow({ promise }: { promise: ItemPromise }) {
  const other = promise.otherUser.firstName;
  const isGiver = promise.role === 'giver';
  if (promise.chosenBy === 'draw' && promise.draw) {
    const count = promise.draw.entrants.length;
    return (
      <div className="grid gap-1 text-sm text-ink-700">
        <p className="flex items-center gap-1.5">
          <Dices className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
          Drawn fairly among {count === 1 ? '1 family' : `${count} families`}
        </p>
        <details className="group">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-bold text-primary-700 underline-offset-4 hover:underline">
            The draw’s record
          </summary>
          <dl className="grid gap-1 rounded-control bg-ink-50 p-3 text-ink-800">
            <div>
              <dt className="font-bold">Seed</dt>
              <dd className="font-mono text-xs break-all">{promise.draw.seed}</dd>
            </div>
            <div>
              <dt className="font-bold">Families in the draw, in the order they asked</dt>
              <dd>{count}</dd>
            </div>
            <dd className="text-xs text-ink-600">
              The winner comes from the SHA-256 of the seed, with no bias towards anyone: the same seed always
              picks the same family, so the draw can be checked.
            </dd>
          </dl>
        </details>
      </div>
    );
  }
  const text =
    promise.chosenBy === 'record'
      ? isGiver
        ? `You recorded handing it to ${other}.`
        : `${other} recorded handing it to you.`
      : isGiver
        ? `You chose ${other}.`
        : `${other} chose you.`;
  return <p className="text-sm text-ink-700">{text}</p>;
}

/** Where and when: what was agreed, the owner's exact point for the pair, and the form to change it. */
function Pickup({ promise }: { promise: ItemPromise }) {
  const agreed = agreedPickup(promise);
  const [editing, setEditing] = useState(!agreed);
  return (
    <section aria-label="Pickup" className="grid gap-3">
      {agreed ? (
        <div className="grid gap-1 rounded-control border border-ink-200 bg-ink-50 p-3">
          <p className="text-sm font-bold text-ink-600">Pickup</p>
          <p className="flex items-start gap-2 font-extrabold text-ink-900">
            <CalendarClock className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden="true" />
            {agreed}
          </p>
          {promise.pickupPoint ? <PickupPointLink point={promise.pickupPoint} /> : null}
        </div>
      ) : (
        <p className="text-sm text-ink-700">No pickup agreed yet. Suggest a time and a place below.</p>
      )}
      {editing ? (
        <PickupForm
          promise={promise}
          onSaved={() => setEditing(false)}
          onCancel={agreed ? () => setEditing(false) : undefined}
        />
      ) : (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
          <CalendarClock aria-hidden="true" />
          Change pickup
        </Button>
      )}
    </section>
  );
}

function PickupPointLink({ point }: { point: { latitude: number; longitude: number } }) {
  const lat = point.latitude.toFixed(5);
  const lon = point.longitude.toFixed(5);
  return (
    <a
      href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-bold text-primary-700 underline underline-offset-4"
    >
      <MapPin className="size-4 shrink-0" aria-hidden="true" />
      Pickup point on the map ({lat}, {lon})
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

const OWN_POINT = 'own';

function PickupForm({
  promise,
  onSaved,
  onCancel,
}: {
  promise: ItemPromise;
  onSaved: () => void;
  onCancel: (() => void) | undefined;
}) {
  const isGiver = promise.role === 'giver';
  const safeLocations = useSafeLocations();
  const arrange = useArrangePickup(promise);
  const atOwnPoint = promise.safeLocationId === null && promise.exchangeLocation !== null;
  const initialPlace =
    promise.safeLocationId !== null ? String(promise.safeLocationId) : atOwnPoint ? OWN_POINT : '';
  const initialTime = promise.scheduledAt ? toLocalInputValue(promise.scheduledAt) : '';
  const [time, setTime] = useState(initialTime);
  const [place, setPlace] = useState(initialPlace);
  const [directions, setDirections] = useState(atOwnPoint ? (promise.exchangeLocation ?? '') : '');
  const [error, setError] = useState<string>();
  const ids = { time: useId(), place: useId(), directions: useId(), error: useId() };
  const now = new Date();
  const latest = new Date(now.getTime() + PICKUP_WITHIN_DAYS * 86_400_000);

  const submit = () => {
    const input: ArrangePickupInput = {};
    if (time && time !== initialTime) input.scheduledAt = new Date(time).toISOString();
    if (place === OWN_POINT) {
      if (isGiver && (place !== initialPlace || directions !== (promise.exchangeLocation ?? ''))) {
        input.safeLocationId = null;
        input.pickupNote = directions.trim() || null;
      }
    } else if (place && place !== initialPlace) {
      input.safeLocationId = Number(place);
    }
    if (Object.keys(input).length === 0) {
      setError('Choose a time or a place to suggest');
      return;
    }
    setError(undefined);
    arrange.mutate(input, { onSuccess: onSaved });
  };

  return (
    <form
      noValidate
      className="grid gap-3 rounded-control border border-ink-200 p-3"
      aria-label="Arrange the pickup"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-1.5">
        <label htmlFor={ids.time} className="text-sm font-bold text-ink-800">
          Pickup time
        </label>
        <Input
          id={ids.time}
          type="datetime-local"
          value={time}
          min={toLocalInputValue(now)}
          max={toLocalInputValue(latest)}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setTime(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={ids.place} className="text-sm font-bold text-ink-800">
          Meeting place
        </label>
        <select
          id={ids.place}
          className={controlClasses}
          value={place}
          onChange={(event) => setPlace(event.target.value)}
        >
          <option value="" disabled>
            {safeLocations.isPending ? 'Loading safe places…' : 'Choose a safe place'}
          </option>
          {(safeLocations.data ?? [])
            .filter((location) => location.isVerified)
            .map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}, {location.address}
              </option>
            ))}
          {isGiver || atOwnPoint ? (
            <option value={OWN_POINT} disabled={!isGiver}>
              {isGiver ? 'My own pickup point' : `${promise.otherUser.firstName}’s pickup point`}
            </option>
          ) : null}
        </select>
        <p className="text-sm text-ink-600">
          Public places such as libraries and police stations are the safest. Only the two of you see an own
          pickup point.
        </p>
      </div>
      {isGiver && place === OWN_POINT ? (
        <div className="grid gap-1.5">
          <label htmlFor={ids.directions} className="text-sm font-bold text-ink-800">
            Directions (optional)
          </label>
          <Textarea
            id={ids.directions}
            rows={2}
            maxLength={300}
            value={directions}
            placeholder="Blue door, ring twice"
            onChange={(event) => setDirections(event.target.value)}
          />
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={arrange.isPending}>
          {arrange.isPending ? <ButtonSpinner /> : null}
          Save pickup
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Both sides confirm the handover; either may release; the owner may say they did not come. */
function Handover({ promise }: { promise: ItemPromise }) {
  const isGiver = promise.role === 'giver';
  const other = promise.otherUser.firstName;
  const confirm = usePromiseAction(promise, 'confirm');
  const release = usePromiseAction(promise, 'release');
  const noShow = usePromiseAction(promise, 'no-show');
  const [asking, setAsking] = useState<'release' | 'no-show'>();
  const mine = isGiver ? promise.giverConfirmedAt : promise.receiverConfirmedAt;
  const theirs = isGiver ? promise.receiverConfirmedAt : promise.giverConfirmedAt;
  const pickupPassed = promise.scheduledAt !== null && new Date(promise.scheduledAt) <= new Date();
  const canSayNoShow = isGiver && promise.chosenBy !== 'record' && pickupPassed && !theirs;

  return (
    <section aria-label="Handover" className="grid gap-3 border-t border-ink-100 pt-3">
      {mine ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-control bg-primary-50 p-3 font-semibold text-primary-900"
        >
          <Hourglass className="size-5 shrink-0" aria-hidden="true" />
          Waiting for {other} to confirm
        </p>
      ) : (
        <>
          {theirs ? (
            <p className="text-sm font-semibold text-ink-800">
              {isGiver ? `${other} says they received it.` : `${other} says it was handed over.`} Confirm when
              that is right.
            </p>
          ) : null}
          <Button
            size="lg"
            className="w-full sm:w-auto sm:justify-self-start"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? (
              <ButtonSpinner />
            ) : isGiver ? (
              <Handshake aria-hidden="true" />
            ) : (
              <PackageCheck aria-hidden="true" />
            )}
            {isGiver ? 'Handed over' : 'Received'}
          </Button>
          <p className="text-sm text-ink-600">
            The handover counts once both of you confirm it. Then you can rate each other.
            {promise.lapsesAt
              ? ` Without it, the promise lapses ${formatWhen(promise.lapsesAt)} and the item goes back to the families who asked.`
              : ''}
          </p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setAsking('release')}>
          Release
        </Button>
        {canSayNoShow ? (
          <Button variant="ghost" size="sm" onClick={() => setAsking('no-show')}>
            <UserX aria-hidden="true" />
            They didn’t come
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking === 'release'}
        onOpenChange={(open) => setAsking(open ? 'release' : undefined)}
        title="Release this promise?"
        description={
          isGiver
            ? `${other} will be told, and you can choose another family who asked.`
            : `${other} will be told, and the item goes back to the families who asked.`
        }
        confirmLabel="Release"
        destructive
        pending={release.isPending}
        onConfirm={() => release.mutate(undefined, { onSettled: () => setAsking(undefined) })}
      />
      <ConfirmDialog
        open={asking === 'no-show'}
        onOpenChange={(open) => setAsking(open ? 'no-show' : undefined)}
        title={`${other} didn’t come?`}
        description={`The promise ends and ${other} is told. Their profile counts a missed handover, so only say so if they really did not come.`}
        confirmLabel="They didn’t come"
        destructive
        pending={noShow.isPending}
        onConfirm={() => noShow.mutate(undefined, { onSettled: () => setAsking(undefined) })}
      />
    </section>
  );
}
