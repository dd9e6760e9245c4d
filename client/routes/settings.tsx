import { Link } from 'react-router';
import { BadgeCheck, Bell, Download, MailWarning, ShieldCheck, Star, User } from 'lucide-react';
import { formatRating } from '../../common/format.js';
import { paths } from '../app/paths.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.js';
import { NewMember, RatingStars } from '../components/ui/rating.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { Switch } from '../components/ui/switch.js';
import {
  EXPORT_URL,
  useSendVerificationEmail,
  useUpdateNotifications,
} from '../features/account/api/account.js';
import { ChangePasswordCard } from '../features/account/components/change-password-card.js';
import { DeleteAccountDialog } from '../features/account/components/delete-account-dialog.js';
import { ReferralCard } from '../features/account/components/referral-card.js';
import { MobileNotificationsRow } from '../features/reach/components/mobile-notifications-row.js';
import { ReachPreferences } from '../features/reach/components/reach-preferences.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { usePageTitle } from '../lib/use-page-title.js';

/**
 * PRODUCT §2 Account Settings: read-only profile info, notification preferences, Invite Friends
 * and Account Activity; then e-mail verification and one's own data (decision 008), and changing
 * one's password (PRODUCT has none; parents expect it, and signed in they cannot reach the reset).
 */
export function SettingsPage() {
  usePageTitle('Account Settings');
  const user = useSignedInUser();

  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-black text-ink-900 sm:text-3xl">Account Settings</h1>
        <p className="text-ink-600">Your profile, notifications, invitations, password and data.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle level={2} className="flex items-center gap-2">
            <User className="size-5 text-primary-700" aria-hidden="true" />
            Profile Information
          </CardTitle>
          <CardDescription>
            Change these on{' '}
            <Link to={paths.profile()} className="font-bold text-primary-700 underline">
              your profile
            </Link>
            .
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <ReadOnly term="First Name">{user.firstName}</ReadOnly>
            <ReadOnly term="Last Name">{user.lastName}</ReadOnly>
            <ReadOnly term="Email" className="sm:col-span-2">
              <span className="flex flex-wrap items-center gap-2">
                <span className="break-all">{user.email}</span>
                {user.isVerified ? (
                  <span className="inline-flex items-center gap-1 text-sm font-bold text-primary-800">
                    <BadgeCheck className="size-4" aria-hidden="true" />
                    Verified
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-sm font-bold text-swap-800">
                    <MailWarning className="size-4" aria-hidden="true" />
                    Not verified
                  </span>
                )}
              </span>
            </ReadOnly>
            <ReadOnly term="City">{user.city || 'Not set'}</ReadOnly>
            <ReadOnly term="ZIP Code">{user.zipCode || 'Not set'}</ReadOnly>
          </dl>
          {user.isVerified ? null : <VerifyEmailPrompt />}
        </CardContent>
      </Card>

      <NotificationPreferences />
      <ReferralCard user={user} />

      <Card>
        <CardHeader>
          <CardTitle level={2} className="flex items-center gap-2">
            <Star className="size-5 text-premium-500" aria-hidden="true" />
            Account Activity
          </CardTitle>
        </CardHeader>
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

      <ChangePasswordCard />

      <Card>
        <CardHeader>
          <CardTitle level={2} className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary-700" aria-hidden="true" />
            Your Data
          </CardTitle>
          <CardDescription>
            Download everything LittleLoop holds about you as one file, or delete your account.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={EXPORT_URL} download>
              <Download aria-hidden="true" />
              Download my data
            </a>
          </Button>
          <DeleteAccountDialog />
        </CardContent>
      </Card>
    </div>
  );
}

function ReadOnly({
  term,
  children,
  className,
}: {
  term: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-bold tracking-wide text-ink-600 uppercase">{term}</dt>
      <dd className="mt-0.5 rounded-control border border-ink-200 bg-ink-50 px-3 py-2 font-bold text-ink-900">
        {children}
      </dd>
    </div>
  );
}

function VerifyEmailPrompt() {
  const send = useSendVerificationEmail();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-control border border-swap-200 bg-swap-50 p-3">
      <p className="text-sm text-ink-800">Verify your e-mail so other parents can see you are real.</p>
      <Button size="sm" variant="outline" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? <ButtonSpinner /> : null}
        Send verification e-mail
      </Button>
    </div>
  );
}

function NotificationPreferences() {
  const user = useSignedInUser();
  const update = useUpdateNotifications();
  const pendingEmail = update.isPending ? update.variables.emailNotifications : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <Bell className="size-5 text-primary-700" aria-hidden="true" />
          Notification Preferences
        </CardTitle>
        <CardDescription>Hear back when you are away: by push on this device, or by e-mail.</CardDescription>
      </CardHeader>
      <CardContent className="grid divide-y divide-ink-100">
        <div className="flex items-center justify-between gap-4 py-2">
          <div>
            <label htmlFor="email-notifications" className="font-bold text-ink-900">
              Email Notifications
            </label>
            <p id="email-notifications-hint" className="text-sm text-ink-600">
              What you choose below, when you are away. Security e-mails always arrive.
            </p>
          </div>
          <Switch
            id="email-notifications"
            aria-describedby="email-notifications-hint"
            checked={pendingEmail ?? user.emailNotifications}
            disabled={update.isPending}
            onCheckedChange={(checked) => update.mutate({ emailNotifications: checked })}
          />
        </div>
        <MobileNotificationsRow />
        <ReachPreferences />
      </CardContent>
    </Card>
  );
}
