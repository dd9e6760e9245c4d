import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users, type UserRow } from '../../db/schema.js';
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

const premiumInNewYork = { isPremium: true, city: 'New York', zipCode: '10010' };

describe('Wanted posts (/api/wishlists)', () => {
  it('refuses visitors with 401', async () => {
    expect((await asVisitor(t.app).get('/api/wishlists')).statusCode).toBe(401);
    expect((await asVisitor(t.app).post('/api/wishlists', { title: 'Bike' })).statusCode).toBe(401);
  });

  it('lets a free parent create, list, change and delete their posts', async () => {
    const parent = await signedIn();
    const created = await as(parent).post('/api/wishlists', {
      title: '  Balance bike ',
      category: 'toys',
      ageRange: '2-4y',
      description: 'For our daughter',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({
      userId: parent.user.id,
      title: 'Balance bike',
      category: 'toys',
      ageRange: '2-4y',
      description: 'For our daughter',
      isActive: true,
    });

    const patched = await as(parent).patch(`/api/wishlists/${post.id}`, {
      isActive: false,
      ageRange: null,
    });
    expect(patched.statusCode).toBe(200);
    // Fields left out of the PATCH stay as they were.
    expect(patched.json()).toMatchObject({
      title: 'Balance bike',
      category: 'toys',
      ageRange: null,
      isActive: false,
    });

    const listed = await as(parent).get('/api/wishlists');
    expect(listed.json()).toEqual([patched.json()]);

    const removed = await as(parent).delete(`/api/wishlists/${post.id}`);
    expect(removed.json()).toEqual({ message: 'Wanted post deleted' });
    expect((await as(parent).get('/api/wishlists')).json()).toEqual([]);
  });

  it('needs a title and a listed category', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/wishlists', { title: ' ', category: 'cars' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        { path: 'category', message: 'Category must be one of books, toys, clothes, other' },
      ]),
    );
  });

  it('lets only the owner change or delete a post (403), and answers 404 for a missing one', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const post = (await as(owner).post('/api/wishlists', { title: 'Crib' })).json();
    const patch = await as(other).patch(`/api/wishlists/${post.id}`, { title: 'Mine now' });
    expect(patch.statusCode).toBe(403);
    expect((await as(other).delete(`/api/wishlists/${post.id}`)).statusCode).toBe(403);
    expect((await as(other).get('/api/wishlists')).json()).toEqual([]);
    expect((await as(owner).get('/api/wishlists')).json()[0].title).toBe('Crib');
    const missing = await as(owner).patch('/api/wishlists/999999', { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Wanted post not found' });
  });
});

describe('saved searches (/api/saved-searches)', () => {
  it('refuses free accounts with 403 "Premium subscription required"', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/saved-searches', {
      name: 'Lego',
      searchTerm: 'lego',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Premium subscription required' });
  });

  it('saves, lists, changes and deletes a Premium member’s search', async () => {
    const member = await signedIn(premiumInNewYork);
    const created = await as(member).post('/api/saved-searches', {
      name: 'Cheap strollers',
      searchTerm: 'stroller',
      category: 'other',
      condition: '',
      exchangeType: 'sell',
      minPrice: '5',
      maxPrice: 40.5,
      maxDistance: 20,
    });
    expect(created.statusCode).toBe(201);
    const search = created.json();
    expect(search).toMatchObject({
      userId: member.user.id,
      name: 'Cheap strollers',
      searchTerm: 'stroller',
      category: 'other',
      condition: null,
      exchangeType: 'sell',
      minPrice: '5.00',
      maxPrice: '40.50',
      maxDistance: 20,
      isActive: true,
      lastNotified: null,
    });

    const patched = await as(member).patch(`/api/saved-searches/${search.id}`, { maxPrice: null });
    expect(patched.json()).toMatchObject({ name: 'Cheap strollers', minPrice: '5.00', maxPrice: null });
    expect((await as(member).get('/api/saved-searches')).json()).toEqual([patched.json()]);
    expect((await as(member).delete(`/api/saved-searches/${search.id}`)).statusCode).toBe(200);
    expect((await as(member).get('/api/saved-searches')).json()).toEqual([]);
  });

  it('checks the name, the price range and that there is something to search for', async () => {
    const member = await signedIn(premiumInNewYork);
    const noName = await as(member).post('/api/saved-searches', { name: '', searchTerm: 'lego' });
    expect(noName.json().errors).toEqual([{ path: 'name', message: 'Name is required' }]);
    const longName = await as(member).post('/api/saved-searches', {
      name: 'x'.repeat(101),
      searchTerm: 'lego',
    });
    expect(longName.json().errors).toEqual([
      { path: 'name', message: 'Name must be at most 100 characters' },
    ]);
    const nothing = await as(member).post('/api/saved-searches', { name: 'All' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual([
      { path: 'searchTerm', message: 'Add a search term or at least one filter' },
    ]);
    const reversed = await as(member).post('/api/saved-searches', {
      name: 'Bikes',
      minPrice: '50',
      maxPrice: '10',
    });
    expect(reversed.json().errors).toEqual([
      { path: 'minPrice', message: 'Minimum price must not be more than the maximum price' },
    ]);
    const badPrice = await as(member).post('/api/saved-searches', {
      name: 'Bikes',
      maxPrice: 'cheap',
    });
    expect(badPrice.json().errors).toEqual([
      { path: 'maxPrice', message: 'Maximum price must be a number like 12.50' },
    ]);

    const search = (
      await as(member).post('/api/saved-searches', { name: 'Lego', searchTerm: 'lego' })
    ).json();
    const emptied = await as(member).patch(`/api/saved-searches/${search.id}`, { searchTerm: null });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toBe('Add a search term or at least one filter');
  });

  it('measures a distance from the profile town, so it needs one', async () => {
    const homeless = await signedIn({ isPremium: true });
    const response = await as(homeless).post('/api/saved-searches', {
      name: 'Near',
      maxDistance: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('maxDistance');
    const outOfRange = await as(homeless).post('/api/saved-searches', {
      name: 'Far',
      maxDistance: 900,
    });
    expect(outOfRange.json().errors[0].message).toBe(
      'maxDistance must be a whole number of kilometres from 1 to 500',
    );
  });

  it('still lists and deletes a search after Premium ended, but refuses changes', async () => {
    const member = await signedIn(premiumInNewYork);
    const search = (
      await as(member).post('/api/saved-searches', { name: 'Books', category: 'books' })
    ).json();
    await t.db.update(users).set({ isPremium: false }).where(eq(users.id, member.user.id));
    const lapsed = member;
    expect((await as(lapsed).get('/api/saved-searches')).json()).toHaveLength(1);
    const patch = await as(lapsed).patch(`/api/saved-searches/${search.id}`, { name: 'Novels' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({ message: 'Premium subscription required' });
    expect((await as(lapsed).delete(`/api/saved-searches/${search.id}`)).statusCode).toBe(200);
  });

  it('lets only the owner change or delete a search (403)', async () => {
    const owner = await signedIn(premiumInNewYork);
    const other = await signedIn(premiumInNewYork);
    const search = (await as(owner).post('/api/saved-searches', { name: 'Toys', category: 'toys' })).json();
    expect((await as(other).patch(`/api/saved-searches/${search.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await as(other).delete(`/api/saved-searches/${search.id}`)).statusCode).toBe(403);
  });
});

describe('notifications (/api/notifications)', () => {
  async function notify(user: UserRow, title: string, minutesAgo: number) {
    const item = await makeItem(t.db, await makeUser(t.db));
    const [row] = await t.db
      .insert(notifications)
      .values({
        userId: user.id,
        kind: 'wanted-match',
        title,
        itemId: item.id,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning();
    if (!row) throw new Error('no notification');
    return row;
  }

  it('refuses visitors with 401', async () => {
    expect((await asVisitor(t.app).get('/api/notifications')).statusCode).toBe(401);
    expect((await asVisitor(t.app).post('/api/notifications/mark-all-read')).statusCode).toBe(401);
  });

  it('lists the parent’s own notifications newest first with the unread count', async () => {
    const parent = await signedIn();
    const other = await signedIn();
    await notify(parent.user, 'Older', 10);
    await notify(parent.user, 'Newer', 1);
    await notify(other.user, 'Not yours', 0);
    const response = await as(parent).get('/api/notifications');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((row: { title: string }) => row.title)).toEqual(['Newer', 'Older']);
    expect(body.notifications[0]).toMatchObject({ kind: 'wanted-match', readAt: null, body: null });
  });

  it('marks one read (only one’s own: 404 otherwise) and then all', async () => {
    const parent = await signedIn();
    const other = await signedIn();
    const first = await notify(parent.user, 'One', 2);
    await notify(parent.user, 'Two', 1);

    expect((await as(other).post(`/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    const read = await as(parent).post(`/api/notifications/${first.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    expect((await as(parent).get('/api/notifications')).json().unreadCount).toBe(1);

    const all = await as(parent).post('/api/notifications/mark-all-read');
    expect(all.json()).toEqual({ marked: 1, unreadCount: 0 });
    expect((await as(parent).get('/api/notifications')).json().unreadCount).toBe(0);
  });
});
