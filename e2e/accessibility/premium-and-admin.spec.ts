import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  E2E_ADMIN,
  expectNoSeriousA11yViolations,
  launchBrowser,
  signedInPage,
  signedInPageAs,
  VIEWPORTS,
} from '../fixtures.js';
import { visit } from './screens.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('accessibility: axe finds nothing serious on Premium and administrator screens', () => {
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
