import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage, uniqueEmail } from './fixtures.js';

// The built server seeds 16 demo families on its first start; they all share this password.
const DEMO_PASSWORD = 'littleloop-demo';
const OWNER_EMAIL = 'maya.thompson.1@demo.littleloop.app';

type DemoItem = { id: number; title: string; status: string };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('messaging between two parents', () => {
  it('messages an owner, who sees the bell change live and replies; the reply arrives live', async () => {
    // B: the demo family that owns the item, signed in by cookie.
    const owner = await openPage(browser);
    const login = await owner.context.request.post('/api/login', {
      data: { email: OWNER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const ownerUser = (await login.json()) as { id: number; firstName: string; lastName: string };
    const listed = await owner.context.request.get(`/api/users/${ownerUser.id}/items`);
    const item = ((await listed.json()) as DemoItem[]).find((entry) => entry.status === 'available');
    if (!item) throw new Error(`${OWNER_EMAIL} has no available item to ask about`);

    // A: a new parent.
    const asker = await openPage(browser);
    const registered = await asker.context.request.post('/api/register', {
      data: { email: uniqueEmail('asker'), password: 'secret1', firstName: 'Lena', lastName: 'Park' },
    });
    expect(registered.status()).toBe(201);

    await owner.page.goto('/');
    const ownerBell = owner.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await ownerBell.waitFor();
    const before = (await ownerBell.getAttribute('aria-label')) ?? '';
    const unreadBefore = Number(/(\d+)/.exec(before)?.[1] ?? 0);

    // A opens the item and writes from the message dialog; Enter sends.
    const question = `Hello! Is the ${item.title} still available? (${Date.now()})`;
    await gotoReady(asker.page, `/item/${item.id}`);
    await asker.page.getByRole('heading', { level: 1, name: item.title }).waitFor();
    await asker.page.getByRole('main').getByRole('button', { name: 'Send Message' }).click();
    const askerDialog = asker.page.getByRole('dialog', { name: new RegExp(ownerUser.firstName) });
    const askerInput = askerDialog.getByRole('textbox', { name: 'Message' });
    await askerInput.fill(question);
    await askerInput.press('Enter');
    const askerThread = askerDialog.getByRole('log', { name: 'Messages' });
    await askerThread.getByText(question).waitFor();
    await askerDialog.getByRole('link', { name: 'Safety guide' }).waitFor();

    // B's bell counts the new message without a reload.
    await owner.page
      .getByRole('banner')
      .getByRole('button', {
        name: `Notifications, ${unreadBefore + 1 > 9 ? '9+' : unreadBefore + 1} unread`,
      })
      .waitFor();

    // B goes to /messages (in-app navigation, no reload) and answers in the dialog.
    await owner.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await owner.page.waitForURL((url) => url.pathname === '/messages');
    const card = owner.page.getByRole('article', { name: 'Lena Park' });
    await card.getByText(question).waitFor();
    await card.getByRole('button', { name: 'Lena Park', exact: true }).click();
    const ownerDialog = owner.page.getByRole('dialog', { name: /Lena Park/ });
    await ownerDialog.getByRole('log', { name: 'Messages' }).getByText(question).waitFor();
    const reply = `Yes, it is! Pick it up tomorrow? (${Date.now()})`;
    const ownerInput = ownerDialog.getByRole('textbox', { name: 'Message' });
    await ownerInput.fill(reply);
    await ownerInput.press('Enter');
    await ownerDialog.getByRole('log', { name: 'Messages' }).getByText(reply).waitFor();

    // A's open dialog shows the reply without a reload.
    await askerThread.getByText(reply).waitFor();

    // B read the question, so B's bell is back where it started (the page behind a modal dialog
    // is hidden from the accessibility tree, so close it first).
    await owner.page.keyboard.press('Escape');
    await ownerDialog.waitFor({ state: 'detached' });
    await owner.page
      .getByRole('banner')
      .getByRole('button', {
        name: unreadBefore > 0 ? new RegExp(`Notifications, ${unreadBefore}`) : 'Notifications',
      })
      .first()
      .waitFor();

    expect(owner.pageErrors).toEqual([]);
    expect(asker.pageErrors).toEqual([]);
    await owner.context.close();

    // A saves the item and finds it on /favorites.
    await asker.page.keyboard.press('Escape');
    await askerDialog.waitFor({ state: 'detached' });
    const main = asker.page.getByRole('main');
    await main.getByRole('button', { name: 'Save', exact: true }).click();
    await main.getByRole('button', { name: 'Saved', exact: true }).waitFor();
    await asker.page.getByText('Added to favorites', { exact: true }).waitFor();
    await asker.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Favorites' })
      .click();
    await asker.page.getByText('1 saved item').waitFor();
    const saved = asker.page
      .getByRole('list', { name: 'Favorite items' })
      .getByRole('article', { name: item.title });
    await saved.waitFor();
    expect(await saved.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');

    expect(asker.pageErrors).toEqual([]);
    await asker.context.close();
  });
});
