import type { ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { Card, CardContent, SectionCardHeader } from '../../../components/ui/card.js';
import { Switch } from '../../../components/ui/switch.js';
import { useSignedInUser } from '../../auth/current-user-context.js';
import { useUpdateNotifications } from '../api/account.js';

/**
 * PRODUCT §2 Notification Preferences: the account's e-mail switch first, then the rows the
 * caller hands in (this device's push, and what to hear about).
 */
export function NotificationPreferencesCard({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  const update = useUpdateNotifications();
  const pendingEmail = update.isPending ? update.variables.emailNotifications : undefined;
  return (
    <Card>
      <SectionCardHeader
        icon={Bell}
        iconClassName="text-primary-700"
        title="Notification Preferences"
        description="Hear back when you are away: by push on this device, or by e-mail."
      />
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
        {children}
      </CardContent>
    </Card>
  );
}
