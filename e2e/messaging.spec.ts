import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  gotoReady,
  launchBrowser,
  signedInPage,
  signedInPageAs,
} from './fixtures.js';

// The built server seeds 16 demo families on its first start; they all share this password.
const DEMO_PASSWORD = 'littleloop-demo';
const OWNER_EMAIL = 'maya.thompson.1@demo.littleloop.app';

type DemoItem = { id: number; title: string; status: string };

/** The first demo families (catalog order: id n is FIRST_NAMES[n-1].LAST_NAMES[n-1]). */
const DEMO_OWNERS = [
  'maya.thompson.1@demo.littleloop.app',
  'jordan.nguyen.2@demo.littleloop.app',
  'priya.patel.3@demo.littleloop.app',
];
const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

/** Saves a screenshot when SCREENSHOT_DIR is set, to look at the screens at both widths. */
async function snap(page: Page, name: string): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

/** The page scrolls sideways by this many pixels (docs/DESIGN.md: never). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * `asker` asks a demo family about one of their available items and gets `replies` back, so the
 * thread has both sides. Returns the conversation's id.
 */
async function converse(
  browser: Browser,
  asker: APIRequestContext,
  ownerEmail: string,
  question: string,
  replies: string[],
): Promise<number> {
  const {
    context: owner,
    parent: { id: ownerId },
  } = await signedInPageAs(browser, { email: ownerEmail, password: DEMO_PASSWORD });
  const listed = (await (await owner.request.get(`/api/users/${ownerId}/items`)).json()) as DemoItem[];
  const item = listed.find((entry) => entry.status === 'available');
  if (!item) throw new Error(`${ownerEmail} has no available item to ask about`);
  const started = await asker.post('/api/conversations', { data: { itemId: item.id, sellerId: ownerId } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { id } = (await started.json()) as { id: number };
  const sent = await asker.post(`/api/conversations/${id}/messages`, { data: { content: question } });
  expect(sent.ok(), await sent.text()).toBe(true);
  for (const reply of replies) {
    const answered = await owner.request.post(`/api/conversations/${id}/messages`, {
      data: { content: reply },
    });
    expect(answered.ok(), await answered.text()).toBe(true);
  }
  await owner.close();
  return id;
}

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
    const owner = await signedInPageAs(browser, { email: OWNER_EMAIL, password: DEMO_PASSWORD });
    const ownerUser = owner.parent;
    const listed = await owner.context.request.get(`/api/users/${ownerUser.id}/items`);
    const item = ((await listed.json()) as DemoItem[]).find((entry) => entry.status === 'available');
    if (!item) throw new Error(`${OWNER_EMAIL} has no available item to ask about`);

    // A: a new parent.
    const asker = await signedInPage(browser, { firstName: 'Lena', lastName: 'Park' });

    await gotoReady(owner.page, '/');
    const ownerBell = owner.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    // The page the server drew says the bell is busy until the app has read its count.
    await expect.poll(() => ownerBell.getAttribute('aria-busy')).toBeNull();
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

    // B goes to /messages (in-app navigation, no reload) and answers beside the list.
    await owner.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await owner.page.waitForURL((url) => url.pathname === '/messages');
    const card = owner.page.getByRole('article', { name: 'Lena Park' });
    await card.getByText(question).waitFor();
    await card.getByRole('link', { name: 'Lena Park', exact: true }).click();
    await owner.page.waitForURL((url) => url.searchParams.has('conversation'));
    const ownerPane = owner.page.getByRole('region', { name: 'Conversation thread' });
    await ownerPane.getByRole('log', { name: 'Messages' }).getByText(question).waitFor();
    const reply = `Yes, it is! Pick it up tomorrow? (${Date.now()})`;
    const ownerInput = ownerPane.getByRole('textbox', { name: 'Message' });
    await ownerInput.fill(reply);
    await ownerInput.press('Enter');
    await ownerPane.getByRole('log', { name: 'Messages' }).getByText(reply).waitFor();

    // A's open dialog shows the reply without a reload.
    await askerThread.getByText(reply).waitFor();

    // B read the question, so B's bell is back where it started.
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

describe('the inbox: two panes on a desktop, one at a time on a phone', () => {
  it('shows the list and the open thread side by side at 1280 px, and the thread alone with Back at 375 px', async () => {
    const parent = await signedInPage(browser, { viewport: DESKTOP, firstName: 'Nora', lastName: 'Quinn' });
    const stamp = Date.now();
    const ask = parent.context.request;
    await converse(
      browser,
      ask,
      DEMO_OWNERS[1] ?? '',
      `Do the rain boots still fit a 4-year-old? (${stamp})`,
      ['They are size 10, so probably yes!'],
    );
    const withMaya = await converse(
      browser,
      ask,
      DEMO_OWNERS[0] ?? '',
      `Hi! Could I pick this up on Saturday morning? (${stamp})`,
      ['Saturday works. The library on Elm Street at 10?', 'I can bring a bag for it too.'],
    );
    const page = parent.page;

    // Desktop: nothing open yet, so the right pane asks to choose.
    await gotoReady(page, '/messages');
    const list = page.getByRole('list', { name: 'Conversations' });
    const pane = page.getByRole('region', { name: 'Conversation thread' });
    await list.getByRole('article').nth(1).waitFor();
    await pane.getByRole('heading', { name: 'Choose a conversation' }).waitFor();
    await snap(page, 'messages-empty-pane-1280');

    const maya = list.getByRole('link', { name: /^Maya / });
    await maya.click();
    await page.waitForURL((url) => url.searchParams.get('conversation') === String(withMaya));
    const heading = pane.getByRole('heading', { level: 2, name: /^Maya / });
    await heading.waitFor();
    const thread = pane.getByRole('log', { name: 'Messages' });
    await thread.getByText('I can bring a bag for it too.').waitFor();
    // Both panes show at once, the list on the left, and the picked card is marked.
    expect(await list.isVisible()).toBe(true);
    expect(await pane.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    const listBox = await list.boundingBox();
    const paneBox = await pane.boundingBox();
    if (!listBox || !paneBox) throw new Error('the list or the thread has no box');
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(paneBox.x);
    expect(paneBox.y + paneBox.height).toBeLessThanOrEqual(DESKTOP.height);
    expect(await maya.getAttribute('aria-current')).toBe('page');
    // Focus follows the pick to the thread's heading.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
    await snap(page, 'messages-two-pane-1280');
    await expectNoSeriousA11yViolations(page, '/messages with a conversation open (1280 px)');

    // A reply from the pane lands in the thread, which keeps the composer in view.
    const note = `See you at 10! (${stamp})`;
    const input = pane.getByRole('textbox', { name: 'Message' });
    await input.fill(note);
    await input.press('Enter');
    await thread.getByText(note).waitFor();

    // Reload keeps the conversation open (it lives in the address).
    await page.reload();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await heading.waitFor();

    // Phone: the list alone, then the thread alone with Back.
    await page.setViewportSize(PHONE);
    await gotoReady(page, '/messages');
    await list.getByRole('article').nth(1).waitFor();
    expect(await pane.isVisible()).toBe(false);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'messages-list-375');

    await maya.click();
    await heading.waitFor();
    await thread.getByText(note).waitFor();
    expect(await list.isVisible()).toBe(false);
    const back = pane.getByRole('link', { name: 'Back to conversations' });
    expect(await back.isVisible()).toBe(true);
    const composer = await pane.getByRole('textbox', { name: 'Message' }).boundingBox();
    if (!composer) throw new Error('the composer has no box');
    expect(composer.y + composer.height).toBeLessThanOrEqual(PHONE.height);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'messages-thread-375');
    await expectNoSeriousA11yViolations(page, '/messages with a conversation open (375 px)');

    await back.click();
    await page.waitForURL((url) => !url.searchParams.has('conversation'));
    await list.getByRole('article').nth(1).waitFor();
    expect(await pane.isVisible()).toBe(false);

    // A link straight to a conversation (a notification's) opens it; Back still finds the list.
    await gotoReady(page, `/messages?conversation=${withMaya}`);
    await heading.waitFor();
    await back.click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.search === '');
    await list.getByRole('article').nth(1).waitFor();

    expect(parent.pageErrors).toEqual([]);
    await parent.context.close();
  }, 120_000);
});
