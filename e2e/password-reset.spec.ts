import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { gotoReady, launchBrowser, openPage, uniqueEmail, VIEWPORTS } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Quoted-printable, as nodemailer writes long lines: soft breaks out, =XX back to bytes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset link in the newest .eml written to this address (DATA_DIR/outbox). */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const message = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'));
      if (!message.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(message);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset e-mail for ${email} in ${outbox}`);
}

describe('password reset', () => {
  it('e-mails a link that sets a new password once, then sign-in works with it', async () => {
    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    const email = uniqueEmail('forgetful');
    const registered = await page.request.post('/api/register', {
      data: { email, password: 'old-secret', firstName: 'Rosa', lastName: 'Park' },
    });
    expect(registered.status()).toBe(201);
    await page.request.post('/api/logout');

    await gotoReady(page, '/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await page.getByRole('button', { name: 'Send Another Request' }).waitFor();

    const link = await resetLinkFor(email);
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('new-secret');
    await page.getByLabel('Confirm New Password').fill('new-secrets');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password').fill('new-secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful').first().waitFor();
    await page.waitForURL('**/auth');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-secret');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: /Rosa/ }).waitFor();

    // The link is used up: a second visit (signed out) gets a clear message.
    await page.request.post('/api/logout');
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('third-secret');
    await page.getByLabel('Confirm New Password').fill('third-secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Reset Failed').first().waitFor();
    await page
      .getByRole('alert')
      .getByText(/already been used/)
      .waitFor();

    expect(pageErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('sends a reset link without a token back to sign-in with PRODUCT’s toast', async () => {
    const { context, page } = await openPage(browser, VIEWPORTS.phone);
    await page.goto('/reset-password');
    await page.getByText('This password reset link is invalid or missing a token.').first().waitFor();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('keeps Contact Support for Reset as the second way', async () => {
    const { context, page } = await openPage(browser, VIEWPORTS.phone);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Contact Support for Reset' }).click();
    await page.getByText('Email Client Opened').first().waitFor();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await page.getByRole('button', { name: 'Send Another Request' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await context.close();
  });
});
