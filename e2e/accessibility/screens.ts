import type { Browser, Page } from 'playwright-core';
import { gotoReady, signedInPageAs } from '../fixtures.js';

// The built server seeds demo families on its first start; they all share this password.
const DEMO_PASSWORD = 'littleloop-demo';
const DEMO_OWNER = 'maya.thompson.1@demo.littleloop.app';

type DemoItem = { id: number; title: string; status: string };

/** An available item of a demo family, so the item page and its dialogs have real content. */
export async function findDemoItem(browser: Browser): Promise<DemoItem> {
  const { context, parent: owner } = await signedInPageAs(browser, {
    email: DEMO_OWNER,
    password: DEMO_PASSWORD,
  });
  const items = (await (await context.request.get(`/api/users/${owner.id}/items`)).json()) as DemoItem[];
  await context.close();
  const available = items.find((item) => item.status === 'available');
  if (!available) throw new Error(`${DEMO_OWNER} has no available item`);
  return available;
}

/** Opens the path and waits until its h1 is on screen (lazy screens have loaded). */
export async function visit(page: Page, path: string): Promise<void> {
  await gotoReady(page, path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

export const infoPaths = ['/help-center', '/safety-guide', '/legal', '/who-we-are'];
