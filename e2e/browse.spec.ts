import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, signedInPage, VIEWPORTS } from './fixtures.js';

// The machine is offline: map tiles are answered with a blank tile so Leaflet has something to draw.
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function serveBlankTiles(context: BrowserContext) {
  await context.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
}

/** Errors other than a failed resource load (other features' calls are not this test's subject). */
const realErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

/** Each card's item id, read from its title link. */
async function cardIds(page: Page): Promise<number[]> {
  const links = page.getByRole('list', { name: 'Search results' }).getByRole('article').getByRole('heading');
  const hrefs = await links
    .getByRole('link')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(href.split('/').pop()));
}

describe('browse (PRODUCT §2)', () => {
  it('keeps the filters in the URL, follows Back and Forward, and shows the map with its legend', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, {
      firstName: 'Noor',
      lastName: 'Haddad',
    });
    await serveBlankTiles(context);

    // A shared link: its filters show as active badges and in the filter controls.
    await gotoReady(page, '/browse?category=toys&exchangeType=free');
    await page.getByRole('heading', { level: 1, name: 'Browse Items' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Category: Toys' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Exchange: Free' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Category' }).textContent()).toContain('Toys');

    // Every card is a FREE toy (checked against the item itself), or the empty state shows.
    await page.getByText(/^\d+\+? items? found$/).waitFor();
    const ids = await cardIds(page);
    if (ids.length === 0) {
      await page.getByRole('heading', { name: 'No items found' }).waitFor();
    } else {
      const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
      for (let index = 0; index < ids.length; index += 1) {
        expect(await cards.nth(index).getByText('FREE', { exact: true }).count()).toBe(1);
        const response = await page.request.get(`/api/items/${ids[index]}`);
        expect(response.ok()).toBe(true);
        const item = (await response.json()) as { category: string; exchangeType: string };
        expect(item).toMatchObject({ category: 'toys', exchangeType: 'free' });
      }
    }

    // Choosing a filter adds a history entry; Back and Forward walk the URL and the screen follows.
    await page.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'Good', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('condition') === 'good');
    await page.getByRole('button', { name: 'Remove filter Condition: Good' }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('condition'));
    await page.getByRole('button', { name: 'Remove filter Condition: Good' }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Condition' }).getByText('Any condition').waitFor();
    await page.getByRole('button', { name: 'Remove filter Category: Toys' }).waitFor();

    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('condition') === 'good');
    await page.getByRole('button', { name: 'Remove filter Condition: Good' }).waitFor();

    // Clear Filters leaves a plain /browse, with every demo item to put on the map.
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.waitForURL((url) => url.pathname === '/browse' && url.search === '');
    await page.getByRole('list', { name: 'Search results' }).getByRole('article').first().waitFor();

    // The map view: legend Free, Swap, Sell, and at least one marker or cluster.
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'map');
    const legend = page.getByRole('list', { name: 'Map legend' });
    for (const name of ['Free', 'Swap', 'Sell']) await legend.getByText(name, { exact: true }).waitFor();
    const map = page.getByRole('region', { name: 'Map of items' });
    await map.getByRole('button', { name: /item/ }).first().waitFor();
    await page.getByRole('list', { name: 'Items on the map' }).getByRole('button').first().waitFor();

    // The view is in the URL too: Back returns to the grid.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    await page.getByRole('list', { name: 'Search results' }).waitFor();

    expect(realErrors(pageErrors)).toEqual([]);
    await context.close();
  });

  it('selects an item from the side list on a phone and opens its popup on the map', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Ada',
      lastName: 'Moss',
    });
    await serveBlankTiles(context);

    await gotoReady(page, '/browse?view=map');
    const map = page.getByRole('region', { name: 'Map of items' });
    await map.getByRole('button', { name: /item/ }).first().waitFor();
    const list = page.getByRole('list', { name: 'Items on the map' });
    // The first entry with a position (those without one say 'No location').
    const entry = list.getByRole('button').filter({ hasNotText: 'No location' }).first();
    const entryText = (await entry.textContent()) ?? '';
    await entry.click();
    expect(await entry.getAttribute('aria-pressed')).toBe('true');
    const popupLink = map.getByRole('link', { name: /^View item: / });
    await popupLink.waitFor();
    const title = ((await popupLink.getAttribute('aria-label')) ?? '').replace(/^View item: /, '');
    expect(title.length).toBeGreaterThan(0);
    expect(entryText.startsWith(title)).toBe(true);

    expect(realErrors(pageErrors)).toEqual([]);
    await context.close();
  });
});
