import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CalendarDays, Flag, MapPin, MessageCircle, UserRound } from 'lucide-react';
import { formatMemberSince, formatPlace } from '../../../../common/format.js';
import { hasPremium } from '../../../../common/premium.js';
import type { PublicUser } from '../../../../common/schemas/users.js';
import { paths } from '../../../app/paths.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.js';
import { FormField } from '../../../components/ui/form-field.js';
import { RatingStars } from '../../../components/ui/rating.js';
import { DialogLoadError } from '../../../components/ui/page-load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { PremiumCrown, VerifiedTick } from '../../../components/ui/trust-marks.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useOptionalMessageDialog } from '../../../lib/member-actions.js';
import { useUser } from '../api/get-user.js';
import { useReportUser } from '../api/report-user.js';

/** PRODUCT §5: the client's own word for an empty reason. */
export const REPORT_REASON_REQUIRED = 'Please provide a reason';

type UserProfileDialogProps = {
  /** Whose profile to show; null keeps the dialog closed. */
  userId: number | null;
  onClose: () => void;
  /** The signed-in viewer; null for a visitor. Report and Send Message need someone else. */
  viewerId: number | null;
  /**
   * Overrides Send Message. By default, inside the member layout, it opens the message dialog
   * on this person (their latest conversation, or a choice of their items).
   */
  onMessage?: (user: PublicUser) => void;
};

/**
 * PRODUCT §2 user profile dialog: name, premium and verified marks, location, rating with review
 * count and 'Member since'. Signed-in viewers looking at someone else may send a message or
 * report them; reporting swaps the view for a reason form, and a sent report closes the dialog.
 */
export function UserProfileDialog({ userId, onClose, viewerId, onMessage }: UserProfileDialogProps) {
  const messageDialog = useOptionalMessageDialog();
  const [view, setView] = useState<'profile' | 'report'>('profile');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const reset = () => {
    setView('profile');
    setReason('');
    setReasonError(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  return (
    <Dialog open={userId !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-md">
        {userId === null ? null : view === 'profile' ? (
          <ProfileView
            userId={userId}
            viewerId={viewerId}
            onMessage={
              onMessage ??
              (messageDialog
                ? (person: PublicUser) => {
                    close();
                    messageDialog.open({ personId: person.id, personName: person.firstName });
                  }
                : undefined)
            }
            onReport={() => setView('report')}
            onNavigate={close}
          />
        ) : (
          <ReportView
            userId={userId}
            reason={reason}
            error={reasonError}
            onReasonChange={(value) => {
              setReason(value);
              if (reasonError && value.trim()) setReasonError(undefined);
            }}
            onError={setReasonError}
            onBack={() => {
              setView('profile');
              setReasonError(undefined);
            }}
            onReported={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProfileView({
  userId,
  viewerId,
  onMessage,
  onReport,
  onNavigate,
}: {
  userId: number;
  viewerId: number | null;
  onMessage: ((user: PublicUser) => void) | undefined;
  onReport: () => void;
  onNavigate: () => void;
}) {
  // Blocking belongs to messaging, which hands its button in through the member layout.
  const blockControls = useOptionalMessageDialog();
  const user = useUser(userId);

  if (user.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading profile">
        <DialogTitle className="sr-only">Loading profile</DialogTitle>
        <div className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }

  if (user.isError) {
    const missing = user.error instanceof ApiError && user.error.status === 404;
    return (
      <DialogLoadError
        title={missing ? 'User not found' : "We couldn't load this profile"}
        message={missing ? 'This parent may have left LittleLoop.' : errorMessage(user.error)}
        onRetry={missing ? undefined : () => void user.refetch()}
      />
    );
  }

  const person = user.data;
  const canInteract = viewerId !== null && viewerId !== person.id;
  const place = formatPlace([person.city, person.state, person.country]);
  const premium = hasPremium(person);

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <div className="flex items-center gap-4">
          <Avatar person={person} size="lg" />
          <div className="grid min-w-0 gap-1">
            <DialogTitle className="flex flex-wrap items-center gap-1.5">
              <span className="break-words">
                {person.firstName} {person.lastName}
              </span>
              {premium ? <PremiumCrown /> : null}
              {person.isVerified ? <VerifiedTick /> : null}
            </DialogTitle>
            <RatingStars rating={person.rating} totalRatings={person.totalRatings} />
          </div>
        </div>
      </DialogHeader>

      <DialogDescription asChild>
        <ul className="grid gap-2 text-ink-700">
          <li className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
            {place || 'Location not specified'}
          </li>
          <li className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
            Member since {formatMemberSince(person.createdAt)}
          </li>
        </ul>
      </DialogDescription>

      <div className="grid gap-2">
        {canInteract && onMessage ? (
          <Button className="w-full" onClick={() => onMessage(person)}>
            <MessageCircle aria-hidden="true" />
            Send Message
          </Button>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.profile(person.id)} onClick={onNavigate}>
              <UserRound aria-hidden="true" />
              View profile
            </Link>
          </Button>
          {canInteract ? (
            <div className="flex flex-wrap gap-2">
              {blockControls?.renderBlockButton(person)}
              <Button variant="outline" size="sm" onClick={onReport} className="text-danger-700">
                <Flag aria-hidden="true" />
                Report User
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function ReportView({
  userId,
  reason,
  error,
  onReasonChange,
  onError,
  onBack,
  onReported,
}: {
  userId: number;
  reason: string;
  error: string | undefined;
  onReasonChange: (value: string) => void;
  onError: (message: string | undefined) => void;
  onBack: () => void;
  onReported: () => void;
}) {
  const report = useReportUser();
  const user = useUser(userId);
  const name = user.data ? `${user.data.firstName} ${user.data.lastName}` : 'this user';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      onError(REPORT_REASON_REQUIRED);
      return;
    }
    report.mutate(
      { userId, reason: trimmed },
      {
        onSuccess: onReported,
        onError: (failure) => {
          const fieldError =
            failure instanceof ApiError ? failure.fieldErrors.find((f) => f.path === 'reason') : undefined;
          if (fieldError) onError(fieldError.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={report.isPending}>
      <DialogHeader>
        <DialogTitle>Report User</DialogTitle>
        <DialogDescription>
          Tell us what went wrong with {name}. Our team reviews every report within 24 hours.
        </DialogDescription>
      </DialogHeader>
      <FormField label="Reason for reporting" error={error}>
        {(control) => (
          <Textarea
            {...control}
            value={reason}
            onChange={(event) => onReasonChange(event.target.value)}
            placeholder="For example: didn't show up, rude messages, unsafe item"
            maxLength={1000}
            autoFocus
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={report.isPending}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" variant="destructive" disabled={report.isPending}>
          {report.isPending ? <ButtonSpinner /> : <Flag aria-hidden="true" />}
          Submit Report
        </Button>
      </DialogFooter>
    </form>
  );
}
