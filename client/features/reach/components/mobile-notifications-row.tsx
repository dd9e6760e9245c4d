import { Switch } from '../../../components/ui/switch.js';
import { cn } from '../../../lib/cn.js';
import { useSignedInUser } from '../../auth/current-user-context.js';
import { useNotificationSettings } from '../api/notification-settings.js';
import {
  PUSH_BLOCKED,
  askPushPermission,
  useBrowserPushState,
  useTurnOffPush,
  useTurnOnPush,
  type BrowserPushState,
} from '../api/push.js';

function mobileHint(
  browser: BrowserPushState | undefined,
  isOn: boolean,
  pushDevices: number | undefined,
): string {
  switch (browser?.availability) {
    case 'unsupported':
      return 'This browser cannot receive notifications.';
    case 'home-screen':
      return 'On iPhone and iPad, add LittleLoop to your Home Screen (Share, then Add to Home Screen) and turn this on there.';
    case 'blocked':
      return PUSH_BLOCKED;
  }
  if (!isOn || !pushDevices) return 'Turn on to get a notification on this device when something needs you.';
  const devices = pushDevices === 1 ? '1 device gets' : `${pushDevices} devices get`;
  return `${devices} notifications${browser?.subscribed ? ', this one included' : ''}.`;
}

/**
 * PRODUCT §2's Mobile Notifications switch: on when this browser has a push subscription and the
 * account's switch is on. Off, with the reason, where this browser cannot get notifications.
 */
export function MobileNotificationsRow() {
  const user = useSignedInUser();
  const browser = useBrowserPushState();
  const settings = useNotificationSettings();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();

  const availability = browser.data?.availability;
  const isUsable = availability === 'ask' || availability === 'allowed';
  const isOn = isUsable && Boolean(browser.data?.subscribed) && user.mobileNotifications;
  const pending = turnOn.isPending ? true : turnOff.isPending ? false : undefined;

  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div>
        <label
          htmlFor="mobile-notifications"
          className={cn('font-bold', isUsable ? 'text-ink-900' : 'text-ink-500')}
        >
          Mobile Notifications
        </label>
        <p id="mobile-notifications-hint" className="text-sm text-ink-600">
          {mobileHint(browser.data, isOn, settings.data?.pushDevices)}
        </p>
      </div>
      <Switch
        id="mobile-notifications"
        aria-describedby="mobile-notifications-hint"
        checked={pending ?? isOn}
        disabled={!isUsable || pending !== undefined}
        onCheckedChange={(checked) => {
          // Asked here, inside the tap (push.ts says why).
          if (checked) turnOn.mutate(askPushPermission());
          else turnOff.mutate();
        }}
      />
    </div>
  );
}
