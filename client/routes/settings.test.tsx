import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  reachKindLabels,
  reachKinds,
  type UpdateNotificationSettingsInput,
} from '../../common/schemas/reach.js';
import { applySettingsChange } from '../features/reach/api/notification-settings.js';
import { base64UrlToBytes } from '../features/reach/api/push-subscription.js';
import { makeCurrentUser, makeNotificationSettings } from '../test/fixtures.js';
import { renderApp, stubApi, type Handler } from '../test/render-app.js';
import { ApiError } from '../lib/api-client.js';

const maya = makeCurrentUser();

describe('settings page (PRODUCT §2 Account Settings)', () => {
  it('shows the profile read-only, the mobile switch disabled, and the account activity', async () => {
    stubApi({
      get: {
        '/api/user': () => ({ ...maya, totalRatings: 3, rating: '4.67' }),
        '/api/notifications/settings': () => makeNotificationSettings(),
      },
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText(maya.email)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First Name' })).toBeNull();
    // jsdom, like some browsers, has no service worker or PushManager: the switch says why it is off.
    const mobile = await screen.findByRole('switch', {
      name: 'Mobile Notifications',
      description: 'This browser cannot receive notifications.',
    });
    expect(mobile.hasAttribute('disabled')).toBe(true);
    expect(mobile.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
  });

  it("shows 'New member' as the average rating while nobody has reviewed them, not 0.0", async () => {
    stubApi({ get: { '/api/user': () => maya } });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText('New member')).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it('upper-cases the referral code, limits it to 6 characters, and keeps Apply off while blank', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() =>
      Promise.reject(new ApiError(400, 'You cannot use your own referral code')),
    );
    renderApp('/settings');
    const input = await screen.findByRole('textbox', { name: "Have a friend's code?" });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.type(input, 'abc234xyz');
    expect((input as HTMLInputElement).value).toBe('ABC234');
    await user.click(apply);
    expect(stubs.post).toHaveBeenCalledWith('/api/referral/apply', { referralCode: 'ABC234' });
    // PRODUCT §8: 'Invalid Code' with the server's text.
    expect(await screen.findByText('Invalid Code')).toBeTruthy();
    expect(screen.getByText('You cannot use your own referral code')).toBeTruthy();
  });

  it('says the network failure text when the apply call gets no answer', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() => Promise.reject(new ApiError(0, 'offline')));
    renderApp('/settings');
    await user.type(await screen.findByRole('textbox', { name: "Have a friend's code?" }), 'ABC234');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to apply referral code. Please try again.')).toBeTruthy(),
    );
  });

  it('changes the password after checking the fields, and says so', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() =>
      Promise.resolve({ message: 'Your password has been changed. Other devices have been signed out.' }),
    );
    renderApp('/settings');
    const current = await screen.findByLabelText('Current Password');
    const next = screen.getByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm New Password');
    const change = screen.getByRole('button', { name: 'Change password' });

    await user.type(current, 'old-secret');
    await user.type(next, 'short');
    await user.type(confirm, 'other');
    await user.click(change);
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(stubs.post).not.toHaveBeenCalled();

    await user.clear(next);
    await user.type(next, 'a-new-secret');
    await user.clear(confirm);
    await user.type(confirm, 'a-new-secret');
    await user.click(change);
    expect(stubs.post).toHaveBeenCalledWith('/api/user/password', {
      currentPassword: 'old-secret',
      newPassword: 'a-new-secret',
    });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
  });

  it('shows the server’s reason when the current password is wrong', async () => {
    const user = userEvent.setup();
    const stubs = stubApi({ get: { '/api/user': () => maya }, post: {} });
    stubs.post.mockImplementation(() => Promise.reject(new ApiError(403, 'The password is not correct')));
    renderApp('/settings');
    await user.type(await screen.findByLabelText('Current Password'), 'guess');
    await user.type(screen.getByLabelText('New Password'), 'a-new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Could not change your password')).toBeTruthy();
    expect(screen.getByText('The password is not correct')).toBeTruthy();
  });
});

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The settings page with notification settings; PATCHes answer with the change applied. */
function renderNotificationSettings(settings = makeNotificationSettings(), patchSettings?: Handler) {
  let current = settings;
  const stubs = stubApi({
    get: {
      '/api/user': () => maya,
      '/api/notifications/settings': () => current,
      '/api/push/key': () => ({ publicKey: PUBLIC_KEY }),
    },
    patch: {
      '/api/notifications/settings':
        patchSettings ??
        ((change) => {
          current = applySettingsChange(current, change as UpdateNotificationSettingsInput);
          return current;
        }),
      '/api/user/notifications': (change) => ({ ...maya, ...(change as object) }),
    },
    post: { '/api/push/subscriptions': () => ({ pushDevices: 1 }) },
  });
  renderApp('/settings');
  return stubs;
}

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.com/send/abc';

/** A browser that can get pushes: Notification, PushManager and a service worker registration. */
function stubPushBrowser({
  permission,
  answer = 'granted',
  subscribed = false,
}: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  const makeSubscription = (applicationServerKey: ArrayBuffer | null) => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey, userVisibleOnly: true },
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'BPk-key', auth: 'auth-key' },
    }),
    unsubscribe: vi.fn(() => {
      state.subscription = null;
      return Promise.resolve(true);
    }),
  });
  const state = {
    subscription: subscribed ? makeSubscription(base64UrlToBytes(PUBLIC_KEY).buffer) : null,
  };
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(state.subscription)),
    subscribe: vi.fn((options: PushSubscriptionOptionsInit) => {
      state.subscription = makeSubscription((options.applicationServerKey as Uint8Array).slice().buffer);
      return Promise.resolve(state.subscription);
    }),
  };
  const registration = { pushManager };
  const NotificationStub = {
    permission,
    requestPermission: vi.fn(() => {
      NotificationStub.permission = answer;
      return Promise.resolve(answer);
    }),
  };
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
  return { state, pushManager, NotificationStub };
}

describe('notification preferences: what to hear about, and when', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('lists every kind with a Push and an E-mail checkbox, and saves a change at once', async () => {
    const user = userEvent.setup();
    const stubs = renderNotificationSettings();
    for (const kind of reachKinds) {
      const { label } = reachKindLabels[kind];
      const byPush = await screen.findByRole('checkbox', { name: `${label} by push` });
      expect((byPush as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('checkbox', { name: `${label} by e-mail` }) as HTMLInputElement).checked).toBe(
        true,
      );
    }
    expect(screen.getByText(reachKindLabels.pickup.hint)).toBeTruthy();
    const pickupsByEmail = screen.getByRole('checkbox', { name: 'Pickups by e-mail' }) as HTMLInputElement;
    expect(pickupsByEmail.checked).toBe(true);

    await user.click(pickupsByEmail);
    expect(pickupsByEmail.checked).toBe(false);
    expect(stubs.patch).toHaveBeenCalledWith('/api/notifications/settings', {
      kinds: { pickup: { email: false } },
    });
    expect(stubs.patch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(pickupsByEmail.checked).toBe(false));
    expect((screen.getByRole('checkbox', { name: 'Pickups by push' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("puts a checkbox back and says 'Update failed' when the server refuses", async () => {
    const user = userEvent.setup();
    renderNotificationSettings(makeNotificationSettings(), () => {
      throw new ApiError(500, 'Internal Server Error');
    });
    const messagesByPush = (await screen.findByRole('checkbox', {
      name: 'New messages by push',
    })) as HTMLInputElement;
    await user.click(messagesByPush);
    expect(await screen.findByText('Update failed')).toBeTruthy();
    await waitFor(() => expect(messagesByPush.checked).toBe(true));
  });

  it('saves quiet hours and the daily digest, and names the time zone in use', async () => {
    const user = userEvent.setup();
    const stubs = renderNotificationSettings();
    const from = await screen.findByRole('combobox', { name: 'Quiet hours from' });
    expect(screen.getByRole('combobox', { name: 'Quiet hours to' })).toBeTruthy();
    expect(within(from).getAllByRole('option')).toHaveLength(48);
    expect((from as HTMLSelectElement).value).toBe('21:00');
    await user.selectOptions(from, '22:30');
    expect(stubs.patch).toHaveBeenCalledWith('/api/notifications/settings', {
      quietHours: { start: '22:30' },
    });
    expect(screen.getByRole('option', { name: '10:30 PM', selected: true })).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    expect(stubs.patch).toHaveBeenCalledWith('/api/notifications/settings', {
      quietHours: { enabled: false },
    });

    const digest = screen.getByRole('switch', {
      name: 'Daily digest',
      description: 'One e-mail each morning at 7:00 AM instead of pushes and e-mails through the day.',
    });
    await user.click(digest);
    expect(stubs.patch).toHaveBeenCalledWith('/api/notifications/settings', { digest: true });
    expect(
      screen.getByText(`Times are in ${browserZone.replace(/_/g, ' ')} time, this device's time zone.`),
    ).toBeTruthy();
    // The zone was already the browser's: nothing else was sent.
    expect(stubs.patch).toHaveBeenCalledTimes(3);
  });

  it("tells the server this browser's time zone once when it has none", async () => {
    const stubs = renderNotificationSettings(makeNotificationSettings({ timeZone: null }));
    await waitFor(() =>
      expect(stubs.patch).toHaveBeenCalledWith('/api/notifications/settings', { timeZone: browserZone }),
    );
    expect(await screen.findByText(/this device's time zone/)).toBeTruthy();
    expect(stubs.patch).toHaveBeenCalledTimes(1);
  });

  it('turns pushes on for this browser: permission, subscription, server, account switch', async () => {
    const user = userEvent.setup();
    const browser = stubPushBrowser({ permission: 'default' });
    const stubs = renderNotificationSettings();
    const mobile = await screen.findByRole('switch', { name: 'Mobile Notifications' });
    await waitFor(() => expect(mobile.hasAttribute('disabled')).toBe(false));
    expect(mobile.getAttribute('aria-checked')).toBe('false');

    await user.click(mobile);
    await waitFor(() =>
      expect(stubs.patch).toHaveBeenCalledWith('/api/user/notifications', { mobileNotifications: true }),
    );
    expect(browser.NotificationStub.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(PUBLIC_KEY),
    });
    expect(stubs.post).toHaveBeenCalledWith('/api/push/subscriptions', {
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'BPk-key', auth: 'auth-key' },
      timeZone: browserZone,
    });
    await waitFor(() => expect(mobile.getAttribute('aria-checked')).toBe('true'));
    expect(
      await screen.findByText('1 device gets notifications, this one included.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('says so and keeps the switch off when notifications are blocked in the browser', async () => {
    stubPushBrowser({ permission: 'denied' });
    renderNotificationSettings();
    const mobile = await screen.findByRole('switch', {
      name: 'Mobile Notifications',
      description: "Notifications are blocked for LittleLoop in this browser's settings.",
    });
    expect(mobile.hasAttribute('disabled')).toBe(true);
  });

  it('turns pushes off: the server forgets this browser, then the browser unsubscribes', async () => {
    const user = userEvent.setup();
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.state.subscription;
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stubs = renderNotificationSettings(makeNotificationSettings({ pushDevices: 2 }));
    expect(
      await screen.findByText('2 devices get notifications, this one included.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const mobile = screen.getByRole('switch', { name: 'Mobile Notifications' });
    expect(mobile.getAttribute('aria-checked')).toBe('true');

    await user.click(mobile);
    await waitFor(() =>
      expect(stubs.patch).toHaveBeenCalledWith('/api/user/notifications', { mobileNotifications: false }),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/push/subscriptions');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ endpoint: ENDPOINT });
    expect(subscription?.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(mobile.getAttribute('aria-checked')).toBe('false'));
  });
});
