import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  E2E_ADMIN,
  expectEveryActionReachableByKeyboard,
  expectNoSeriousA11yViolations,
  gotoReady,
  launchBrowser,
  openPage,
  signedInPage,
  signedInPageAs,
  VIEWPORTS,
} from './fixtures.js';

// The built server seeds demo families on its first start; they all share this password.
const DEMO_PASSWORD = 'littleloop-demo';
const DEMO_OWNER = 'maya.thompson.1@demo.littleloop.app';

type DemoItem = { id: number; title: string; status: string };

let browser: Browser;
let demoItem: DemoItem;
beforeAll(async () => {
  browser = await launchBrowser();
  const { context, parent: owner } = await signedInPageAs(browser, {
    email: DEMO_OWNER,
    password: DEMO_PASSWORD,
  });
  const items = (await (await context.request.get(`/api/users/${owner.id}/items`)).json()) as DemoItem[];
  const available = items.find((item) => item.status === 'available');
  if (!available) throw new Error(`${DEMO_OWNER} has no available item`);
  demoItem = available;
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

/** Opens the path and waits until its h1 is on screen (lazy screens have loaded). */
async function visit(page: Page, path: string): Promise<void> {
  await gotoReady(page, path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

const infoPaths = ['/help-center', '/safety-guide', '/legal', '/who-we-are'];

describe('accessibility: axe finds nothing serious on any screen', () => {
  it('visitor screens: landing, sign in, sign up, info pages, 404', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const { context, page } = await openPage(browser, viewport);
      for (const path of ['/', '/auth', '/forgot-password', ...infoPaths, '/no-such-page']) {
        await visit(page, path);
        await expectNoSeriousA11yViolations(page, `${path} (visitor, ${viewport.width} px)`);
      }
      await visit(page, '/auth');
      await page
        .getByRole('button', { name: /sign up/i })
        .first()
        .click();
      await page.getByLabel('First Name').waitFor();
      await expectNoSeriousA11yViolations(page, '/auth sign-up form');
      await context.close();
    }
  }, 240_000);

  it('signed-in screens and their dialogs', async () => {
    const { context, page } = await signedInPage(browser, { firstName: 'Ada', lastName: 'Quinn' });
    const paths = [
      '/',
      '/browse',
      `/item/${demoItem.id}`,
      '/profile',
      '/list-item',
      '/messages',
      '/favorites',
      '/alerts',
      '/settings',
      '/support',
      '/subscribe',
      ...infoPaths,
    ];
    for (const path of paths) {
      await visit(page, path);
      await expectNoSeriousA11yViolations(page, `${path} (signed in)`);
    }

    await visit(page, '/browse');
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.locator('.leaflet-container').first().waitFor();
    await expectNoSeriousA11yViolations(page, '/browse map view');

    // Dialogs and menus, each while open.
    await visit(page, `/item/${demoItem.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Message' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'message dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Open photo 1 of/ }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoSeriousA11yViolations(page, 'photo viewer');
    await page.keyboard.press('Escape');

    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    await expectNoSeriousA11yViolations(page, 'account menu');
    await page.keyboard.press('Escape');

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await page.getByRole('dialog').waitFor();
    await expectNoSeriousA11yViolations(page, 'notifications popover');
    await page.keyboard.press('Escape');
    await context.close();
  }, 240_000);

  it('a Premium member’s screens and an administrator’s dashboard', async () => {
    const member = await signedInPage(browser, { firstName: 'Ada', lastName: 'Quinn', isPremium: true });
    const admin = await signedInPageAs(browser, E2E_ADMIN);

    for (const path of ['/', '/bulk-listing', '/list-item', '/profile', '/browse']) {
      await visit(member.page, path);
      await expectNoSeriousA11yViolations(member.page, `${path} (Premium)`);
    }

    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await admin.page.setViewportSize(viewport);
      await visit(admin.page, '/');
      await expectNoSeriousA11yViolations(admin.page, `admin dashboard (${viewport.width} px)`);
    }
    await member.context.close();
    await admin.context.close();
  }, 120_000);
});

describe('keyboard: every action on the main screens is reachable with Tab', () => {
  it('browse, item, messages and list-item', async () => {
    const { context, page } = await signedInPage(browser, { firstName: 'Ada', lastName: 'Quinn' });
    for (const path of ['/browse', `/item/${demoItem.id}`, '/messages', '/list-item']) {
      await visit(page, path);
      await expectEveryActionReachableByKeyboard(page);
    }
    await context.close();
  }, 120_000);
});
