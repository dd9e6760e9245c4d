import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const baseUrl = () => inject('baseUrl');

/** A new browser context (its own cookies) whose page reports any uncaught page error. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  // Map tiles come from the internet, which tests never reach: answer with a plain tile.
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // The current-user call answers 401 for visitors by design (SPEC §6); Chromium logs it.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) pageErrors.push(message.text());
  });
  return { context, page, pageErrors };
}

let counter = 0;
export function uniqueEmail(prefix = 'parent'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}
