import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../common/schemas/reach.js';
import { startTestPushService } from '../server/test/push-service.js';
import {
  baseUrl,
  expectNoSeriousA11yViolations,
  gotoReady,
  launchBrowser,
  listItemWithPhoto,
  signedInPage,
  VIEWPORTS,
} from './fixtures.js';

let browser: Browser;
let pushService: Awaited<ReturnType<typeof startTestPushService>>;
beforeAll(async () => {
  browser = await launchBrowser();
  pushService = await startTestPushService();
});
afterAll(async () => {
  await browser.close();
  await pushService.close();
});

/** Saves a screenshot when SCREENSHOT_DIR is set, to look at the screens at both widths. */
async function snap(page: Page, name: string): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (directory) await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

describe('choosing what to hear about', () => {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`keeps a parent's choices in Settings, at ${width} width`, async () => {
      const { context, page, pageErrors } = await signedInPage(browser, { viewport, firstName: 'Nora' });
      await gotoReady(page, '/settings');
      const matchesByEmail = page.getByRole('checkbox', { name: 'Matches by e-mail' });
      await matchesByEmail.waitFor();
      expect(await matchesByEmail.isChecked()).toBe(true);
      // The browser told the server its zone: quiet hours are in the parent's own time.
      await expect
        .poll(async () => (await (await context.request.get('/api/notifications/settings')).json()).timeZone)
        .toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
      await snap(page, `notifications-settings-${width}`);
      await expectNoSeriousA11yViolations(page, 'notification preferences');

      await matchesByEmail.click();
      await expect.poll(() => matchesByEmail.isChecked()).toBe(false);
      await expect
        .poll(
          async () => (await (await context.request.get('/api/notifications/settings')).json()).kinds.match,
        )
        .toEqual({ push: true, email: false });
      await page.reload();
      await page.getByRole('checkbox', { name: 'Matches by e-mail' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Matches by e-mail' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Matches by push' }).isChecked()).toBe(true);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('hearing back with the tab closed', () => {
  it('pushes a request from a second parent to the owner’s device, and the device shows it', async () => {
    const title = `Baby clothes bag ${Date.now()}`;
    const owner = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      serviceWorkers: 'allow',
      firstName: 'Maya',
    });
    const item = await listItemWithPhoto(owner.context.request, { title, exchangeType: 'free' });
    // Whenever the test runs, it is not the owner's bedtime.
    expect(
      (
        await owner.context.request.patch('/api/notifications/settings', {
          data: { quietHours: { enabled: false } },
        })
      ).status(),
    ).toBe(200);
    // Headless Chromium has no push service to subscribe with: the owner's phone is a device of
    // the test push service, which checks the VAPID signature and decrypts what arrives.
    const subscribed = await owner.context.request.post('/api/push/subscriptions', {
      data: pushService.subscribe('maya-phone'),
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);

    // A new listing is Premium members' alone for its first hour: Rita is Premium.
    const family = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Rita',
      isPremium: true,
    });
    await gotoReady(family.page, `/item/${item.id}`);
    await family.page.getByRole('main').getByRole('button', { name: 'Request this' }).click();
    const dialog = family.page.getByRole('dialog', { name: 'Request this' });
    await dialog.getByRole('textbox', { name: 'A note for the owner (optional)' }).fill('For our newborn');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await family.page.getByText('You asked for this').waitFor();

    // The news goes out with the next sweep (every 20 s).
    await expect
      .poll(() => pushService.received.filter((push) => push.device === 'maya-phone').length, {
        timeout: 45_000,
      })
      .toBe(1);
    const [push] = pushService.received.filter((received) => received.device === 'maya-phone');
    const payload = push?.payload as PushPayload;
    expect(payload).toEqual({
      title: `Rita asked for ${title}`,
      body: 'For our newborn',
      url: `/item/${item.id}`,
      tag: `item:${item.id}:request`,
    });
    expect(push?.claims.aud).toBe(pushService.origin);

    // The device's side: the service worker shows what the push service hands it.
    const { context, page } = owner;
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    await gotoReady(page, '/settings');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
        }));
      });
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);
    expect(owner.pageErrors).toEqual([]);
    expect(family.pageErrors).toEqual([]);
    await owner.context.close();
    await family.context.close();
  });
});
