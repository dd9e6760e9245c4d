import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemViews, items } from '../../db/schema.js';
import {
  as,
  asVisitor,
  makeItem,
  makeUser,
  makeSignedInUser,
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

const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

async function viewCountOf(itemId: number): Promise<number> {
  const [row] = await t.db.select({ viewCount: items.viewCount }).from(items).where(eq(items.id, itemId));
  return row?.viewCount ?? -1;
}

describe('item views', () => {
  it('counts one view per parent per day, never the owner’s own', async () => {
    const owner = await signedIn({ isPremium: true });
    const item = await makeItem(t.db, owner.user, { earlyAccessUntil: new Date('2025-03-01T00:00:00Z') });
    const viewer = await signedIn();

    await as(owner).get(`/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(0);

    const first = await as(viewer).get(`/api/items/${item.id}`);
    expect(first.json().viewCount).toBe(1);
    t.clock.advance(3 * 60 * 60 * 1000);
    await as(viewer).get(`/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(1);

    t.clock.advance(DAY);
    await as(viewer).get(`/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(2);
    await as(await signedIn()).get(`/api/items/${item.id}`);
    expect(await viewCountOf(item.id)).toBe(3);
    expect(await t.db.select().from(itemViews).where(eq(itemViews.itemId, item.id))).toHaveLength(3);
  });

  it('does not count a view of an item the parent may not see', async () => {
    const item = await makeItem(t.db, await makeUser(t.db), { isHidden: true });
    expect((await as(await signedIn()).get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect(await viewCountOf(item.id)).toBe(0);
  });
});

describe('GET /api/items/{id}/analytics', () => {
  it('gives a Premium owner totals and 30 zero-filled days of views', async () => {
    const owner = await signedIn({ isPremium: true });
    const item = await makeItem(t.db, owner.user, { earlyAccessUntil: new Date('2025-03-01T00:00:00Z') });
    const viewers = await Promise.all([signedIn(), signedIn()]);
    for (const viewer of viewers) await as(viewer).get(`/api/items/${item.id}`);
    t.clock.advance(DAY);
    const [first, second] = viewers;
    await as(first).get(`/api/items/${item.id}`);
    await as(second).post('/api/favorites', { itemId: item.id });

    const response = await as(owner).get(`/api/items/${item.id}/analytics`);
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
    const response = await as(owner).get(`/api/items/${item.id}/analytics`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Premium subscription required' });
  });

  it('refuses anyone but the owner with 403, lets an administrator see, and answers 404 for a missing item', async () => {
    const owner = await signedIn({ isPremium: true });
    const item = await makeItem(t.db, owner.user);
    const other = await signedIn({ isPremium: true });
    expect((await as(other).get(`/api/items/${item.id}/analytics`)).statusCode).toBe(403);
    expect(
      (await as(await signedIn({ isAdmin: true })).get(`/api/items/${item.id}/analytics`)).statusCode,
    ).toBe(200);
    expect((await as(owner).get('/api/items/999999/analytics')).statusCode).toBe(404);
    expect((await asVisitor(t.app).get(`/api/items/${item.id}/analytics`)).statusCode).toBe(401);
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
    await as(viewer).get(`/api/items/${first.id}`);
    await as(viewer).get(`/api/items/${second.id}`);

    const response = await as(owner).get('/api/analytics');
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics).toMatchObject({ viewCount: 2, favoriteCount: 0, messageCount: 2 });
    expect(analytics.viewsByDay.at(-1)).toEqual({ day: t.clock.now().toISOString().slice(0, 10), views: 2 });
    expect(analytics.items.map((row: { title: string }) => row.title).sort()).toEqual(['First', 'Second']);
  });

  it('refuses a free account with 403', async () => {
    expect((await as(await signedIn()).get('/api/analytics')).statusCode).toBe(403);
  });
});
