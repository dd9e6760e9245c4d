import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launchBrowser, listItemWithPhoto, signedInPage, VIEWPORTS } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * A phone four times slower than this machine, whose app script has not arrived yet: the page
 * the server rendered is all there is until `release()`.
 */
async function slowPhoneWithScriptsHeld(page: Page): Promise<{ release: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** A free item by another parent, and a reader who may open it now (Premium, granted by an administrator). */
async function itemAndReader(title: string) {
  const seller = await signedInPage(browser, { firstName: 'Iris' });
  const item = await listItemWithPhoto(
    seller.context.request,
    { title, description: 'Barely used' },
    '#7fb8a4',
  );
  await seller.context.close();
  // A new listing is Premium members' alone for its first hour.
  const reader = await signedInPage(browser, {
    viewport: VIEWPORTS.phone,
    firstName: 'Omar',
    isPremium: true,
  });
  return { item, ...reader };
}

describe('a tap before the script arrives is not lost', () => {
  it('opens the message dialog on an item page tapped the moment it appears', async () => {
    const { item, context, page, pageErrors } = await itemAndReader('Wooden stacking rings');
    const { release } = await slowPhoneWithScriptsHeld(page);

    await page.goto(`/item/${item.id}`, { waitUntil: 'commit' });
    const sendMessage = page.getByRole('button', { name: 'Send Message' });
    await sendMessage.click();
    // Held and shown as pressed, not dropped.
    expect(await sendMessage.getAttribute('data-early-tap')).toBe('');
    expect(await page.getByRole('dialog').count()).toBe(0);

    release();
    await page.getByRole('dialog').waitFor();
    expect(await sendMessage.getAttribute('data-early-tap')).toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('switches browse to the map and opens its filters when they are tapped before they work', async () => {
    const { context, page, pageErrors } = await itemAndReader('Toy garage with ramp');
    const { release } = await slowPhoneWithScriptsHeld(page);

    await page.goto('/browse', { waitUntil: 'commit' });
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByRole('button', { name: 'Show filters' }).click();

    release();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Hide filters' }).waitFor();
    await page.getByRole('tab', { name: 'Map', selected: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('map');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('server-renders the signed-in home near the remembered place, and keeps a chip tapped before the script', async () => {
    const { context, page, pageErrors } = await itemAndReader('Picture book about owls');
    // The reader chose a place on this device before: the server starts home from it.
    await context.addCookies([
      {
        name: 'littleloop.place',
        value: encodeURIComponent(JSON.stringify({ lat: 30.27, lng: -97.74, label: 'Austin, TX' })),
        url: baseUrl(),
      },
    ]);
    const { release } = await slowPhoneWithScriptsHeld(page);

    await page.goto('/', { waitUntil: 'commit' });
    // Drawn by the server: the place and the chips are there before any script.
    await page.getByRole('button', { name: /Near Austin, TX/ }).waitFor();
    expect(await page.locator('#root[data-prerendered="signed-in"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Free Only' }).click();

    release();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('exchangeType')).toBe('free');
    await page.getByRole('button', { name: 'Free Only', pressed: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('searches for words typed and sent with Enter before the script, on Browse and from home', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Lena',
    });
    const searchBox = page.getByRole('searchbox', { name: 'Search items' });
    for (const [path, words] of [
      ['/browse', 'rocking horse'],
      ['/', 'snow boots'],
    ] as const) {
      const { release } = await slowPhoneWithScriptsHeld(page);
      await page.goto(path, { waitUntil: 'commit' });
      await searchBox.fill(words);
      await searchBox.press('Enter');
      // Held: not sent as a blank search, not dropped.
      expect(new URL(page.url()).pathname, path).toBe(path);
      release();
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      // Sent once the app has taken the page over, with the words typed before.
      await page.waitForURL((url) => url.pathname === '/browse' && url.searchParams.get('search') === words);
      await page
        .getByText(/items? found/)
        .first()
        .waitFor();
      expect(await searchBox.inputValue(), path).toBe(words);
      await page.unrouteAll();
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('asks for the app scripts and the screen chunks only once the page has painted, and breaks no part of the security policy', async () => {
    const { item, context, page, pageErrors } = await itemAndReader('Knitted rabbit');
    const violations: string[] = [];
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`policy violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    page.on('console', (message) => {
      if (message.text().startsWith('policy violation')) violations.push(message.text());
    });

    const screens = [
      { path: `/item/${item.id}`, chunk: 'item-detail' },
      { path: '/', chunk: 'home' },
      { path: '/browse', chunk: 'browse' },
    ];
    for (const { path, chunk } of screens) {
      await gotoReady(page, path);
      expect(await page.locator('#root[data-prerendered]').count(), path).toBe(1);
      // The screen's own chunks are asked for with the entry, in one go, not one by one later.
      const deferred = await page
        .locator('meta[name="app-preload"]')
        .evaluateAll((metas) => metas.flatMap((meta) => (meta.getAttribute('content') ?? '').split(' ')));
      expect(
        deferred.some((file) => file.startsWith(`/assets/${chunk}-`)),
        path,
      ).toBe(true);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      }));
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.paint);
    }
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
