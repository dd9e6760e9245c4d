import { AccountActivityCard } from '../features/account/components/account-activity-card.js';
import { ChangePasswordCard } from '../features/account/components/change-password-card.js';
import { NotificationPreferencesCard } from '../features/account/components/notification-preferences-card.js';
import { ProfileInformationCard } from '../features/account/components/profile-information-card.js';
import { ReferralCard } from '../features/account/components/referral-card.js';
import { YourDataCard } from '../features/account/components/your-data-card.js';
import { useSignedInUser } from '../features/auth/current-user-context.js';
import { MobileNotificationsRow } from '../features/reach/components/mobile-notifications-row.js';
import { ReachPreferences } from '../features/reach/components/reach-preferences.js';
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

      <ProfileInformationCard user={user} />
      <NotificationPreferencesCard>
        <MobileNotificationsRow />
        <ReachPreferences />
      </NotificationPreferencesCard>
      <ReferralCard user={user} />
      <AccountActivityCard user={user} />
      <ChangePasswordCard />
      <YourDataCard />
    </div>
  );
}
