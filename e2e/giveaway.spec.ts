import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  gotoReady,
  grantPremium,
  launchBrowser,
  listItemWithPhoto,
  signedInPage,
  VIEWPORTS,
} from './fixtures.js';

/** Each step may wait on a busy machine; the journey's steps share the two parents. */
const STEP_TIMEOUT = 120_000;

type Parent = { context: BrowserContext; page: Page; pageErrors: string[]; id: number; firstName: string };

let browser: Browser;
let giver: Parent;
let receiver: Parent;
let itemId: number;
const title = `Bag of baby clothes ${Date.now()}`;
const note = 'For our newborn due in March. We live two streets away and can come any evening.';

/** A fresh parent, signed up through the API, browsing at phone width. */
async function newParent(firstName: string, lastName: string): Promise<Parent> {
  const opened = await signedInPage(browser, { viewport: VIEWPORTS.phone, firstName, lastName });
  return { ...opened, id: opened.parent.id, firstName };
}

async function listFreeItem(giver: Parent): Promise<number> {
  const item = await listItemWithPhoto(
    giver.context.request,
    {
      title,
      description: 'Sleepsuits and vests, 0–3 months, washed and folded.',
      category: 'clothes',
      condition: 'like-new',
    },
    '#f2c4b4',
  );
  return item.id;
}

/**
 * Screenshots of a step at phone and desktop width when SCREENSHOT_DIR is set (to look at the
 * screens), then back to the phone.
 */
async function snap(page: Page, name: string): Promise<void> {
  const directory = process.env.SCREENSHOT_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.screenshot({ path: join(directory, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(VIEWPORTS.phone);
}

const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name });

beforeAll(async () => {
  browser = await launchBrowser();
  giver = await newParent('Maya', 'Rivera');
  receiver = await newParent('Lena', 'Park');
  itemId = await listFreeItem(giver);
  // A new listing is Premium members' alone for its first hour: the receiving family is Premium,
  // so they can open it now.
  await grantPremium(receiver.id);
}, STEP_TIMEOUT);

afterAll(async () => {
  expect(giver.pageErrors).toEqual([]);
  expect(receiver.pageErrors).toEqual([]);
  await browser.close();
});

describe('a give-away between two parents, at phone width', () => {
  it(
    'lets a family ask for a free item with a note',
    async () => {
      const { page } = receiver;
      await gotoReady(page, `/item/${itemId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // On a phone the actions stay under the thumb: the bar sticks to the bottom of the screen.
      const request = page.getByRole('main').getByRole('button', { name: 'Request this' });
      const box = await request.boundingBox();
      expect(box && box.y + box.height).toBeGreaterThan(VIEWPORTS.phone.height - 90);
      expect(box && box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
      await expectNoSeriousA11yViolations(page, 'free item, as a visitor');
      await snap(page, '01-visitor-item');

      await request.click();
      const dialog = page.getByRole('dialog', { name: 'Request this' });
      await dialog.getByRole('textbox', { name: 'A note for the owner (optional)' }).fill(note);
      await dialog.getByText(`${note.length}/300 characters`).waitFor();
      await expectNoSeriousA11yViolations(page, 'request dialog');
      await snap(page, '02-request-dialog');
      await dialog.getByRole('button', { name: 'Send request' }).click();

      await page.getByText('You asked for this').waitFor();
      await page.getByText(note).waitFor();
      await page.getByText('1 family has asked').waitFor();
      await page.getByRole('button', { name: 'Withdraw request' }).waitFor();
      expect(await page.getByRole('main').getByRole('button', { name: 'Request this' }).count()).toBe(0);
      await snap(page, '03-requested');
    },
    STEP_TIMEOUT,
  );

  it(
    'shows the owner who asked and why, and promises the item to the family she chooses',
    async () => {
      const { page } = giver;
      await gotoReady(page, `/item/${itemId}`);
      const requests = region(page, 'Requests');
      const lena = requests.getByRole('article', { name: 'Lena P.' });
      await lena.getByText(note).waitFor();
      await lena.getByText('New member').waitFor();
      await lena.getByText('No handovers yet').waitFor();
      await requests.getByRole('combobox', { name: 'Choose after' }).waitFor();
      await expectNoSeriousA11yViolations(page, "owner's requests");
      await snap(page, '04-owner-requests');

      await lena.getByRole('button', { name: 'Choose Lena' }).click();
      await region(page, 'Promised to Lena').waitFor();
      await page.getByRole('main').getByText('Promised', { exact: true }).first().waitFor();
      await snap(page, '05-owner-promised');
    },
    STEP_TIMEOUT,
  );

  it(
    'tells the chosen family in the bell, which opens the promise',
    async () => {
      const { page } = receiver;
      await gotoReady(page, '/');
      const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread/ });
      await bell.click();
      const notice = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', {
        name: new RegExp(`You've been chosen for ${title}`),
      });
      await notice.waitFor();
      await snap(page, '06-bell-chosen');
      await notice.click();
      await page.waitForURL(`**/item/${itemId}`);
      const promise = region(page, "You've been chosen");
      await promise.getByText('Maya chose you.').waitFor();
      await promise.getByRole('button', { name: 'Received' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'promise, as the chosen family');
      await snap(page, '07-receiver-promise');
    },
    STEP_TIMEOUT,
  );

  it(
    'lets the owner set a time and a safe place, which the family then sees',
    async () => {
      const { page } = giver;
      await gotoReady(page, `/item/${itemId}`);
      const promise = region(page, 'Promised to Lena');
      const tomorrow = new Date(Date.now() + 86_400_000);
      const pad = (part: number) => String(part).padStart(2, '0');
      const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`;
      await promise.getByLabel('Pickup time').fill(local);
      const place = promise.getByRole('combobox', { name: 'Meeting place' });
      // Until the safe places arrive, the first choice is the owner's own point: wait for them,
      // then choose the first one by its label, which stays put if the list renders again.
      await place.getByRole('option', { name: 'Choose a safe place' }).waitFor({ state: 'attached' });
      const firstPlace = ((await place.locator('option').nth(1).textContent()) ?? '').trim();
      const placeName = firstPlace.split(',')[0] ?? '';
      expect(placeName).not.toBe('');
      await place.selectOption({ label: firstPlace });
      await expectNoSeriousA11yViolations(page, 'pickup form');
      await promise.getByRole('button', { name: 'Save pickup' }).click();
      const agreed = promise.getByText(new RegExp(`10:00 at ${placeName}`));
      await agreed.waitFor();
      await snap(page, '08-owner-pickup');

      await gotoReady(receiver.page, `/item/${itemId}`);
      await region(receiver.page, "You've been chosen")
        .getByText(new RegExp(`10:00 at ${placeName}`))
        .waitFor();
      await snap(receiver.page, '09-receiver-pickup');
    },
    STEP_TIMEOUT,
  );

  it(
    'counts the handover once both sides confirm it',
    async () => {
      const { page } = giver;
      await region(page, 'Promised to Lena').getByRole('button', { name: 'Handed over' }).click();
      await region(page, 'Promised to Lena').getByText('Waiting for Lena to confirm').waitFor();
      await snap(page, '10-owner-handed-over');

      await gotoReady(receiver.page, `/item/${itemId}`);
      const promise = region(receiver.page, "You've been chosen");
      await promise.getByText('Maya says it was handed over.', { exact: false }).waitFor();
      await promise.getByRole('button', { name: 'Received' }).click();
      await region(receiver.page, 'You received this from Maya').waitFor();
      await snap(receiver.page, '11-receiver-received');
    },
    STEP_TIMEOUT,
  );

  it(
    'lets both rate each other, and shows each rating on the profiles backed by its review',
    async () => {
      const rate = async (parent: Parent, heading: string, other: string, stars: number, text: string) => {
        const { page } = parent;
        await gotoReady(page, `/item/${itemId}`);
        await region(page, heading)
          .getByRole('button', { name: `Rate ${other}` })
          .click();
        const dialog = page.getByRole('dialog', { name: `Rate ${other}` });
        await dialog.getByRole('radio', { name: new RegExp(`^${stars} stars`) }).click();
        await dialog.getByRole('textbox', { name: 'Your review (optional)' }).fill(text);
        await expectNoSeriousA11yViolations(page, 'review dialog');
        await dialog.getByRole('button', { name: 'Post review' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await region(page, heading).getByText(`You rated ${other}. Thank you!`).waitFor();
      };
      const aboutLena = 'Lena came on time and was lovely. Thank you!';
      const aboutMaya = 'Everything was clean and folded, exactly as described.';
      await rate(receiver, 'You received this from Maya', 'Maya', 5, aboutMaya);
      await snap(receiver.page, '12-receiver-rated');
      await rate(giver, 'Handed over to Lena', 'Lena', 5, aboutLena);
      await snap(giver.page, '13-owner-rated');

      // Each profile's stars are backed by the review anyone can read.
      await gotoReady(giver.page, `/profile/${receiver.id}?tab=reviews`);
      await giver.page.getByRole('heading', { level: 1, name: 'Lena Park' }).waitFor();
      await giver.page.getByRole('img', { name: 'Rated 5.0 out of 5' }).first().waitFor();
      await giver.page.getByText('(1 review)').waitFor();
      await giver.page.getByRole('list', { name: 'Reviews' }).getByText(aboutLena).waitFor();
      await giver.page.getByText('Reliable: 1 of 1 handover').waitFor();
      await expectNoSeriousA11yViolations(giver.page, "the receiver's profile");
      await snap(giver.page, '14-receiver-profile');

      // One check at desktop width: the giver's profile, seen by the family who received.
      await receiver.page.setViewportSize(VIEWPORTS.desktop);
      await gotoReady(receiver.page, `/profile/${giver.id}?tab=reviews`);
      await receiver.page.getByRole('heading', { level: 1, name: 'Maya Rivera' }).waitFor();
      await receiver.page.getByText('(1 review)').waitFor();
      await receiver.page.getByRole('list', { name: 'Reviews' }).getByText(aboutMaya).waitFor();
      await expectNoSeriousA11yViolations(receiver.page, "the giver's profile at 1280");
      await receiver.page.setViewportSize(VIEWPORTS.phone);
      await snap(receiver.page, '15-giver-profile');
    },
    STEP_TIMEOUT * 2,
  );
});
