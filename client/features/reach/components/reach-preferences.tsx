import { useEffect, useRef } from 'react';
import { RefreshCw } from 'lucide-react';
import type { NotificationSettings } from '../../../../common/schemas/reach.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { errorMessage } from '../../../lib/api-client.js';
import { browserTimeZone } from '../../../lib/time-zone.js';
import { useSignedInUser } from '../../auth/current-user-context.js';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.js';
import { DailyDigestRow } from './daily-digest-row.js';
import { QuietHoursFields } from './quiet-hours-fields.js';
import { ReachKindsTable } from './reach-kinds-table.js';

/**
 * Quiet hours follow the clock of the browser the parent last used: tell the server once per
 * visit when it has no zone or another one.
 */
function useKeepTimeZone(settings: NotificationSettings | undefined) {
  const { mutate } = useUpdateNotificationSettings({ quiet: true });
  const sent = useRef(false);
  useEffect(() => {
    if (!settings || sent.current) return;
    const zone = browserTimeZone();
    if (!zone || zone === settings.timeZone) return;
    sent.current = true;
    mutate({ timeZone: zone });
  }, [settings, mutate]);
}

function ReachPreferencesLoading() {
  return (
    <div role="status" aria-label="Loading notification settings" className="grid gap-3 py-4">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-11" />
      ))}
    </div>
  );
}

function MasterSwitchNote({ children }: { children: React.ReactNode }) {
  return <p className="rounded-control bg-ink-50 px-3 py-2 text-sm text-ink-700">{children}</p>;
}

/**
 * What a parent hears about while away and when: the per-kind Push and E-mail choices, quiet
 * hours and the daily digest (GET and PATCH /api/notifications/settings).
 */
export function ReachPreferences() {
  const user = useSignedInUser();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  useKeepTimeZone(settings.data);

  if (settings.isPending) return <ReachPreferencesLoading />;
  if (settings.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 py-4">
        <p className="font-bold text-ink-900">We couldn't load what you hear about</p>
        <p className="text-sm text-ink-700">{errorMessage(settings.error) || 'Please try again.'}</p>
        <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }

  const { kinds, quietHours, timeZone, digest } = settings.data;
  return (
    <>
      <section aria-labelledby="reach-kinds-title" className="grid gap-2 py-4">
        <div>
          <h3 id="reach-kinds-title" className="font-bold text-ink-900">
            What to hear about
          </h3>
          <p className="text-sm text-ink-600">When you are away from LittleLoop.</p>
        </div>
        <ReachKindsTable
          kinds={kinds}
          onChange={(kind, channel, on) => update.mutate({ kinds: { [kind]: { [channel]: on } } })}
        />
        {user.mobileNotifications ? null : (
          <MasterSwitchNote>Pushes are off: turn on Mobile Notifications above to get them.</MasterSwitchNote>
        )}
        {user.emailNotifications ? null : (
          <MasterSwitchNote>E-mails are off: turn on Email Notifications above to get them.</MasterSwitchNote>
        )}
      </section>
      <QuietHoursFields
        quietHours={quietHours}
        timeZone={timeZone}
        onChange={(change) => update.mutate({ quietHours: change })}
      />
      <DailyDigestRow
        digest={digest}
        morning={quietHours.end}
        onChange={(on) => update.mutate({ digest: on })}
      />
    </>
  );
}
