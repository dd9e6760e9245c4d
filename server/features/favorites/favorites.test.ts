import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema.js';
import {
  as,
  asVisitor,
  makeItem,
  makeUser,
  makeSignedInUser,
  type UserOverrides,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

async function favoriteCountOf(itemId: number): Promise<number> {
  const [row] = await t.db.select({ count: items.favoriteCount }).from(items).where(eq(items.id, itemId));
  return row?.count ?? -1;
}

describe('favourites', () => {
  it('refuses visitors with 401 on every call', async () => {
    const responses = await Promise.all([
      asVisitor(t.app).get('/api/favorites/1'),
      asVisitor(t.app).post('/api/favorites', { itemId: 1 }),
      asVisitor(t.app).delete('/api/favorites/1'),
      asVisitor(t.app).get('/api/favorites/with-items'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('adds, reports and removes a favourite, keeping favoriteCount right', async () => {
    const owner = await makeUser(t.db);
    const item = await makeItem(t.db, owner);
    const parent = await signedIn();

    expect((await as(parent).get(`/api/favorites/${item.id}`)).json()).toEqual({
      isFavorited: false,
    });

    const added = await as(parent).post('/api/favorites', { itemId: item.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ itemId: item.id, favoriteCount: 1 });
    expect((await as(parent).get(`/api/favorites/${item.id}`)).json()).toEqual({ isFavorited: true });
    expect(await favoriteCountOf(item.id)).toBe(1);

    const removed = await as(parent).delete(`/api/favorites/${item.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Removed from favorites', itemId: item.id, favoriteCount: 0 });
    expect((await as(parent).get(`/api/favorites/${item.id}`)).json()).toEqual({
      isFavorited: false,
    });
    expect(await favoriteCountOf(item.id)).toBe(0);
  });

  it('refuses a second favourite of the same item with 409 "Already in favourites"', async () => {
    const item = await makeItem(t.db, await makeUser(t.db));
    const parent = await signedIn();
    await as(parent).post('/api/favorites', { itemId: item.id });
    const again = await as(parent).post('/api/favorites', { itemId: item.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Already in favourites' });
    expect(await favoriteCountOf(item.id)).toBe(1);
  });

  it('keeps one favourite per parent and item under 10 concurrent requests', async () => {
    const item = await makeItem(t.db, await makeUser(t.db));
    const parent = await signedIn();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => as(parent).post('/api/favorites', { itemId: item.id })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await favoriteCountOf(item.id)).toBe(1);
  });

  it('counts favourites of different parents at the same time', async () => {
    const item = await makeItem(t.db, await makeUser(t.db));
    const parents = await Promise.all(Array.from({ length: 5 }, () => signedIn()));
    const responses = await Promise.all(
      parents.map((parent) => as(parent).post('/api/favorites', { itemId: item.id })),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect(await favoriteCountOf(item.id)).toBe(5);
  });

  it('answers 404 for a missing item, a hidden one, and one still in early access for a free account', async () => {
    const owner = await makeUser(t.db);
    const hidden = await makeItem(t.db, owner, { isHidden: true });
    const early = await makeItem(t.db, owner, { earlyAccessUntil: new Date(Date.now() + 3_600_000) });
    const parent = await signedIn();
    for (const itemId of [999_999, hidden.id, early.id]) {
      const response = await as(parent).post('/api/favorites', { itemId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Item not found' });
    }
    const premium = await signedIn({ isPremium: true });
    expect((await as(premium).post('/api/favorites', { itemId: early.id })).statusCode).toBe(201);
  });

  it('refuses the owner’s own item with 400', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    const response = await as(owner).post('/api/favorites', { itemId: item.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot favourite your own item');
  });

  it('refuses a body without a usable itemId with 400', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/favorites', { itemId: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'itemId', message: 'itemId must be an item id' }]);
  });

  it('answers 404 "Not in favourites" when removing what was not saved, and never counts below 0', async () => {
    const item = await makeItem(t.db, await makeUser(t.db));
    const parent = await signedIn();
    const missing = await as(parent).delete(`/api/favorites/${item.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not in favourites' });

    await as(parent).post('/api/favorites', { itemId: item.id });
    await t.db.update(items).set({ favoriteCount: 0 }).where(eq(items.id, item.id));
    expect((await as(parent).delete(`/api/favorites/${item.id}`)).json().favoriteCount).toBe(0);
    expect(await favoriteCountOf(item.id)).toBe(0);
  });

  it('lists favourites newest first with snapped positions, leaving out items hidden since', async () => {
    const owner = await makeUser(t.db);
    const first = await makeItem(t.db, owner, {
      title: 'Snow boots',
      latitude: '40.74110000',
      longitude: '-73.98970000',
    });
    const second = await makeItem(t.db, owner, { title: 'Rain coat' });
    const later = await makeItem(t.db, owner, { title: 'Sun hat' });
    const parent = await signedIn();
    for (const item of [first, second, later]) {
      await as(parent).post('/api/favorites', { itemId: item.id });
      t.clock.advance(1000);
    }
    await t.db.update(items).set({ isHidden: true }).where(eq(items.id, second.id));

    const response = await as(parent).get('/api/favorites/with-items');
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries.map((entry: { itemId: number }) => entry.itemId)).toEqual([later.id, first.id]);
    const boots = entries[1];
    expect(boots).toMatchObject({
      itemId: first.id,
      item: { id: first.id, title: 'Snow boots', favoriteCount: 1 },
    });
    // The grid cell's centre, not the owner's exact point.
    expect(boots.item.latitude).toBeCloseTo(40.745, 4);
    expect(boots.item.longitude).toBeCloseTo(-73.985, 4);
    expect(boots.item.user).not.toHaveProperty('email');
  });

  it('still lets a parent remove a favourite whose item was hidden', async () => {
    const item = await makeItem(t.db, await makeUser(t.db));
    const parent = await signedIn();
    await as(parent).post('/api/favorites', { itemId: item.id });
    await t.db.update(items).set({ isHidden: true }).where(eq(items.id, item.id));
    expect((await as(parent).delete(`/api/favorites/${item.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/favorites/ids', () => {
  it('lists the ids of every favourited item, seen after adding and removing', async () => {
    const owner = await makeUser(t.db);
    const parent = await makeSignedInUser(t);
    const first = await makeItem(t.db, owner);
    const second = await makeItem(t.db, owner);
    for (const item of [first, second]) await as(parent).post('/api/favorites', { itemId: item.id });
    const both = await as(parent).get('/api/favorites/ids');
    expect(both.json().itemIds.sort()).toEqual([first.id, second.id].sort());
    await as(parent).delete(`/api/favorites/${first.id}`);
    expect((await as(parent).get('/api/favorites/ids')).json()).toEqual({ itemIds: [second.id] });
    expect((await asVisitor(t.app).get('/api/favorites/ids')).statusCode).toBe(401);
  });
});
