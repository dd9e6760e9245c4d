// Runs in the service worker (vite.config.ts imports it into Workbox's): shows the pushes the
// server sends (common/schemas/reach.ts, pushPayloadSchema) and opens their page on a tap.

const ICON = '/icons/icon-192.png';

/** Only pages of this site open from a notification. */
function sameOriginUrl(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

function readPayload(data) {
  try {
    const payload = data ? data.json() : {};
    return {
      title: typeof payload.title === 'string' && payload.title ? payload.title : 'LittleLoop',
      body: typeof payload.body === 'string' ? payload.body : '',
      url: sameOriginUrl(typeof payload.url === 'string' ? payload.url : '/'),
      tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined,
    };
  } catch {
    // A push must always show something (userVisibleOnly), even one we cannot read.
    return {
      title: 'LittleLoop',
      body: 'You have news on LittleLoop.',
      url: sameOriginUrl('/'),
      tag: undefined,
    };
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag } = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(title, { body, tag, data: { url }, icon: ICON, badge: ICON }),
  );
});

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) ?? windows[0];
  if (!open) return self.clients.openWindow(url);
  const focused = await open.focus();
  if (focused.url === url) return focused;
  try {
    return await focused.navigate(url);
  } catch {
    // A window this worker does not control cannot be sent elsewhere: open the page beside it.
    return self.clients.openWindow(url);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data?.url ?? '/');
  event.waitUntil(openPage(url));
});

// The push service replaced this browser's subscription: hand the new one to the server, so
// pushes keep arriving without a visit to Settings. The server drops the old one on its first 410.
self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription?.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager.subscribe(options).then((subscription) =>
      fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ...subscription.toJSON(),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
      }),
    ),
  );
});
