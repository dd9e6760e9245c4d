import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '../../../../common/schemas/reach.js';
import type { CurrentUser } from '../../../../common/schemas/users.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { handleApiError } from '../../../lib/handle-api-error.js';
import { authKeys } from '../../auth/api/current-user.js';
import { reachKeys } from './notification-settings.js';

/**
 * Whether this browser can get pushes: not at all, only once added to the Home Screen (iPhone
 * and iPad), blocked in its settings, not asked yet, or allowed.
 */
export type PushAvailability = 'unsupported' | 'home-screen' | 'blocked' | 'ask' | 'allowed';
export type BrowserPushState = { availability: PushAvailability; subscribed: boolean };

export const PUSH_BLOCKED = "Notifications are blocked for LittleLoop in this browser's settings.";

function isAppleTouchBrowser(): boolean {
  const appleTouch =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const installed =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return appleTouch && !installed;
}

export function pushAvailability(): PushAvailability {
  const supported =
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  if (!supported)
    return typeof window !== 'undefined' && isAppleTouchBrowser() ? 'home-screen' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' ? 'allowed' : 'ask';
}

async function readBrowserPushState(): Promise<BrowserPushState> {
  const availability = pushAvailability();
  if (availability === 'unsupported' || availability === 'home-screen') {
    return { availability, subscribed: false };
  }
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return { availability, subscribed: Boolean(subscription) };
}

/** This browser's push state; read again after every change and when the page is shown again. */
export function useBrowserPushState() {
  return useQuery({
    queryKey: reachKeys.thisBrowser(),
    queryFn: readBrowserPushState,
    // The parent may allow or block notifications in the browser's settings meanwhile.
    refetchOnWindowFocus: 'always',
  });
}

/**
 * Asks for permission at once, inside the tap: Safari only shows its prompt for a call made
 * while handling the tap, not after the subscription code has loaded.
 */
export function askPushPermission(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Promise.resolve(Notification.permission);
  return Notification.requestPermission();
}

function finish(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: reachKeys.thisBrowser() });
}

/**
 * Turns pushes on for this browser: permission, a subscription under the server's key, the
 * server told of it (POST /api/push/subscriptions), then the account's switch
 * (PATCH /api/user/notifications). PRODUCT §8: 'Update failed', saying why.
 */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (permission: Promise<NotificationPermission>) => {
      const { subscribeThisBrowser } = await import('./push-subscription.js');
      const { pushDevices } = await subscribeThisBrowser(await permission);
      const user = await api.patch<CurrentUser>('/api/user/notifications', { mobileNotifications: true });
      return { user, pushDevices };
    },
    onSuccess: ({ user, pushDevices }) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      queryClient.setQueryData<NotificationSettings>(reachKeys.settings(), (settings) =>
        settings ? { ...settings, pushDevices } : settings,
      );
      toast({
        title: 'Settings updated',
        description: 'This device will get notifications.',
        variant: 'success',
      });
    },
    onError: (error) => handleApiError(error, { title: 'Update failed' }),
    onSettled: () => finish(queryClient),
  });
}

/**
 * Turns pushes off: this browser's subscription is removed on the server
 * (DELETE /api/push/subscriptions) and in the browser, then the account's switch goes off.
 */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { unsubscribeThisBrowser } = await import('./push-subscription.js');
      await unsubscribeThisBrowser();
      return api.patch<CurrentUser>('/api/user/notifications', { mobileNotifications: false });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      toast({ title: 'Settings updated', variant: 'success' });
    },
    onError: (error) => handleApiError(error, { title: 'Update failed' }),
    onSettled: () => {
      finish(queryClient);
      void queryClient.invalidateQueries({ queryKey: reachKeys.settings() });
    },
  });
}
