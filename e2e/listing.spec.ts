import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, VIEWPORTS } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A real JPEG the browser can scale down and the server can re-encode. */
async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function chooseOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.each(Object.entries(VIEWPORTS))('listing an item at %s width', (_name, viewport) => {
  it('lists an item with two photos, finds it, edits it, marks it Sold and deletes it', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport,
      firstName: 'Lena',
      lastName: 'Park',
    });
    const title = `Wooden stacking rings ${Date.now()}`;

    await page.goto('/list-item');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Rainbow rings on a wooden peg, all seven there.');
    await chooseOption(page, 'Category', 'Toys');
    await chooseOption(page, 'Condition', 'Like New');
    await page.getByRole('radio', { name: /^Free/ }).check();
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'rings-front.jpg', mimeType: 'image/jpeg', buffer: await photo('#f59e0b') },
      { name: 'rings-side.jpg', mimeType: 'image/jpeg', buffer: await photo('#0ea5e9') },
    ]);
    await page.getByText('2 / 3 photos').waitFor();
    await page.getByRole('button', { name: 'List Item' }).click();
    // PRODUCT §2: after saving, home after 1.5 s.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

    await page.goto('/profile');
    const card = page.locator('article', { hasText: title });
    await card.waitFor();
    await card.getByRole('link', { name: title }).first().click();
    await page.waitForURL(/\/item\/\d+$/);
    await page.getByRole('heading', { name: title }).waitFor();
    const main = page.getByRole('main');
    // Both photos made it through upload and re-encoding.
    await main.locator('img[src*="/uploads/"]').nth(1).waitFor();

    await main.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/list-item\?edit=\d+$/);
    const titleField = page.getByLabel('Title');
    await expect.poll(() => titleField.inputValue()).toBe(title);
    await titleField.fill(`${title} (updated)`);
    await page.getByRole('button', { name: 'Update Item' }).click();
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 15_000 });

    const updatedCard = page.locator('article', { hasText: `${title} (updated)` });
    await updatedCard.waitFor();
    await updatedCard.getByRole('button', { name: 'Sold', exact: true }).click();
    await updatedCard.getByRole('button', { name: 'Mark Available' }).waitFor();
    await updatedCard.getByText('Sold', { exact: true }).first().waitFor();

    await updatedCard.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to delete this item? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText("You haven't listed any items yet").waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
