import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  asVisitor,
  makeItem,
  makeUpload,
  makeUploads,
  makeUser,
  makeSignedInUser,
  type TestSession,
  type UserOverrides,
} from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';
import { NO_POSITION_WARNING } from './items.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Session = TestSession;
const signedIn = (overrides: UserOverrides = {}) => makeSignedInUser(t, overrides);

async function itemPayload(session: Session, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Wooden train set',
    description: 'Forty pieces, all there.',
    category: 'toys',
    condition: 'like-new',
    ageRange: '2-4y',
    brand: 'Brio',
    exchangeType: 'free',
    imageUrls: [await makeUpload(t.db, session.user)],
    latitude: 40.7411,
    longitude: -73.9897,
    city: 'New York',
    zipCode: '10010',
    ...overrides,
  };
}

describe('POST /api/items', () => {
  it('lists a free item with the owner summary and no warning when it has a position', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/items', await itemPayload(parent));
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      title: 'Wooden train set',
      exchangeType: 'free',
      price: null,
      status: 'available',
      isAvailable: true,
      userId: parent.user.id,
      latitude: 40.7411,
      user: { id: parent.user.id, firstName: parent.user.firstName, isPremium: false, isVerified: false },
    });
    expect(item.warning).toBeUndefined();
    expect(item.user).not.toHaveProperty('email');
  });

  it('answers with a warning when the item has no position', async () => {
    const parent = await signedIn();
    const payload = await itemPayload(parent, {
      latitude: undefined,
      longitude: undefined,
      city: null,
      zipCode: null,
    });
    const response = await as(parent).post('/api/items', payload);
    expect(response.statusCode).toBe(201);
    expect(response.json().warning).toBe(NO_POSITION_WARNING);
  });

  it('places an item without a map point at the centre of its ZIP code', async () => {
    const parent = await signedIn();
    const payload = await itemPayload(parent, {
      latitude: undefined,
      longitude: undefined,
      city: null,
      zipCode: '10010',
    });
    const response = await as(parent).post('/api/items', payload);
    expect(response.json().warning).toBeUndefined();
    expect(response.json().latitude).toBeCloseTo(40.7375, 3);
    expect(response.json().city).toBe('New York');
  });

  it('refuses missing fields with PRODUCT texts', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/items', {
      title: ' ',
      description: '',
      category: '',
      condition: 'broken',
      exchangeType: '',
      imageUrls: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        { path: 'description', message: 'Description is required' },
        { path: 'category', message: 'Category is required' },
        { path: 'condition', message: 'Condition is required' },
        { path: 'exchangeType', message: 'Exchange type is required' },
      ]),
    );
  });

  it('needs at least one photo', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/items', await itemPayload(parent, { imageUrls: [] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Photo required – You must upload at least one photo of your item before listing it.',
    );
  });

  it('allows 3 photos on a free account and refuses a 4th with the upgrade hint', async () => {
    const parent = await signedIn();
    const three = await makeUploads(t.db, parent.user, 3);
    expect(
      (await as(parent).post('/api/items', await itemPayload(parent, { imageUrls: three }))).statusCode,
    ).toBe(201);
    const four = await makeUploads(t.db, parent.user, 4);
    const refused = await as(parent).post('/api/items', await itemPayload(parent, { imageUrls: four }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Too many images');
    expect(refused.json().errors[0].message).toMatch(/Upgrade to Premium/);
  });

  it('allows 10 photos for Premium and refuses 11', async () => {
    const parent = await signedIn({ isPremium: true });
    const ten = await makeUploads(t.db, parent.user, 10);
    expect(
      (await as(parent).post('/api/items', await itemPayload(parent, { imageUrls: ten }))).statusCode,
    ).toBe(201);
    const eleven = await makeUploads(t.db, parent.user, 11);
    const refused = await as(parent).post('/api/items', await itemPayload(parent, { imageUrls: eleven }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Too many images');
  });

  it('refuses selling from free users with 403 "Premium subscription required"', async () => {
    const parent = await signedIn();
    const response = await as(parent).post(
      '/api/items',
      await itemPayload(parent, { exchangeType: 'sell', price: '12.50' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Premium subscription required' });
  });

  it('lets Premium members sell, storing the price with two decimals', async () => {
    const parent = await signedIn({ subscriptionEndsAt: new Date(Date.now() + 86_400_000) });
    const response = await as(parent).post(
      '/api/items',
      await itemPayload(parent, { exchangeType: 'sell', price: 12.5 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ exchangeType: 'sell', price: '12.50' });
    const missing = await as(parent).post('/api/items', await itemPayload(parent, { exchangeType: 'sell' }));
    // PRODUCT §5: the price is optional for sell items.
    expect(missing.statusCode).toBe(201);
    expect(missing.json()).toMatchObject({ exchangeType: 'sell', price: null });
    const malformed = await as(parent).post(
      '/api/items',
      await itemPayload(parent, { exchangeType: 'sell', price: '12.345' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toEqual({
      path: 'price',
      message: 'Price must be a number like 12.50',
    });
  });

  it('refuses a price on free and swap items', async () => {
    const parent = await signedIn({ isPremium: true });
    for (const exchangeType of ['free', 'swap']) {
      const response = await as(parent).post(
        '/api/items',
        await itemPayload(parent, { exchangeType, price: '5.00' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Price is only for items for sale');
    }
  });

  it('refuses photos uploaded by someone else', async () => {
    const parent = await signedIn();
    const other = await makeUser(t.db);
    const stolen = await makeUpload(t.db, other);
    const response = await as(parent).post('/api/items', await itemPayload(parent, { imageUrls: [stolen] }));
    expect(response.statusCode).toBe(400);
  });

  it('uses the session user whatever userId the body names', async () => {
    const parent = await signedIn();
    const other = await makeUser(t.db);
    const response = await as(parent).post('/api/items', await itemPayload(parent, { userId: other.id }));
    expect(response.json().userId).toBe(parent.user.id);
  });

  it('refuses visitors with 401', async () => {
    expect((await asVisitor(t.app).post('/api/items', { title: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/items/{id}', () => {
  it('shows the exact position to the owner and a snapped one to everyone else', async () => {
    const owner = await signedIn();
    const viewer = await signedIn();
    const item = await makeItem(t.db, owner.user, { latitude: '40.74113000', longitude: '-73.98972000' });
    const asOwner = (await as(owner).get(`/api/items/${item.id}`)).json();
    const asViewer = (await as(viewer).get(`/api/items/${item.id}`)).json();
    expect(asOwner).toMatchObject({ latitude: 40.74113, longitude: -73.98972 });
    expect(asViewer).toMatchObject({ latitude: 40.745, longitude: -73.985 });
    expect(asViewer.user).toMatchObject({ id: owner.user.id, firstName: owner.user.firstName });
  });

  it('answers 404 for a missing item and 400 for a bad id', async () => {
    const viewer = await signedIn();
    expect((await as(viewer).get('/api/items/999999')).json()).toEqual({ message: 'Item not found' });
    expect((await as(viewer).get('/api/items/abc')).statusCode).toBe(400);
  });

  it('keeps hidden items from everyone but the owner', async () => {
    const owner = await signedIn();
    const viewer = await signedIn();
    const item = await makeItem(t.db, owner.user, { isHidden: true });
    expect((await as(viewer).get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await as(owner).get(`/api/items/${item.id}`)).statusCode).toBe(200);
  });

  it('shows a new item to Premium members at once and to others after early access', async () => {
    const owner = await signedIn();
    const freeViewer = await signedIn();
    const premiumViewer = await signedIn({ isPremium: true });
    const created = await as(owner).post('/api/items', await itemPayload(owner));
    const url = `/api/items/${created.json().id}`;
    expect((await as(owner).get(url)).statusCode).toBe(200);
    expect((await as(premiumViewer).get(url)).statusCode).toBe(200);
    // A shared link tells a free parent when to come back, and nothing about the item.
    const early = await as(freeViewer).get(url);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: 'This item is in early access for Premium members' });
    expect(early.headers['retry-after']).toBe('3600');
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await as(freeViewer).get(url)).statusCode).toBe(200);
  });

  it('tells the lister until when only Premium members see the new item', async () => {
    const owner = await signedIn();
    const created = await as(owner).post('/api/items', await itemPayload(owner));
    expect(created.statusCode).toBe(201);
    expect(created.json().earlyAccessUntil).toBe(new Date(t.clock.now().getTime() + 3_600_000).toISOString());
  });

  it('still answers 404 for a hidden item in early access', async () => {
    const owner = await signedIn();
    const viewer = await signedIn();
    const item = await makeItem(t.db, owner.user, {
      isHidden: true,
      earlyAccessUntil: new Date(t.clock.now().getTime() + 60_000),
    });
    expect((await as(viewer).get(`/api/items/${item.id}`)).json()).toEqual({
      message: 'Item not found',
    });
  });

  it('tells only the owner that a listing is hidden for review, and why', async () => {
    const owner = await signedIn();
    const premiumViewer = await signedIn({ isPremium: true });
    const hidden = await makeItem(t.db, owner.user, {
      isHidden: true,
      flaggedForReview: true,
      moderatorReviewed: false,
      flagReason: 'Recalled product',
    });
    const asOwner = (await as(owner).get(`/api/items/${hidden.id}`)).json();
    expect(asOwner.review).toEqual({ hidden: true, decided: false, reason: 'Recalled product' });
    const listed = (await as(owner).get(`/api/users/${owner.user.id}/items`)).json();
    expect(listed[0].review).toEqual({ hidden: true, decided: false, reason: 'Recalled product' });
    const flagged = await makeItem(t.db, owner.user, { flaggedForReview: true, flagReason: 'Check age' });
    expect((await as(premiumViewer).get(`/api/items/${flagged.id}`)).json()).not.toHaveProperty('review');
    expect((await as(owner).get(`/api/items/${flagged.id}`)).json().review).toEqual({
      hidden: false,
      decided: false,
      reason: 'Check age',
    });
  });
});

describe('PATCH /api/items/{id}', () => {
  it('follows PRODUCT §4 status transitions', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    for (const status of ['sold', 'swapped', 'free', 'completed']) {
      const response = await as(owner).patch(`/api/items/${item.id}`, { status, isAvailable: false });
      expect(response.json()).toMatchObject({ status, isAvailable: false });
    }
    const back = await as(owner).patch(`/api/items/${item.id}`, {
      status: 'available',
      isAvailable: true,
    });
    expect(back.json()).toMatchObject({ status: 'available', isAvailable: true });
    const seen = await as(owner).get(`/api/items/${item.id}`);
    expect(seen.json()).toMatchObject({ status: 'available', isAvailable: true });
  });

  it('refuses another parent with 403 and leaves the item unchanged', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const item = await makeItem(t.db, owner.user, { title: 'Original title' });
    const response = await as(intruder).patch(`/api/items/${item.id}`, {
      title: 'Hijacked',
      status: 'sold',
    });
    expect(response.statusCode).toBe(403);
    const seen = await as(owner).get(`/api/items/${item.id}`);
    expect(seen.json()).toMatchObject({ title: 'Original title', status: 'available', isAvailable: true });
  });

  it('counts photos on update: a free account cannot go past 3', async () => {
    const owner = await signedIn();
    const photos = await makeUploads(t.db, owner.user, 3);
    const item = await makeItem(t.db, owner.user, { imageUrls: photos });
    const extra = await makeUpload(t.db, owner.user);
    const response = await as(owner).patch(`/api/items/${item.id}`, {
      imageUrls: [...photos, extra],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Too many images');
    expect((await as(owner).get(`/api/items/${item.id}`)).json().imageUrls).toEqual(photos);
    const emptied = await as(owner).patch(`/api/items/${item.id}`, { imageUrls: [] });
    expect(emptied.statusCode).toBe(400);
  });

  it('updates the full form, seen through a later read', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    const payload = await itemPayload(owner, { title: 'Updated train set', exchangeType: 'swap' });
    const response = await as(owner).patch(`/api/items/${item.id}`, payload);
    expect(response.statusCode).toBe(200);
    const seen = await as(owner).get(`/api/items/${item.id}`);
    expect(seen.json()).toMatchObject({ title: 'Updated train set', exchangeType: 'swap', city: 'New York' });
  });

  it('changes only what it sends: a new title keeps the item’s own town and position', async () => {
    const owner = await signedIn({ city: null, zipCode: null });
    const item = await makeItem(t.db, owner.user, {
      city: 'Salem',
      zipCode: '97301',
      latitude: '44.94290000',
      longitude: '-123.03510000',
    });
    const response = await as(owner).patch(`/api/items/${item.id}`, { title: 'Train set' });
    expect(response.statusCode).toBe(200);
    const seen = (await as(owner).get(`/api/items/${item.id}`)).json();
    expect(seen).toMatchObject({
      title: 'Train set',
      city: 'Salem',
      zipCode: '97301',
      latitude: 44.9429,
      longitude: -123.0351,
    });
  });

  it('refuses half a position instead of silently clearing the map point', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user, { latitude: '40.74113000', longitude: '-73.98972000' });
    const lonely = await as(owner).patch(`/api/items/${item.id}`, { latitude: 41.2 });
    expect(lonely.statusCode).toBe(400);
    expect(lonely.json().errors[0]).toEqual({
      path: 'longitude',
      message: 'Latitude and longitude go together: send both, or neither',
    });
    expect((await as(owner).get(`/api/items/${item.id}`)).json()).toMatchObject({
      latitude: 40.74113,
      longitude: -73.98972,
    });
    const created = await as(owner).post('/api/items', await itemPayload(owner, { longitude: null }));
    expect(created.statusCode).toBe(400);
    expect(created.json().errors[0].path).toBe('longitude');
  });

  it('refuses turning an item into a sale for free users and a price on a free item', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    const sell = await as(owner).patch(`/api/items/${item.id}`, {
      exchangeType: 'sell',
      price: '3.00',
    });
    expect(sell.statusCode).toBe(403);
    expect(sell.json().message).toBe('Premium subscription required');
    const price = await as(owner).patch(`/api/items/${item.id}`, { price: '3.00' });
    expect(price.statusCode).toBe(400);
  });

  it('lets a parent whose Premium ended still mark their sale sold', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user, { exchangeType: 'sell', price: '8.00' });
    const response = await as(owner).patch(`/api/items/${item.id}`, {
      status: 'sold',
      isAvailable: false,
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets an administrator change anyone’s item', async () => {
    const owner = await signedIn();
    const admin = await signedIn({ isAdmin: true });
    const item = await makeItem(t.db, owner.user);
    const response = await as(admin).patch(`/api/items/${item.id}`, { status: 'completed' });
    expect(response.json()).toMatchObject({ status: 'completed', isAvailable: false });
  });
});

describe('DELETE /api/items/{id}', () => {
  it('refuses another parent with 403 and keeps the item', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const item = await makeItem(t.db, owner.user);
    expect((await as(intruder).delete(`/api/items/${item.id}`)).statusCode).toBe(403);
    expect((await as(owner).get(`/api/items/${item.id}`)).statusCode).toBe(200);
  });

  it('deletes the owner’s item', async () => {
    const owner = await signedIn();
    const item = await makeItem(t.db, owner.user);
    expect((await as(owner).delete(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await as(owner).get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await as(owner).delete(`/api/items/${item.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/users/{id}/items', () => {
  it('lists a parent’s items, hidden ones only for the owner', async () => {
    const owner = await signedIn();
    const viewer = await signedIn();
    await makeItem(t.db, owner.user, { title: 'Shown' });
    await makeItem(t.db, owner.user, { title: 'Hidden', isHidden: true });
    const asOwner = (await as(owner).get(`/api/users/${owner.user.id}/items`)).json();
    const asViewer = (await as(viewer).get(`/api/users/${owner.user.id}/items`)).json();
    expect(asOwner.map((item: { title: string }) => item.title).sort()).toEqual(['Hidden', 'Shown']);
    expect(asViewer.map((item: { title: string }) => item.title)).toEqual(['Shown']);
    expect((await as(viewer).get('/api/users/999999/items')).statusCode).toBe(404);
  });
});

describe('POST /api/bulk-listings', () => {
  const bulk = (overrides: Record<string, unknown> = {}) => ({
    baseTitle: 'Baby clothes',
    description: 'Washed and folded.',
    category: 'clothes',
    condition: 'good',
    exchangeType: 'free',
    items: [{ title: 'Onesies 0-3m' }, { title: 'Sleepsuits', specificDescription: 'Three of them.' }],
    ...overrides,
  });

  it('refuses free users with 403 "Premium subscription required"', async () => {
    const parent = await signedIn();
    const response = await as(parent).post('/api/bulk-listings', bulk());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Premium subscription required');
  });

  it('places bulk items at the owner’s profile town', async () => {
    const parent = await signedIn({ isPremium: true, city: 'Austin', state: 'TX', country: 'United States' });
    const response = await as(parent).post('/api/bulk-listings', bulk());
    expect(response.statusCode).toBe(201);
    expect(response.json().warning).toBeUndefined();
    expect(response.json().items[0]).toMatchObject({ city: 'Austin' });
    expect(response.json().items[0].latitude).toBeCloseTo(30.27, 1);
  });

  it('creates every item for Premium members, seen on their profile', async () => {
    const parent = await signedIn({ isPremium: true });
    const response = await as(parent).post('/api/bulk-listings', bulk());
    expect(response.statusCode).toBe(201);
    expect(response.json().items).toHaveLength(2);
    const listed = (await as(parent).get(`/api/users/${parent.user.id}/items`)).json();
    expect(listed.map((item: { title: string }) => item.title).sort()).toEqual([
      'Baby clothes – Onesies 0-3m',
      'Baby clothes – Sleepsuits',
    ]);
    expect(listed.find((item: { title: string }) => item.title.endsWith('Sleepsuits')).description).toBe(
      'Three of them.\n\nWashed and folded.',
    );
  });

  it('needs at least 2 items and a title on each, creating none otherwise', async () => {
    const parent = await signedIn({ isPremium: true });
    const one = await as(parent).post('/api/bulk-listings', bulk({ items: [{ title: 'Only one' }] }));
    expect(one.statusCode).toBe(400);
    expect(one.json().errors[0]).toEqual({
      path: 'items',
      message: 'At least 2 items required for bulk listing',
    });
    const untitled = await as(parent).post(
      '/api/bulk-listings',
      bulk({ items: [{ title: 'A' }, { title: '' }] }),
    );
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errors[0]).toEqual({ path: 'items.1.title', message: 'Item title is required' });
    const noBase = await as(parent).post('/api/bulk-listings', bulk({ baseTitle: '' }));
    expect(noBase.json().errors[0]).toEqual({ path: 'baseTitle', message: 'Base title is required' });
    expect((await as(parent).get(`/api/users/${parent.user.id}/items`)).json()).toEqual([]);
  });

  it('applies the price rules to bulk sales', async () => {
    const parent = await signedIn({ isPremium: true });
    const sale = await as(parent).post('/api/bulk-listings', bulk({ exchangeType: 'sell', price: '4' }));
    expect(sale.statusCode).toBe(201);
    expect(sale.json().items[0].price).toBe('4.00');
    // PRODUCT §5: the bulk price is optional for sales too.
    const unpriced = await as(parent).post('/api/bulk-listings', bulk({ exchangeType: 'sell' }));
    expect(unpriced.statusCode).toBe(201);
    expect(unpriced.json().items[0].price).toBeNull();
    const priced = await as(parent).post('/api/bulk-listings', bulk({ price: '4' }));
    expect(priced.statusCode).toBe(400);
  });
});
