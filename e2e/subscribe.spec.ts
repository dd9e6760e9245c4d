import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signedInPage, signedInPageAs, VIEWPORTS } from './fixtures.js';

// The built server seeds demo families on first start; family 12 is one of the Premium ones.
const DEMO_PASSWORD = 'littleloop-demo';
const PREMIUM_EMAIL = 'diego.hernandez.12@demo.littleloop.app';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each(Object.entries(VIEWPORTS))('/subscribe at %s width', (_name, viewport) => {
  it('asks a visitor to sign in', async () => {
    const { context, page } = await openPage(browser, viewport);
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('offers Premium to a free parent: features, both plans, billing note and the referral box', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, {
      viewport,
      firstName: 'Lena',
      lastName: 'Fox',
    });
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Upgrade to LittleLoop Premium' }).waitFor();

    const features = page.getByRole('region', { name: '11 Premium features' });
    expect(await features.getByRole('listitem').count()).toBe(11);
    expect(await features.getByRole('heading', { level: 3 }).count()).toBe(6);
    await page.getByText('$2.99', { exact: true }).waitFor();
    await page.getByText('$0', { exact: true }).waitFor();
    await page.getByText('Current plan').waitFor();

    // No card billing on this server: the start button explains instead of opening checkout.
    await page
      .getByText(/Card billing is not set up/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Start Premium' }).click();
    await page.getByText('Card billing is not set up', { exact: true }).first().waitFor();

    const code = page.getByLabel('Referral code', { exact: true });
    const apply = page.getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    await code.fill('abc1234');
    expect(await code.inputValue()).toBe('ABC123');
    expect(await apply.isDisabled()).toBe(false);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a Premium member granted by the team where Premium comes from, and no cancel button', async () => {
    // Demo Premium families hold the administrator's grant, not a paid subscription.
    const { context, page, pageErrors } = await signedInPageAs(
      browser,
      { email: PREMIUM_EMAIL, password: DEMO_PASSWORD },
      { viewport },
    );
    await page.goto('/subscribe');
    await page.getByText('Active Premium Member').waitFor();
    await page.getByRole('heading', { name: 'Your Premium features' }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('Granted by the LittleLoop team').waitFor();
    await page.getByText('When the team switches it off').waitFor();
    expect(await page.getByRole('link', { name: 'Cancel subscription' }).count()).toBe(0);
    expect(await page.getByText('Cancelling stops the next payment', { exact: false }).count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
