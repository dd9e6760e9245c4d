import type { PushSubscriptionInput } from '../../../../common/schemas/reach.js';
import { api, apiRequest } from '../../../lib/api-client.js';
import { withTimeZone } from '../../../lib/time-zone.js';
import { PUSH_BLOCKED } from './push.js';

// Loaded on the first tap of the Mobile Notifications switch (push.ts), not with the page.

/** How long to wait for the service worker (client/features/pwa registers it after load). */
const SERVICE_WORKER_WAIT_MS = 10_000;

const NOT_ALLOWED = 'Allow notifications when your browser asks, to get them on this device.';
const NOT_READY = 'LittleLoop is still getting ready on this device. Reload the page and try again.';
const SUBSCRIBE_FAILED = 'This browser could not set up notifications. Please try again later.';

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(NOT_READY)), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The VAPID key as the bytes pushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!current || current.byteLength !== key.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, index) => byte === key[index]);
}

/**
 * Subscribes this browser under the server's key (GET /api/push/key) and tells the server
 * (POST /api/push/subscriptions, with the time zone). A subscription under an older key is
 * replaced. Throws an Error whose message says, in plain words, what to do.
 */
export async function subscribeThisBrowser(
  permission: NotificationPermission,
): Promise<{ pushDevices: number }> {
  if (permission === 'denied') throw new Error(PUSH_BLOCKED);
  if (permission !== 'granted') throw new Error(NOT_ALLOWED);
  const [{ publicKey }, registration] = await Promise.all([
    api.get<{ publicKey: string }>('/api/push/key'),
    readyRegistration(),
  ]);
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
    } catch (error) {
      throw new Error(
        error instanceof DOMException && error.name === 'NotAllowedError' ? PUSH_BLOCKED : SUBSCRIBE_FAILED,
      );
    }
  }
  const body = withTimeZone(subscription.toJSON() as PushSubscriptionInput);
  return api.post<{ pushDevices: number }>('/api/push/subscriptions', body);
}

/** Removes this browser's subscription on the server first, then in the browser. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}
