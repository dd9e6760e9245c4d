import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  gotoReady,
  grantPremium,
  launchBrowser,
  listItemWithPhoto,
  openPage,
  PARENT_PASSWORD,
  signedInPage,
  VIEWPORTS,
} from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Saves a screenshot when SCREENSHOT_DIR is set, to look at the screens at both widths. */
async function snap(page: Page, name: string): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (directory) await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

/** The newest .eml in the server's outbox addressed to `to`, decoded from quoted-printable. */
async function latestMailTo(to: string): Promise<string> {
  const outbox = join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const raw = await readFile(join(outbox, name), 'utf8');
      if (!raw.includes(to)) continue;
      return raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} in ${outbox}`);
}

describe('settings, referral, reviews, verification and leaving', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`generates a referral code and a friend applies it in /settings (${label})`, async () => {
      const inviter = await signedInPage(browser, {
        viewport: viewport,
        firstName: 'Rosa',
        lastName: 'Inviter',
      });
      await inviter.page.goto('/settings');
      await inviter.page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
      await snap(inviter.page, `settings-${viewport.width}`);
      await inviter.page.getByRole('button', { name: 'Generate my code' }).click();
      await inviter.page.getByText('give you both 1 week free premium').first().waitFor();
      const code =
        (await inviter.page.getByRole('status', { name: 'Your referral code' }).textContent())?.trim() ?? '';
      expect(code).toMatch(/^[A-Z2-9]{6}$/);

      const friend = await signedInPage(browser, {
        viewport: viewport,
        firstName: 'Ben',
        lastName: 'Friend',
      });
      await friend.page.goto('/settings');
      const input = friend.page.getByRole('textbox', { name: "Have a friend's code?" });
      const apply = friend.page.getByRole('button', { name: 'Apply', exact: true });
      expect(await apply.isDisabled()).toBe(true);
      await input.fill(`${code.toLowerCase()}XYZ`);
      expect(await input.inputValue()).toBe(code);
      await apply.click();
      // A new parent has not verified her e-mail or listed anything yet: the week waits, and the
      // toast says so instead of PRODUCT's 'earned'.
      await friend.page
        .getByText(
          'Referral code applied! You and your friend will both earn 1 week free premium once you have verified your e-mail and listed an item or completed a handover.',
        )
        .first()
        .waitFor();
      await friend.page.getByText(`You joined with the code ${code}`).waitFor();
      const me = (await (await friend.context.request.get('/api/user')).json()) as {
        subscriptionEndsAt: string | null;
      };
      expect(me.subscriptionEndsAt).toBeNull();
      await snap(friend.page, `settings-applied-${viewport.width}`);
      expect([...inviter.pageErrors, ...friend.pageErrors]).toEqual([]);
      await inviter.context.close();
      await friend.context.close();
    });
  }

  it('records who received an item, which counts once they confirm it; then each reviews the other and the owner answers', async () => {
    const owner = await signedInPage(browser, { firstName: 'Olga', lastName: 'Owner' });
    const receiver = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Rita',
      lastName: 'Receiver',
    });
    const { id: itemId } = await listItemWithPhoto(
      owner.context.request,
      { title: `Rocking horse ${Date.now()}` },
      '#88aacc',
    );
    // A new listing is Premium members' alone for its first hour (early access): the receiver
    // is Premium, so they can ask about it now.
    await grantPremium(receiver.parent.id);
    const started = await receiver.context.request.post('/api/conversations', {
      data: { itemId, sellerId: owner.parent.id },
    });
    expect(started.status(), await started.text()).toBeLessThan(300);

    await gotoReady(owner.page, `/item/${itemId}`);
    await owner.page
      .getByRole('group', { name: 'Mark this item as' })
      .getByRole('button', { name: 'Free' })
      .click();
    await owner.page.getByRole('radio', { name: 'Rita Receiver' }).click();
    await snap(owner.page, 'record-exchange-1280');
    await owner.page.getByRole('button', { name: 'Record exchange' }).click();
    // The owner's word alone opens no review: the handover counts once Rita confirms it.
    await owner.page
      .getByText(/Waiting for Rita to confirm/)
      .first()
      .waitFor();
    await receiver.page.goto('/profile?tab=reviews');
    await receiver.page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(await receiver.page.getByRole('button', { name: 'Rate Olga' }).count()).toBe(0);
    await gotoReady(receiver.page, `/item/${itemId}`);
    await receiver.page.getByRole('button', { name: 'Received', exact: true }).click();
    await receiver.page.getByRole('button', { name: 'Rate Olga' }).waitFor();

    await receiver.page.goto('/profile?tab=reviews');
    await receiver.page.getByRole('button', { name: 'Rate Olga' }).waitFor();
    await snap(receiver.page, 'to-review-390');
    await receiver.page.getByRole('button', { name: 'Rate Olga' }).click();
    const dialog = receiver.page.getByRole('dialog', { name: 'Rate Olga' });
    await dialog.getByRole('radio', { name: '4 stars: Very good' }).click();
    await dialog
      .getByRole('textbox', { name: 'Your review (optional)' })
      .fill('Kind and punctual, thank you!');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.waitFor({ state: 'detached' });

    await owner.page.goto('/profile?tab=reviews');
    const reviews = owner.page.getByRole('list', { name: 'Reviews' });
    await reviews.getByText('Kind and punctual, thank you!').waitFor();
    await owner.page.getByRole('tab', { name: 'Reviews (1)' }).waitFor();
    await owner.page.getByRole('button', { name: 'Answer publicly' }).click();
    await owner.page.getByRole('textbox', { name: /Your public answer/ }).fill('Enjoy the horse!');
    await owner.page.getByRole('button', { name: 'Post answer' }).click();
    await reviews.getByText('Enjoy the horse!').waitFor();
    await owner.page.getByRole('button', { name: 'Rate Rita' }).click();
    const back = owner.page.getByRole('dialog', { name: 'Rate Rita' });
    await back.getByRole('radio', { name: '5 stars: Excellent' }).click();
    await back.getByRole('button', { name: 'Post review' }).click();
    await back.waitFor({ state: 'detached' });
    await snap(owner.page, 'reviews-1280');

    await receiver.page.goto(`/profile/${owner.parent.id}?tab=reviews`);
    await receiver.page.getByText('Enjoy the horse!').waitFor();
    await receiver.page.getByText('4.0').first().waitFor();
    await snap(receiver.page, 'reviews-390');
    expect([...owner.pageErrors, ...receiver.pageErrors]).toEqual([]);
    await owner.context.close();
    await receiver.context.close();
  });

  it('verifies the e-mail through the link in the outbox', async () => {
    const vera = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Vera',
      lastName: 'Verify',
    });
    const mail = await latestMailTo(vera.parent.email);
    const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    await vera.page.goto('/settings');
    await vera.page.getByText('Not verified').waitFor();
    await vera.page.goto(link ?? '');
    await vera.page.getByRole('heading', { name: 'Your e-mail is verified' }).waitFor();
    await snap(vera.page, 'verified-390');
    await vera.page.getByRole('link', { name: 'Go to Settings' }).click();
    await vera.page.getByText('Verified', { exact: true }).waitFor();
    // The link works once.
    await vera.page.goto(link ?? '');
    await vera.page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    expect(vera.pageErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await vera.context.close();
  });

  it('changes the password in /settings, on a phone, and signs in with the new one', async () => {
    const pia = await signedInPage(browser, {
      viewport: VIEWPORTS.phone,
      firstName: 'Pia',
      lastName: 'Password',
    });
    await pia.page.goto('/settings');
    await pia.page.getByLabel('Current Password').fill(PARENT_PASSWORD);
    await pia.page.getByLabel('New Password', { exact: true }).fill('another-secret');
    await pia.page.getByLabel('Confirm New Password').fill('another-secret');
    await snap(pia.page, 'change-password-390');
    await pia.page.getByRole('button', { name: 'Change password' }).click();
    await pia.page.getByText('Password changed', { exact: true }).waitFor();
    // Still signed in on this device.
    await pia.page.reload();
    await pia.page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    const fresh = await openPage(browser, VIEWPORTS.phone);
    const old = await fresh.context.request.post('/api/login', {
      data: { email: pia.parent.email, password: PARENT_PASSWORD },
    });
    expect(old.status()).toBe(401);
    const renewed = await fresh.context.request.post('/api/login', {
      data: { email: pia.parent.email, password: 'another-secret' },
    });
    expect(renewed.status()).toBe(200);
    expect(pia.pageErrors).toEqual([]);
    await fresh.context.close();
    await pia.context.close();
  });

  it('deletes one’s own account after the typed confirmation and the password', async () => {
    const leo = await signedInPage(browser, { firstName: 'Leo', lastName: 'Leaving' });
    await leo.page.goto('/settings');
    await leo.page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = leo.page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete forever' });
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your password').fill(PARENT_PASSWORD);
    await snap(leo.page, 'delete-dialog-1280');
    await confirm.click();
    await leo.page.waitForURL((url) => url.pathname === '/');
    await leo.page.getByText('Sign In', { exact: true }).first().waitFor();
    const login = await leo.context.request.post('/api/login', {
      data: { email: leo.parent.email, password: PARENT_PASSWORD },
    });
    expect(login.status()).toBe(401);
    expect(leo.pageErrors).toEqual([]);
    await leo.context.close();
  });
});
