import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage, registerParent, VIEWPORTS } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** docs/DESIGN.md: nothing scrolls sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('info pages at phone width, as a visitor', () => {
  it('help center: search filters the FAQ, "No results found" clears', async () => {
    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    await gotoReady(page, '/help-center');
    await page.getByRole('heading', { name: 'Help Center', level: 1 }).waitFor();
    await page.getByText('4 hours', { exact: true }).waitFor();
    await page.getByText('24 hours', { exact: true }).waitFor();
    for (const category of ['Getting Started', 'Safety & Trust', 'Premium Features']) {
      await page.getByRole('heading', { name: category }).waitFor();
    }
    await expectNoSidewaysScroll(page);

    const search = page.getByLabel('Search help articles');
    await search.fill('refund');
    await page.getByText('What does Premium cost?').waitFor();
    expect(await page.getByText('How do I list an item?').count()).toBe(0);

    await search.fill('trampoline');
    await page.getByText('No results found').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('How do I list an item?').waitFor();
    expect(await search.inputValue()).toBe('');

    // The contact form needs every field.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Message is required').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('safety guide: places to meet, tips, red flags, 911 and safe places on a map', async () => {
    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    await gotoReady(page, '/safety-guide');
    await page.getByRole('heading', { name: 'Safety Guide', level: 1 }).waitFor();
    for (const heading of ['Where to meet', 'Exchange tips', 'Red flags', 'Emergency contacts']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await page.getByRole('link', { name: '911' }).waitFor();
    await page
      .getByRole('list', { name: 'Safe meet-up places' })
      .getByText('Austin Central Library')
      .waitFor();
    await page.getByRole('region', { name: 'Map of safe meet-up places' }).waitFor();
    await page.getByRole('link', { name: 'Browse Items' }).last().waitFor();
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('legal: Privacy Policy by default, Terms of Service on its tab, both dated', async () => {
    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    await gotoReady(page, '/legal');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 2 }).waitFor();
    await page.getByText('Last updated: January 22, 2025').waitFor();
    await page.getByRole('tab', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 2 }).waitFor();
    await page.getByText('5. Premium and billing').waitFor();
    expect(await page.getByText('Last updated: January 22, 2025').count()).toBe(1);
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('about: the story, values and company, with ways to join and browse', async () => {
    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    await gotoReady(page, '/who-we-are');
    await page.getByRole('heading', { name: 'Our Story', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'What we care about' }).waitFor();
    await page.getByRole('heading', { name: 'The company' }).waitFor();
    expect(await page.getByRole('link', { name: 'Join Our Community' }).last().getAttribute('href')).toBe(
      '/auth',
    );
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Browse Items' }).getAttribute('href'),
    ).toBe('/browse');
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('support: asks a visitor to sign in, and helps a signed-in parent', async () => {
    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    await gotoReady(page, '/support');
    await page.getByText('Please sign in to access support.').waitFor();

    await registerParent(page.request, 'Ada', 'Moss');
    await gotoReady(page, '/support');
    await page.getByRole('heading', { name: 'Common issues' }).waitFor();
    await page.getByRole('heading', { name: 'Community guidelines' }).waitFor();
    await page.getByText('We typically reply within 24 hours.').waitFor();
    const contact = await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href');
    expect(contact).toMatch(/^mailto:support@littleloop\.app/);
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
