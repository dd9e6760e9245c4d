import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchBrowser, openPage, uniqueEmail, VIEWPORTS } from './fixtures.js';

const DEMO_EMAIL = 'maya.thompson.1@demo.littleloop.app';
const DEMO_PASSWORD = 'littleloop-demo';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each(Object.entries(VIEWPORTS))('accounts at %s width', (_name, viewport) => {
  it('brings a visitor who opened a shared item link back to that item after signing in', async () => {
    // A listing as a friend would share it: any demo item older than its early-access hour.
    const friend = await openPage(browser, viewport);
    await friend.page.request.post('/api/login', { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const listed = (await (await friend.page.request.get('/api/items?limit=1')).json()) as {
      id: number;
      title: string;
    }[];
    await friend.context.close();
    const shared = listed[0];
    expect(shared).toBeDefined();
    if (!shared) return;

    const { context, page, pageErrors } = await openPage(browser, viewport);
    await page.goto(`/item/${shared.id}`);
    // PRODUCT §4: a toast says why, then sign-in, remembering the link.
    await page
      .getByText('Sign in or create a free account, and we bring you right back here.')
      .first()
      .waitFor();
    await page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('next') === `/item/${shared.id}`,
    );
    await page.getByLabel('Email').fill(DEMO_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/item/${shared.id}`);
    await page.getByRole('heading', { level: 1, name: shared.title }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lets a visitor sign up, greets them by first name, signs them out and in again', async () => {
    const { context, page, pageErrors } = await openPage(browser, viewport);
    const email = uniqueEmail();

    await page.goto('/');
    await page.getByRole('link', { name: 'Join Our Community' }).first().waitFor();
    await page.getByRole('link', { name: 'Sign In', exact: true }).first().click();
    await page.waitForURL('**/auth');

    await page.getByText("Don't have an account? Sign up").click();
    await page.getByLabel('First Name').fill('Maya');
    await page.getByLabel('Last Name').fill('Rossi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: /Maya/ }).waitFor();
    await page.getByText('Your account has been created successfully.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Join Our Community' }).first().waitFor();
    expect(await page.getByRole('heading', { name: /Maya/ }).count()).toBe(0);

    await gotoReady(page, '/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: /Maya/ }).waitFor();
    await page.getByText('You have been successfully signed in.', { exact: true }).waitFor();

    // PRODUCT §2: a signed-in parent who opens /auth is sent home.
    await gotoReady(page, '/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: /Maya/ }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('sign-in before the script arrives', () => {
  it('shows the form from the HTML itself, keeps what was typed, and sends nothing natively', async () => {
    const email = uniqueEmail();
    const setup = await openPage(browser);
    const registered = await setup.page.request.post('/api/register', {
      data: { firstName: 'Ada', lastName: 'Early', email, password: 'secret1' },
    });
    expect(registered.status()).toBe(201);
    await setup.context.close();

    const { context, page, pageErrors } = await openPage(browser, VIEWPORTS.phone);
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Good to see you again', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    expect(await signIn.isDisabled()).toBe(true);
    // Enter would submit the fields in the URL if the button let it: the page must stay as it is.
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(new URL(page.url()).search).toBe('');

    releaseScripts();
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled,
    );
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await signIn.click();
    await page.getByRole('heading', { name: /Ada/ }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('auth screen feedback', () => {
  it('shows PRODUCT texts for bad input and a failed sign-in', async () => {
    const { context, page } = await openPage(browser);
    await gotoReady(page, '/auth');
    await page.getByText("Don't have an account? Sign up").click();
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Lee');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 6 characters long').waitFor();

    await page.getByText('Already have an account? Sign in').click();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Unable to Sign In', { exact: true }).waitFor();
    await page.getByText('Invalid email or password', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});

describe('unknown paths', () => {
  it('shows the 404 page', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/no/such/page');
    await page.getByText('404 Page Not Found').waitFor();
    await context.close();
  });
});
