import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemViews, items } from '../../db/schema.js';
import {
  makeItem,
  makeUser,
  makeSignedInUser,
  type TestSession,
  type UserOverrides,
} from '../../test/factories.js';
import { makeTestApp, makeTestClock, type TestApp } from '../../test/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  // Mid-morning UTC, so a few hours forward stays on the same day.
  t = await makeTestApp({}, { clock: makeTestClock(new Date('2025-03-10T09:00:00Z')) });
});
afterAll(async () => {
  await t.close();
});

type Session = TestSession;
const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

async function viewCountOf(itemId: number): Promise<number> {
  const [row] = await t.db.select({ viewCount: items.viewCount }).from(items).where(eq(items.id, itemId));
  return row?.viewCount ?? -1;
}

describe('item views', () => {
  it('counts one view per parent per day, never the owner’s own', async () => {
    const owner = await signedIn({ isPremium: true });
    const item = await makeItem(t.db, owner.user, { earlyAccessUntil: new Date('2025-03-01T00:00:00Z') });
    const viewer = await signedIn();

    await get(owner, `/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(0);

    const first = await get(viewer, `/api/items/${item.id}`);
    expect(first.json().viewCount).toBe(1);
    t.clock.advance(3 * 60 * 60 * 1000);
    await get(viewer, `/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(1);

    t.clock.advance(DAY);
    await get(viewer, `/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(2);
    await get(await signedIn(), `/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(3);
    expect(await t.db.select().from(itemViews).where(eq(itemViews.itemId, item.id))).toHaveLength(3);
  });

  it('does not count a view of an item the parent may not see', async () => {
    const item = await makeItem(t.db, await makeUser(t.db), { isHidden: true });
    expect((await get(await signedIn(), `/api/items/${item.id}`)).statusCode).toBe(404);
    expect(await viewCountOf(item.id)).toBe(0);
  });
});

describe('GET /api/items/{id}/analytics', () => {
  it('gives a Premium owner totals and 30 zero-filled days of views', async () => {
    const owner = await signedIn({ isPremium: true });
    const item = await makeItem(t.db, owner.user, { earlyAccessUntil: new Date('2025-03-01T00:00:00Z') });
    const viewers = await Promise.all([signedIn(), signedIn()]);
    for (const viewer of viewers) await get(viewer, `/api/items/${item.id}`);
    t.clock.advance(DAY);
    await get(viewers[0] ?? null, `/api/items/${item.id}`);
    await t.app.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: { cookie: viewers[1]?.cookie ?? '' },
      payload: { itemId: item.id },
    });

    const response = await get(owner, `/api/items/${item.id}/analytics`);
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics).toMatchObject({ itemId: item.id, viewCount: 3, favoriteCount: 1, messageCount: 0 });
    expect(analytics.viewsByDay).toHaveLength(30);
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    expect(analytics.viewsByDay.at(-1)).toEqual({ day: today, views: 1 });
    expect(analytics.viewsByDay.at(-2)).toEqual({ day: yesterday, views: 2 });
    expect(analytics.viewsByDay.slice(0, 28).every((day: { views: number }) => day.views === 0)).toBe(true);
  });

  it('refuses a free owner with 403 "Premium subscription required"', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    const response = await get(owner, `/api/items/${item.id}/analytics`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Premium subscription required' });
  });

  it('refuses anyone but the owner with 403, lets an administrator see, and answers 404 for a missing item', async () => {
    const owner = await signedIn({ isPremium: true });
    const item = await makeItem(t.db, owner.user);
    const other = await signedIn({ isPremium: true });
    expect((await get(other, `/api/items/${item.id}/analytics`)).statusCode).toBe(403);
    expect((await get(await signedIn({ isAdmin: true }), `/api/items/${item.id}/analytics`)).statusCode).toBe(
      200,
    );
    expect((await get(owner, '/api/items/999999/analytics')).statusCode).toBe(404);
    expect((await get(null, `/api/items/${item.id}/analytics`)).statusCode).toBe(401);
  });
});

describe('GET /api/analytics', () => {
  it('sums the owner’s items for the profile chart', async () => {
    const owner = await signedIn({ isPremium: true });
    const past = new Date('2025-03-01T00:00:00Z');
    const first = await makeItem(t.db, owner.user, {
      title: 'First',
      earlyAccessUntil: past,
      messageCount: 2,
    });
    const second = await makeItem(t.db, owner.user, { title: 'Second', earlyAccessUntil: past });
    const viewer = await signedIn();
    await get(viewer, `/api/items/${first.id}`);
    await get(viewer, `/api/items/${second.id}`);

    const response = await get(owner, '/api/analytics');
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics).toMatchObject({ viewCount: 2, favoriteCount: 0, messageCount: 2 });
    expect(analytics.viewsByDay.at(-1)).toEqual({ day: t.clock.now().toISOString().slice(0, 10), views: 2 });
    expect(analytics.items.map((row: { title: string }) => row.title).sort()).toEqual(['First', 'Second']);
  });

  it('refuses a free account with 403', async () => {
    expect((await get(await signedIn(), '/api/analytics')).statusCode).toBe(403);
  });
});
