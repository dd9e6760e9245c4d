import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, signedInPage } from '../fixtures.js';
import { findDemoItem, infoPaths, visit } from './screens.js';

let browser: Browser;
let demoItemId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  demoItemId = (await findDemoItem(browser)).id;
});
afterAll(async () => {
  await browser.close();
});

describe('accessibility: axe finds nothing serious on a parent’s screens', () => {
  it('signed-in screens and their dialogs', async () => {
    const { context, page } = await signedInPage(browser, { firstName: 'Ada', lastName: 'Quinn' });
    const paths = [
      '/',
      '/browse',
      `/item/${demoItemId}`,
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
    await visit(page, `/item/${demoItemId}`);
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
});
