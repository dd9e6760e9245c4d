import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, signedInPage, VIEWPORTS } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type WebManifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

describe('LittleLoop on the home screen', () => {
  it('offers a valid manifest whose icons are the sizes it says', async () => {
    const { context, page } = await openPage(browser, VIEWPORTS.phone);
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/icons/apple-touch-icon.png',
    );
    const response = await context.request.get(`${baseUrl()}/manifest.webmanifest`);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: 'LittleLoop',
      short_name: 'LittleLoop',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e7b72',
    });
    // Chromium asks for 192 and 512 px icons, one of them maskable for Android's shapes.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const image = await context.request.get(`${baseUrl()}${icon.src}`);
      expect(image.headers()['content-type']).toBe('image/png');
      const { width, height } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    await context.close();
  });

  it('keeps the app shell, shows the last seen page offline, says when a page was never opened, and forgets the pages at sign-out', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      serviceWorkers: 'allow',
      firstName: 'Nora',
      lastName: 'Field',
    });

    await page.goto('/browse');
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    // The worker installs after the page loaded, precaching the shell, and takes the next page.
    const precached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const precache = names.find((name) => name.startsWith('workbox-precache'));
      if (!precache) return [];
      const requests = await (await caches.open(precache)).keys();
      return requests.map((request) => new URL(request.url).pathname);
    });
    const entryScript = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    expect(precached).toContain(entryScript);
    expect(precached).toContain('/offline.html');
    await page.reload();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('heading', { name: 'Browse Items', level: 1 }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Browse Items', level: 1 }).waitFor();
    await page.getByText("You're offline. You're seeing what you last opened on this device.").waitFor();

    await page.goto('/settings');
    await page.getByRole('heading', { name: "You're offline", level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Try again' }).waitFor();

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(await page.getByText("You're offline.", { exact: false }).count()).toBe(0);

    // The next person on this device must not find this parent's pages offline.
    const cacheNames = () => page.evaluate(() => caches.keys());
    expect(await cacheNames()).toEqual(expect.arrayContaining(['pages', 'api']));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Join Our Community' }).first().waitFor();
    await expect.poll(cacheNames).not.toContain('api');
    expect(await cacheNames()).not.toContain('pages');
    // Offline, the page's own requests failed by design (a request the service worker could not
    // answer from its caches reports ERR_FAILED, one it let through ERR_INTERNET_DISCONNECTED);
    // nothing else may have.
    expect(
      pageErrors.filter(
        (message) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|ERR_FAILED|NetworkError/.test(message),
      ),
    ).toEqual([]);
    await context.close();
  });
});
