import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, listItemWithPhoto, signedInPage, VIEWPORTS } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The image preloads of the page (or of its head): what each asks for, by srcset and sizes. */
function imagePreloads(page: Page, within: 'head' | 'html' = 'html') {
  return page.locator(`${within} link[rel="preload"][as="image"]`).evaluateAll((links) =>
    links.map((link) => ({
      srcset: link.getAttribute('imagesrcset'),
      sizes: link.getAttribute('imagesizes'),
    })),
  );
}

describe('signed-in pages a parent opens from a link', () => {
  it('shows the item and its photo before any script runs, then works without fetching it again', async () => {
    const seller = await signedInPage(browser, { firstName: 'Nadia' });
    const item = await listItemWithPhoto(seller.context.request, {
      title: 'Rocking horse, solid oak',
      description: 'Barely used',
    });
    await seller.context.close();

    // A new listing is Premium members' alone for its first hour: the reader is Premium, so the
    // link opens it now.
    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Tom',
      isPremium: true,
    });
    const apiCalls: string[] = [];
    const photoCalls: string[] = [];
    page.on('request', (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiCalls.push(pathname);
      if (pathname.startsWith('/uploads/')) photoCalls.push(pathname);
    });
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });

    await page.goto(`/item/${item.id}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Rocking horse, solid oak', level: 1 }).waitFor();
    const photo = page.getByRole('img', { name: 'Rocking horse, solid oak' });
    const detailUrl = item.imageUrls[0] ?? '';
    const mediumUrl = detailUrl.replace(/\.webp$/, '-800.webp');
    expect(await photo.getAttribute('src')).toBe(detailUrl);
    expect(await photo.getAttribute('srcset')).toBe(`${mediumUrl} 800w, ${detailUrl} 1600w`);
    expect(await photo.getAttribute('sizes')).toMatch(/calc\(100vw - 32px\)$/);
    // Every image preload (the server's in the head, React's beside the img) asks with the img's
    // own srcset and sizes…
    const preloads = await imagePreloads(page);
    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) {
      expect(preload).toEqual({
        srcset: await photo.getAttribute('srcset'),
        sizes: await photo.getAttribute('sizes'),
      });
    }
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('main img')?.complete === true);
    // …so a phone fetches the 800 px photo once, and never the 1600 px one.
    expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(mediumUrl);
    expect(photoCalls).toEqual([mediumUrl]);
    expect(await page.title()).toBe('Rocking horse, solid oak · LittleLoop');

    releaseScripts();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    // The message dialog opens from the button that was in the HTML.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('dialog').waitFor();
    const listed = await page.getByText(/^Listed [A-Z][a-z]{2} \d/).textContent();
    const localDate = await page.evaluate(
      (createdAt) =>
        new Date(createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      item.createdAt,
    );
    expect(listed).toBe(`Listed ${localDate}`);
    // The page came with the item, the parent and the owner: the browser asked for none of them.
    expect(apiCalls.filter((path) => path === `/api/items/${item.id}` || path === '/api/user')).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the browse grid before any script runs, then filters without fetching the first page again', async () => {
    const seller = await signedInPage(browser, { firstName: 'Lena' });
    const item = await listItemWithPhoto(seller.context.request, {
      title: 'Marble run, 80 pieces',
      description: 'Barely used',
    });
    await seller.context.close();

    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Omar',
      isPremium: true,
    });
    const listCalls: string[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/items') listCalls.push(url.search);
    });
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });

    await page.goto('/browse', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Browse Items', level: 1 }).waitFor();
    await page
      .getByRole('link', { name: /Marble run, 80 pieces/ })
      .first()
      .waitFor();
    expect(await page.title()).toBe('Browse Items · LittleLoop');
    // The card offers the 300 and 600 px cards for the width its grid column has.
    const cardUrl = (item.imageUrls[0] ?? '').replace(/\.webp$/, '-card.webp');
    const card = page.getByRole('article', { name: 'Marble run, 80 pieces' }).first().locator('img');
    expect(await card.getAttribute('srcset')).toBe(
      `${cardUrl.replace(/\.webp$/, '-300.webp')} 300w, ${cardUrl} 600w`,
    );
    expect(await card.getAttribute('sizes')).toMatch(/^\(min-width: 1152px\) 264px, .*calc\(50vw - 22px\)$/);
    // The head's preload asks for the first photo of the grid as its card asks for it, and no
    // image preload asks for a photo by a bare URL.
    const firstCard = page.locator('main ul img[srcset]').first();
    const [headPreload] = await imagePreloads(page, 'head');
    expect(headPreload).toEqual({
      srcset: await firstCard.getAttribute('srcset'),
      sizes: await firstCard.getAttribute('sizes'),
    });
    for (const preload of await imagePreloads(page)) expect(preload.srcset).toMatch(/ 300w, .* 600w$/);

    releaseScripts();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(listCalls).toEqual([]);
    // The search box was in the HTML; typing in it now asks the API for the new results.
    const searched = page.waitForRequest((request) => request.url().includes('search=marble'));
    await page.getByRole('searchbox', { name: 'Search items' }).fill('marble');
    await searched;
    await page
      .getByRole('link', { name: /Marble run, 80 pieces/ })
      .first()
      .waitFor();
    expect(pageErrors).toEqual([]);
    expect(item.id).toBeGreaterThan(0);
    await context.close();
  });
});
