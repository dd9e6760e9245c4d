import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectEveryActionReachableByKeyboard, launchBrowser, signedInPage } from '../fixtures.js';
import { findDemoItem, visit } from './screens.js';

let browser: Browser;
let demoItemId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  demoItemId = (await findDemoItem(browser)).id;
});
afterAll(async () => {
  await browser.close();
});

describe('keyboard: every action on the main screens is reachable with Tab', () => {
  it('browse, item, messages and list-item', async () => {
    const { context, page } = await signedInPage(browser, { firstName: 'Ada', lastName: 'Quinn' });
    for (const path of ['/browse', `/item/${demoItemId}`, '/messages', '/list-item']) {
      await visit(page, path);
      await expectEveryActionReachableByKeyboard(page);
    }
    await context.close();
  }, 120_000);
});
