import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openPage, VIEWPORTS } from '../fixtures.js';
import { infoPaths, visit } from './screens.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('accessibility: axe finds nothing serious on a visitor’s screens', () => {
  it('landing, sign in, sign up, info pages, 404', async () => {
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
});
