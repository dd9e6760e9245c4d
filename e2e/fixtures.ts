import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  request as apiRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';

// Debian's chromium, never a downloaded browser; these flags keep it off the closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A 1×1 light grey PNG, stretched by the map into a calm empty tile. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMEAYFWmSVMAAAAAElFTkSuQmCC',
  'base64',
);

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Every browser this test file has launched, so a failed test can show what each page showed. */
const launched = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * What every open page showed when a test failed: its address in the log and a screenshot in
 * test-results/failures/, so a failure seen once (two journeys at once on a busy machine) can be
 * read afterwards. Called by e2e/setup-file.ts.
 */
export async function recordFailedPages(testName: string): Promise<void> {
  const folder = join('test-results', 'failures');
  mkdirSync(folder, { recursive: true });
  const stem = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let index = 0;
  for (const browser of launched) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        index += 1;
        const file = join(folder, `${stem}-${index}.png`);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
          console.error(`[failed: ${testName}] page ${index} at ${page.url()}: ${file}`);
        } catch (error) {
          console.error(
            `[failed: ${testName}] page ${index} at ${page.url()}: no screenshot (${String(error)})`,
          );
        }
      }
    }
  }
}

export const baseUrl = () => inject('baseUrl');

/** The administrator global-setup.ts starts the server with. */
export const E2E_ADMIN = { email: 'admin@e2e.littleloop.test', password: 'admin-e2e-password' } as const;

/** A new browser context (its own cookies) whose page reports any uncaught page error. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  // The service worker would answer some requests itself, out of reach of page.route and of
  // the request counts tests make; only the tests of the installed app let it run.
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, serviceWorkers });
  // Map tiles come from the internet, which tests never reach: answer with a plain tile.
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // The current-user call answers 401 for visitors by design (PRODUCT §6); Chromium logs it.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) pageErrors.push(message.text());
  });
  return { context, page, pageErrors };
}

/**
 * Opens a path and waits until the app has taken the page over (`<html data-ready>`, set by
 * client/main.tsx): a page the server rendered shows its buttons before they work.
 */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

let counter = 0;
export function uniqueEmail(prefix = 'parent'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/**
 * Runs axe-core on the page as it is now (open dialogs included) and fails on any serious or
 * critical violation (and on ALSO_FAILING), naming the rule and the elements. One line per screen or dialog:
 * `await expectNoSeriousA11yViolations(page);`. label-content-name-mismatch (WCAG 2.5.3) is
 * still experimental in axe, so it is switched on here.
 */
/** Moderate rules failed anyway: Lighthouse's accessibility score counts them (and it is held at 100). */
const ALSO_FAILING = ['heading-order'];

export async function expectNoSeriousA11yViolations(page: Page, what = page.url()): Promise<void> {
  // A menu or dialog still fading in has see-through text: axe would measure its contrast
  // mid-animation (seen on a busy machine), so wait until every animation has finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        ALSO_FAILING.includes(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ` +
        violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', '),
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

/**
 * Presses Tab through the page and fails when a visible control inside `scope` is never
 * focused. In a roving group (tabs, radio group, toolbar) one member taking focus is enough:
 * arrow keys move between the others.
 */
export async function expectEveryActionReachableByKeyboard(page: Page, scope = 'main'): Promise<void> {
  const total = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) throw new Error(`No ${selector} on the page`);
    const controls = root.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [role="tab"], [role="radio"]',
    );
    let count = 0;
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      const hidden = box.width === 0 || box.height === 0 || element.closest('[inert], [aria-hidden="true"]');
      if (hidden || element.matches(':disabled') || (element as HTMLInputElement).type === 'hidden') continue;
      // Native radios sharing a name are one Tab stop, like the roving groups.
      const group =
        element.closest('[role="tablist"], [role="radiogroup"], [role="toolbar"]') ??
        (element instanceof HTMLInputElement && element.type === 'radio'
          ? (element.closest('fieldset') ?? element.parentElement?.parentElement ?? null)
          : null);
      const key = group ? `group-${count}` : `control-${count}`;
      if (group && !group.hasAttribute('data-kb')) group.setAttribute('data-kb', key);
      element.setAttribute('data-kb', group ? (group.getAttribute('data-kb') ?? key) : key);
      count += 1;
    }
    return count;
  }, scope);
  const expected = new Set(
    await page
      .locator(
        `${scope} :is(a, button, input, select, textarea, [tabindex], [role="tab"], [role="radio"])[data-kb]`,
      )
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-kb') ?? '')),
  );
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  let started = false;
  for (let presses = 0; presses < total * 3 + 60; presses += 1) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      // A roving group's member may re-render after the page was read: focus inside the
      // group still counts as reaching it.
      return active.closest('[data-kb]')?.getAttribute('data-kb') ?? 'outside';
    });
    if (key === null) {
      if (started) break;
      continue;
    }
    started = true;
    if (key !== 'outside' && reached.has(key) && reached.size >= expected.size) break;
    if (key !== 'outside') reached.add(key);
  }
  const missed = await page.evaluate(
    (keys) =>
      keys.map((key) => {
        const element = document.querySelector(`[data-kb="${key}"]`);
        if (!element) return null; // re-rendered while tabbing: nothing left to reach
        const name =
          element.getAttribute('aria-label') ??
          element.getAttribute('name') ??
          ((element.textContent ?? '').trim().slice(0, 40) || element.outerHTML.slice(0, 80));
        return `${element.tagName.toLowerCase()} "${name}"`;
      }),
    [...expected].filter((key) => !reached.has(key)),
  );
  expect(
    missed.filter((entry) => entry !== null),
    `controls Tab never reaches in ${scope}`,
  ).toEqual([]);
}

/** The password of every parent registerParent and signedInPage sign up. */
export const PARENT_PASSWORD = 'secret123';

/** A parent as the API answers for the signed-in user. */
export type SignedInParent = { id: number; email: string; firstName: string; lastName: string };

/** A new parent, signed up through the API on this request context (its cookies sign them in). */
export async function registerParent(
  request: APIRequestContext,
  firstName: string,
  lastName = 'Reed',
): Promise<SignedInParent> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post('/api/register', {
    data: { email, password: PARENT_PASSWORD, firstName, lastName },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SignedInParent;
}

type PageOptions = {
  viewport?: { width: number; height: number };
  serviceWorkers?: 'allow' | 'block';
};

/**
 * A page whose browser is signed in as a new parent. The parent signs up through the API on the
 * context's own request client, which shares the browser's cookie jar: the session cookie is the
 * browser's before the first page opens, with no trip through the sign-in form. `isPremium`
 * has an administrator grant Premium, as the dashboard's switch does.
 */
export async function signedInPage(
  browser: Browser,
  {
    viewport = VIEWPORTS.desktop,
    serviceWorkers = 'block',
    firstName = 'Ada',
    lastName = 'Reed',
    isPremium = false,
  }: PageOptions & { firstName?: string; lastName?: string; isPremium?: boolean } = {},
): Promise<Awaited<ReturnType<typeof openPage>> & { parent: SignedInParent }> {
  const opened = await openPage(browser, viewport, { serviceWorkers });
  const parent = await registerParent(opened.context.request, firstName, lastName);
  if (isPremium) await grantPremium(parent.id);
  return { ...opened, parent };
}

/** A page whose browser is signed in, through the API, as an account that exists (a demo family, the administrator). */
export async function signedInPageAs(
  browser: Browser,
  account: { email: string; password: string },
  { viewport = VIEWPORTS.desktop, serviceWorkers = 'block' }: PageOptions = {},
): Promise<Awaited<ReturnType<typeof openPage>> & { parent: SignedInParent }> {
  const opened = await openPage(browser, viewport, { serviceWorkers });
  const response = await opened.context.request.post('/api/login', { data: account });
  expect(response.status(), `${account.email} signs in: ${await response.text()}`).toBe(200);
  return { ...opened, parent: (await response.json()) as SignedInParent };
}

type ListedItem = { id: number; imageUrls: string[]; createdAt: string; warning?: string };

/**
 * Lists an item with one plain photo of `colour` (every listing needs a photo) as the parent
 * signed in on `request`: a free toy in good condition unless `fields` says otherwise.
 */
export async function listItemWithPhoto(
  request: APIRequestContext,
  fields: { title: string } & Record<string, unknown>,
  colour = '#e0a040',
): Promise<ListedItem> {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const upload = await request.post('/api/upload', {
    multipart: { images: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { imageUrls } = (await upload.json()) as { imageUrls: string[] };
  const created = await request.post('/api/items', {
    data: {
      description: 'Gently used',
      category: 'toys',
      condition: 'good',
      exchangeType: 'free',
      imageUrls,
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as ListedItem;
}

/**
 * Makes a parent Premium as an administrator would (the dashboard's switch), so a test can open
 * a listing in its first hour, which is Premium members' alone (early access).
 */
export async function grantPremium(userId: number): Promise<void> {
  const admin = await apiRequest.newContext({ baseURL: baseUrl() });
  try {
    expect((await admin.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200);
    const granted = await admin.put(`/api/admin/users/${userId}/premium`, { data: { isPremium: true } });
    expect(granted.status(), await granted.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}
