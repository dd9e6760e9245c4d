import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  gotoReady,
  launchBrowser,
  listItemWithPhoto,
  signedInPage,
  signedInPageAs,
  VIEWPORTS,
} from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A parent signed up through the API in a context of their own. */
async function parent(firstName: string, lastName: string) {
  const { context, parent: signedUp } = await signedInPage(browser, { firstName, lastName });
  return { context, request: context.request, email: signedUp.email, id: signedUp.id };
}

const signInAsAdmin = (viewport: { width: number; height: number }) =>
  signedInPageAs(browser, inject('admin'), { viewport });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

async function noPageScrollSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function screenshot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

describe('the admin dashboard', () => {
  it('resolves a report, deletes a user and approves a flagged listing', async () => {
    const stamp = Date.now();
    const seller = await parent('Sasha', 'Crib');
    const reporter = await parent('Rita', 'Report');
    const doomed = await parent('Dorian', `Gone${stamp}`);
    const listing = await listItemWithPhoto(
      seller.request,
      {
        title: `Drop-side crib ${stamp}`,
        description: 'Solid wood, mattress included.',
        category: 'other',
        latitude: 40.7411,
        longitude: -73.9897,
      },
      '#c9a27a',
    );
    expect(listing.warning).toContain('Only you can see this listing');
    const reason = `Asked me to pay outside the app ${stamp}`;
    expect(
      (await reporter.request.post('/api/users/report', { data: { userId: seller.id, reason } })).ok(),
    ).toBe(true);

    const { page, pageErrors } = await signInAsAdmin(VIEWPORTS.desktop);
    await gotoReady(page, '/browse');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const stats = page.getByRole('region', { name: 'Statistics' });
    await stats.getByText('Total Users').waitFor();

    // Reports: mark the report resolved; the action then stays disabled (PRODUCT §4).
    await openTab(page, 'Reports');
    await page.getByRole('searchbox', { name: 'Search reports by reason or id' }).fill(String(stamp));
    const row = page.getByRole('row').filter({ hasText: reason });
    await row.waitFor();
    await row.getByRole('button', { name: /^Mark Resolved/ }).click();
    await page.getByText('Report status updated successfully', { exact: true }).first().waitFor();
    await row.getByText('Resolved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Mark Resolved/ }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: /^Dismiss/ }).isDisabled()).toBe(false);

    // Users Management: delete a parent after the confirmation.
    await openTab(page, 'Users Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(doomed.email);
    const userRow = page.getByRole('row').filter({ hasText: doomed.email });
    await userRow.waitFor();
    await userRow.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('This action cannot be undone', { exact: false }).waitFor();
    await screenshot(page, 'admin-delete-confirm-1280');
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await page
      .getByText('User and all associated data deleted successfully', { exact: true })
      .first()
      .waitFor();
    await userRow.waitFor({ state: 'detached' });
    expect((await doomed.request.get('/api/user')).status()).toBe(401);
    // Nobody can delete an administrator from here.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(inject('admin').email);
    const adminRow = page.getByRole('row').filter({ hasText: inject('admin').email });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await adminRow.getByRole('button', { name: /^Make Premium/ }).isDisabled()).toBe(true);

    // Moderation: the hidden crib waits for a decision; approving shows it to other families.
    await openTab(page, 'Moderation');
    const card = page.getByRole('listitem', { name: `Drop-side crib ${stamp}` });
    await card.getByText('Drop-side cribs are banned', { exact: false }).waitFor();
    await card.getByText('Hidden', { exact: true }).waitFor();
    await screenshot(page, 'admin-moderation-1280');
    await card.getByRole('button', { name: /^Approve/ }).click();
    await page.getByText('Listing approved', { exact: true }).first().waitFor();
    await card.waitFor({ state: 'detached' });
    // A Premium neighbour (who sees new listings at once) now finds it.
    const neighbour = await parent('Nina', 'Nearby');
    const admin = page.context().request;
    expect(
      (await admin.put(`/api/admin/users/${neighbour.id}/premium`, { data: { isPremium: true } })).ok(),
    ).toBe(true);
    expect((await neighbour.request.get(`/api/items/${listing.id}`)).status()).toBe(200);

    // The audit log shows all three actions.
    await openTab(page, 'Audit Log');
    const log = page.getByRole('list', { name: 'Administrator actions' });
    await log.getByText(`Drop-side crib ${stamp}`, { exact: false }).waitFor();
    await log.getByText(doomed.email, { exact: false }).waitFor();
    await log.getByText(reason, { exact: false }).waitFor();
    await screenshot(page, 'admin-audit-1280');
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone: the page never scrolls sideways, tables become cards', async () => {
    const { page, pageErrors } = await signInAsAdmin(VIEWPORTS.phone);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('list', { name: 'All users' }).waitFor();
    await noPageScrollSideways(page);
    await screenshot(page, 'admin-users-390');
    for (const tab of ['Reports', 'Moderation', 'Audit Log']) {
      await openTab(page, tab);
      await page.getByRole('tabpanel').waitFor();
      await noPageScrollSideways(page);
      await screenshot(page, `admin-${tab.toLowerCase().replace(' ', '-')}-390`);
    }
    expect(pageErrors).toEqual([]);
  });
});
