/**
 * PRODUCT §7 conformance: one test per row of the call table, in PRODUCT's order, each named after its
 * row. Each proves the method and path answer, the payload fields PRODUCT names are accepted, the
 * response carries the fields PRODUCT names, a visitor gets 401 where the call needs sign-in, and
 * bad input gets 400 (with PRODUCT §5/§8's words where PRODUCT gives them). What LittleLoop adds on top
 * is listed in docs/API.md.
 *
 * Rows whose feature is not built yet are written out in full and skipped with the issue that
 * builds them: turning one on is deleting its `.skip`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response as InjectResponse } from 'light-my-request';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeSignedInUser, makeUpload, type TestSession } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // Photo uploads are stored under DATA_DIR.
  dataDir = mkdtempSync(join(tmpdir(), 'littleloop-conformance-'));
  t = await makeTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

const parent = (overrides: Parameters<typeof makeSignedInUser>[1] = {}) => makeSignedInUser(t, overrides);
const admin = () => parent({ isAdmin: true });

/** A request as PRODUCT §7 sends it: credentials (the session cookie) and a JSON body. */
function call(who: TestSession | null, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

/** 401 for someone who is not signed in. */
async function expectVisitorRefused(method: Method, url: string, payload?: object) {
  const response = await call(null, method, url, payload);
  expect(response.statusCode, `${method} ${url} as a visitor`).toBe(401);
  expect(typeof response.json<ErrorBody>().message).toBe('string');
}

/** 403 for a signed-in parent who is not an administrator. */
async function expectNonAdminRefused(method: Method, url: string, payload?: object) {
  const response = await call(await parent(), method, url, payload);
  expect(response.statusCode, `${method} ${url} as a parent`).toBe(403);
}

/** 400, and when PRODUCT gives the words, they are the message or a field's message. */
function expectBadInput(response: InjectResponse, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<ErrorBody>();
  expect(typeof body.message).toBe('string');
  if (message === undefined) return;
  const texts = [body.message, ...(body.errors ?? []).map((error) => error.message)];
  expect(texts).toContainEqual(expect.stringContaining(message));
}

function expectOk(response: InjectResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

/** A multipart body built the way a browser builds one: one part per photo in `field`. */
async function multipart(field: string, photos: Buffer[]) {
  const form = new FormData();
  for (const photo of photos)
    form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

async function postPhotos(who: TestSession | null, url: string, field: string, photos: Buffer[]) {
  const body = await multipart(field, photos);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

const photo = (red: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

/** The fields PRODUCT §3 gives a user, as the current-user calls answer them (never a password). */
const CURRENT_USER_FIELDS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'profileImageUrl',
  'city',
  'zipCode',
  'state',
  'country',
  'isVerified',
  'rating',
  'totalRatings',
  'emailNotifications',
  'mobileNotifications',
  'subscriptionStatus',
  'isPremium',
  'isAdmin',
  'referralCode',
  'createdAt',
];

function expectCurrentUser(body: Record<string, unknown>, email: string) {
  for (const field of CURRENT_USER_FIELDS) expect(body, field).toHaveProperty(field);
  expect(body.email).toBe(email);
  expect(body).not.toHaveProperty('password');
}

/** A conversation about a seller's item, opened by a buyer, with one message from the buyer. */
async function conversationWithMessage() {
  const buyer = await parent();
  const seller = await parent();
  const item = await makeItem(t.db, seller.user, { title: 'Rocking horse' });
  const opened = await call(buyer, 'POST', '/api/conversations', {
    itemId: item.id,
    sellerId: seller.user.id,
  });
  expectOk(opened, 201);
  const id = opened.json<{ id: number }>().id;
  expectOk(await call(buyer, 'POST', `/api/conversations/${id}/messages`, { content: 'Still there?' }), 201);
  return { buyer, seller, item, id };
}

/** A report by one parent about another, as POST /api/users/report makes it. */
async function makeReport() {
  const reporter = await parent();
  const reported = await parent();
  const response = await call(reporter, 'POST', '/api/users/report', {
    userId: reported.user.id,
    reason: 'Asked to meet somewhere private',
  });
  expectOk(response, 201);
  return { reporter, reported, id: response.json<{ id: number }>().id };
}

describe('PRODUCT §7 calls', () => {
  it('GET /api/user: the current user; 401 for a visitor (which the client reads as no user)', async () => {
    const me = await parent();
    const response = await call(me, 'GET', '/api/user');
    expectOk(response);
    expectCurrentUser(response.json(), me.user.email);
    await expectVisitorRefused('GET', '/api/user');
  });

  it('GET /api/auth/user: the same current user', async () => {
    const me = await parent();
    const response = await call(me, 'GET', '/api/auth/user');
    expectOk(response);
    expectCurrentUser(response.json(), me.user.email);
    expect(response.json()).toEqual((await call(me, 'GET', '/api/user')).json());
    await expectVisitorRefused('GET', '/api/auth/user');
  });

  it('POST /api/login {email, password}: the response is the user', async () => {
    const me = await parent();
    const response = await call(null, 'POST', '/api/login', {
      email: me.user.email,
      password: 'password123',
    });
    expectOk(response);
    expectCurrentUser(response.json(), me.user.email);
    expect(response.headers['set-cookie']).toBeDefined();
    expectBadInput(
      await call(null, 'POST', '/api/login', { email: 'not-an-email', password: 'x' }),
      'Please enter a valid email address',
    );
    expectBadInput(
      await call(null, 'POST', '/api/login', { email: me.user.email, password: '' }),
      'Password is required',
    );
  });

  it('POST /api/register {email, password, firstName, lastName}: the response is the user', async () => {
    const email = `conformance-${Date.now()}@example.com`;
    const response = await call(null, 'POST', '/api/register', {
      email,
      password: 'secret1',
      firstName: 'Maya',
      lastName: 'Rossi',
    });
    expectOk(response, 201);
    expectCurrentUser(response.json(), email);
    expect(response.json()).toMatchObject({ firstName: 'Maya', lastName: 'Rossi' });
    const valid = {
      email: `other-${Date.now()}@example.com`,
      password: 'secret1',
      firstName: 'A',
      lastName: 'B',
    };
    expectBadInput(
      await call(null, 'POST', '/api/register', { ...valid, password: 'short' }),
      'Password must be at least 6 characters long',
    );
    expectBadInput(
      await call(null, 'POST', '/api/register', { ...valid, email: 'nope' }),
      'Please enter a valid email address',
    );
    expectBadInput(
      await call(null, 'POST', '/api/register', { ...valid, firstName: '' }),
      'First name is required',
    );
  });

  it('POST /api/logout: signs out, after which the current user is a visitor', async () => {
    const me = await parent();
    expectOk(await call(me, 'POST', '/api/logout'));
    expect((await call(me, 'GET', '/api/user')).statusCode).toBe(401);
  });

  it('POST /api/reset-password {token, newPassword}', async () => {
    const unknownToken = await call(null, 'POST', '/api/reset-password', {
      token: 'not-a-token-anyone-was-given',
      newPassword: 'a-new-secret',
    });
    expectBadInput(unknownToken);
    expectBadInput(
      await call(null, 'POST', '/api/reset-password', {
        token: 'not-a-token-anyone-was-given',
        newPassword: '12345',
      }),
      'Password must be at least 6 characters',
    );
    expectBadInput(await call(null, 'POST', '/api/reset-password', { newPassword: 'a-new-secret' }));
  });

  it('PUT /api/auth/user {firstName, lastName, city, zipCode, state, country}: profile update', async () => {
    const me = await parent();
    const profile = {
      firstName: 'Lena',
      lastName: 'Park',
      city: 'Austin',
      zipCode: '78701',
      state: 'TX',
      country: 'United States',
    };
    const response = await call(me, 'PUT', '/api/auth/user', profile);
    expectOk(response);
    expect(response.json()).toMatchObject(profile);
    expect((await call(me, 'GET', '/api/user')).json()).toMatchObject(profile);
    await expectVisitorRefused('PUT', '/api/auth/user', profile);
    expectBadInput(
      await call(me, 'PUT', '/api/auth/user', { ...profile, firstName: ' ' }),
      'First name is required',
    );
    expectBadInput(
      await call(me, 'PUT', '/api/auth/user', { ...profile, lastName: '' }),
      'Last name is required',
    );
  });

  it('POST /api/upload/profile (multipart field profileImage): the response may contain the user', async () => {
    const me = await parent();
    const response = await postPhotos(me, '/api/upload/profile', 'profileImage', [await photo(10)]);
    expectOk(response);
    const body = response.json<{ user?: { profileImageUrl: string | null } }>();
    expect(body.user?.profileImageUrl).toEqual(expect.any(String));
    expect((await call(me, 'GET', '/api/user')).json()).toMatchObject({
      profileImageUrl: body.user?.profileImageUrl,
    });
    expect(
      (await postPhotos(null, '/api/upload/profile', 'profileImage', [await photo(20)])).statusCode,
    ).toBe(401);
    expectBadInput(await postPhotos(me, '/api/upload/profile', 'somethingElse', [await photo(30)]));
  });

  it('POST /api/upload (multipart field images, repeated): returns imageUrls', async () => {
    const me = await parent();
    const response = await postPhotos(me, '/api/upload', 'images', [await photo(40), await photo(50)]);
    expectOk(response);
    const { imageUrls } = response.json<{ imageUrls: string[] }>();
    expect(imageUrls).toHaveLength(2);
    for (const url of imageUrls) expect(url).toEqual(expect.any(String));
    expect((await postPhotos(null, '/api/upload', 'images', [await photo(60)])).statusCode).toBe(401);
    expectBadInput(await postPhotos(me, '/api/upload', 'photos', [await photo(70)]));
  });

  it('GET /api/items ?search, category, condition, exchangeType, limit: a list of items', async () => {
    const me = await parent();
    const owner = await parent();
    const item = await makeItem(t.db, owner.user, {
      title: 'Conformance box kite',
      category: 'toys',
      condition: 'like-new',
      exchangeType: 'swap',
    });
    const response = await call(
      me,
      'GET',
      '/api/items?search=kite&category=toys&condition=like-new&exchangeType=swap&limit=24',
    );
    expectOk(response);
    const items = response.json<{ id: number; title: string; user: object }[]>();
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((found) => found.id)).toContain(item.id);
    const home = await call(me, 'GET', '/api/items?limit=12');
    expectOk(home);
    expect(home.json<unknown[]>().length).toBeLessThanOrEqual(12);
    await expectVisitorRefused('GET', '/api/items?limit=24');
    expectBadInput(await call(me, 'GET', '/api/items?category=robots'));
    expectBadInput(await call(me, 'GET', '/api/items?limit=0'));
  });

  it('GET /api/items/{id}: the item with nested user', async () => {
    const me = await parent();
    const owner = await parent({ isVerified: true });
    const item = await makeItem(t.db, owner.user);
    const response = await call(me, 'GET', `/api/items/${item.id}`);
    expectOk(response);
    expect(response.json()).toMatchObject({
      id: item.id,
      title: item.title,
      userId: owner.user.id,
      user: {
        firstName: owner.user.firstName,
        lastName: owner.user.lastName,
        rating: expect.any(String),
        isPremium: false,
        isVerified: true,
      },
    });
    await expectVisitorRefused('GET', `/api/items/${item.id}`);
    expectBadInput(await call(me, 'GET', '/api/items/not-a-number'));
    expect((await call(me, 'GET', '/api/items/99999999')).statusCode).toBe(404);
  });

  it('POST /api/items {title, description, category, condition, ageRange, brand, exchangeType, price, imageUrls, latitude, longitude, city, zipCode, userId}: the response may contain warning', async () => {
    const seller = await parent({ isPremium: true });
    const payload = {
      title: 'Wooden train set',
      description: 'Forty pieces, complete.',
      category: 'toys',
      condition: 'like-new',
      ageRange: '2-4y',
      brand: 'Brio',
      exchangeType: 'sell',
      price: '12.50',
      imageUrls: [await makeUpload(t.db, seller.user)],
      latitude: 40.7128,
      longitude: -74.006,
      city: 'New York',
      zipCode: '10001',
      userId: seller.user.id,
    };
    const response = await call(seller, 'POST', '/api/items', payload);
    expectOk(response, 201);
    const { userId: _userId, ...fields } = payload;
    expect(response.json()).toMatchObject({ id: expect.any(Number), userId: seller.user.id, ...fields });
    const body = response.json<{ warning?: unknown }>();
    if (body.warning !== undefined) expect(typeof body.warning).toBe('string');
    await expectVisitorRefused('POST', '/api/items', payload);
    expectBadInput(await call(seller, 'POST', '/api/items', { ...payload, title: '' }), 'Title is required');
    expectBadInput(
      await call(seller, 'POST', '/api/items', { ...payload, imageUrls: [] }),
      'Photo required – You must upload at least one photo of your item before listing it.',
    );
    const free = await parent();
    const selling = await call(free, 'POST', '/api/items', {
      ...payload,
      imageUrls: [await makeUpload(t.db, free.user)],
    });
    expect(selling.statusCode).toBe(403);
    expect(selling.json<ErrorBody>().message).toContain('Premium subscription required');
  });

  it('PATCH /api/items/{id} partial (status, isAvailable) or full form', async () => {
    const owner = await parent();
    const item = await makeItem(t.db, owner.user);
    const partial = await call(owner, 'PATCH', `/api/items/${item.id}`, {
      status: 'sold',
      isAvailable: false,
    });
    expectOk(partial);
    expect(partial.json()).toMatchObject({ id: item.id, status: 'sold', isAvailable: false });
    const full = await call(owner, 'PATCH', `/api/items/${item.id}`, {
      title: 'Picture books, ten',
      description: 'Still in good shape.',
      category: 'books',
      condition: 'good',
      exchangeType: 'free',
      imageUrls: item.imageUrls,
      status: 'available',
      isAvailable: true,
    });
    expectOk(full);
    expect(full.json()).toMatchObject({
      title: 'Picture books, ten',
      status: 'available',
      isAvailable: true,
    });
    await expectVisitorRefused('PATCH', `/api/items/${item.id}`, { status: 'sold' });
    expectBadInput(await call(owner, 'PATCH', `/api/items/${item.id}`, { status: 'lost' }));
    expectBadInput(await call(owner, 'PATCH', `/api/items/${item.id}`, { title: '' }), 'Title is required');
  });

  it('DELETE /api/items/{id}: the item is gone', async () => {
    const owner = await parent();
    const item = await makeItem(t.db, owner.user);
    await expectVisitorRefused('DELETE', `/api/items/${item.id}`);
    expectOk(await call(owner, 'DELETE', `/api/items/${item.id}`));
    expect((await call(owner, 'GET', `/api/items/${item.id}`)).statusCode).toBe(404);
    expectBadInput(await call(owner, 'DELETE', '/api/items/not-a-number'));
  });

  it('POST /api/bulk-listings (bulk payload): creates every item', async () => {
    const seller = await parent({ isPremium: true });
    const payload = {
      baseTitle: 'Board books',
      description: 'Chewed only a little.',
      category: 'books',
      condition: 'good',
      exchangeType: 'free',
      items: [{ title: 'Farm animals' }, { title: 'Colours', specificDescription: 'Lift-the-flap' }],
    };
    const response = await call(seller, 'POST', '/api/bulk-listings', payload);
    expectOk(response, 201);
    const titles = response.json<{ items: { title: string }[] }>().items.map((item) => item.title);
    expect(titles).toHaveLength(2);
    await expectVisitorRefused('POST', '/api/bulk-listings', payload);
    expectBadInput(
      await call(seller, 'POST', '/api/bulk-listings', { ...payload, items: [{ title: 'Only one' }] }),
      'At least 2 items required for bulk listing',
    );
    expectBadInput(
      await call(seller, 'POST', '/api/bulk-listings', { ...payload, baseTitle: '' }),
      'Base title is required',
    );
    expectBadInput(
      await call(seller, 'POST', '/api/bulk-listings', {
        ...payload,
        items: [{ title: 'A' }, { title: '' }],
      }),
      'Item title is required',
    );
    const free = await call(await parent(), 'POST', '/api/bulk-listings', payload);
    expect(free.statusCode).toBe(403);
    expect(free.json<ErrorBody>().message).toContain('Premium subscription required');
  });

  it("GET /api/users/{id}: another user's profile", async () => {
    const me = await parent();
    const other = await parent({ city: 'Portland' });
    const response = await call(me, 'GET', `/api/users/${other.user.id}`);
    expectOk(response);
    expect(response.json()).toMatchObject({
      id: other.user.id,
      firstName: other.user.firstName,
      lastName: other.user.lastName,
      city: 'Portland',
      rating: expect.any(String),
      totalRatings: 0,
      isVerified: false,
      isPremium: false,
      createdAt: expect.any(String),
    });
    expect(response.body).not.toContain(other.user.email);
    await expectVisitorRefused('GET', `/api/users/${other.user.id}`);
    expectBadInput(await call(me, 'GET', '/api/users/someone'));
    expect((await call(me, 'GET', '/api/users/99999999')).statusCode).toBe(404);
  });

  it("GET /api/users/{id}/items: that user's items", async () => {
    const me = await parent();
    const other = await parent();
    const item = await makeItem(t.db, other.user);
    const response = await call(me, 'GET', `/api/users/${other.user.id}/items`);
    expectOk(response);
    expect(response.json()).toEqual([expect.objectContaining({ id: item.id, userId: other.user.id })]);
    await expectVisitorRefused('GET', `/api/users/${other.user.id}/items`);
    expectBadInput(await call(me, 'GET', '/api/users/someone/items'));
  });

  it('POST /api/users/report {userId, reason}', async () => {
    const me = await parent();
    const other = await parent();
    expectOk(
      await call(me, 'POST', '/api/users/report', { userId: other.user.id, reason: 'Rude messages' }),
      201,
    );
    await expectVisitorRefused('POST', '/api/users/report', { userId: other.user.id, reason: 'Rude' });
    expectBadInput(
      await call(me, 'POST', '/api/users/report', { userId: other.user.id, reason: '   ' }),
      'A reason is required to report this user',
    );
    expectBadInput(await call(me, 'POST', '/api/users/report', { userId: 'someone', reason: 'Rude' }));
  });

  it('GET /api/conversations: with messages', async () => {
    const { buyer, seller, item, id } = await conversationWithMessage();
    const response = await call(seller, 'GET', '/api/conversations');
    expectOk(response);
    const [entry] = response.json<Record<string, unknown>[]>();
    expect(entry).toMatchObject({
      id,
      itemId: item.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      unreadCount: 1,
      lastMessage: { content: 'Still there?' },
      hasOlderMessages: false,
      messages: [
        {
          id: expect.any(Number),
          conversationId: id,
          senderId: buyer.user.id,
          content: 'Still there?',
          createdAt: expect.any(String),
          readAt: null,
        },
      ],
    });
    await expectVisitorRefused('GET', '/api/conversations');
  });

  it('GET /api/conversations/{id}: buyerId, sellerId, buyer, seller, messages', async () => {
    const { buyer, seller, id } = await conversationWithMessage();
    const response = await call(seller, 'GET', `/api/conversations/${id}`);
    expectOk(response);
    expect(response.json()).toMatchObject({
      id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      buyer: { id: buyer.user.id, firstName: buyer.user.firstName },
      seller: { id: seller.user.id, firstName: seller.user.firstName },
      messages: [{ conversationId: id, senderId: buyer.user.id, content: 'Still there?' }],
    });
    await expectVisitorRefused('GET', `/api/conversations/${id}`);
    expectBadInput(await call(seller, 'GET', '/api/conversations/not-a-number'));
  });

  it('POST /api/conversations {itemId, sellerId} (numbers): the response has id', async () => {
    const buyer = await parent();
    const seller = await parent();
    const item = await makeItem(t.db, seller.user);
    const response = await call(buyer, 'POST', '/api/conversations', {
      itemId: item.id,
      sellerId: seller.user.id,
    });
    expectOk(response, 201);
    expect(response.json()).toMatchObject({
      id: expect.any(Number),
      itemId: item.id,
      sellerId: seller.user.id,
    });
    await expectVisitorRefused('POST', '/api/conversations', { itemId: item.id, sellerId: seller.user.id });
    expectBadInput(
      await call(buyer, 'POST', '/api/conversations', { itemId: 'kite', sellerId: seller.user.id }),
    );
    expectBadInput(await call(buyer, 'POST', '/api/conversations', { itemId: item.id }));
  });

  it('POST /api/conversations/{id}/messages {content}', async () => {
    const { seller, id } = await conversationWithMessage();
    const response = await call(seller, 'POST', `/api/conversations/${id}/messages`, { content: '  Yes!  ' });
    expectOk(response, 201);
    expect(response.json()).toMatchObject({ conversationId: id, senderId: seller.user.id, content: 'Yes!' });
    await expectVisitorRefused('POST', `/api/conversations/${id}/messages`, { content: 'Hi' });
    // PRODUCT §5: content trimmed and non-empty.
    expectBadInput(await call(seller, 'POST', `/api/conversations/${id}/messages`, { content: '   ' }));
  });

  it('POST /api/conversations/mark-all-read: then the conversations read as read', async () => {
    const { seller } = await conversationWithMessage();
    expect(
      (await call(seller, 'GET', '/api/conversations')).json<{ unreadCount: number }[]>()[0]?.unreadCount,
    ).toBe(1);
    expectOk(await call(seller, 'POST', '/api/conversations/mark-all-read'));
    const after = (await call(seller, 'GET', '/api/conversations')).json<{ unreadCount: number }[]>();
    expect(after.map((entry) => entry.unreadCount)).toEqual([0]);
    await expectVisitorRefused('POST', '/api/conversations/mark-all-read');
  });

  it('DELETE /api/conversations/{id}', async () => {
    const { buyer, id } = await conversationWithMessage();
    await expectVisitorRefused('DELETE', `/api/conversations/${id}`);
    expectOk(await call(buyer, 'DELETE', `/api/conversations/${id}`));
    expect((await call(buyer, 'GET', '/api/conversations')).json()).toEqual([]);
    expectBadInput(await call(buyer, 'DELETE', '/api/conversations/not-a-number'));
  });

  it('GET /api/favorites/{itemId}: returns isFavorited (signed in)', async () => {
    const me = await parent();
    const item = await makeItem(t.db, (await parent()).user);
    const response = await call(me, 'GET', `/api/favorites/${item.id}`);
    expectOk(response);
    expect(response.json()).toEqual({ isFavorited: false });
    await expectVisitorRefused('GET', `/api/favorites/${item.id}`);
    expectBadInput(await call(me, 'GET', '/api/favorites/not-a-number'));
  });

  it('POST /api/favorites {itemId}', async () => {
    const me = await parent();
    const item = await makeItem(t.db, (await parent()).user);
    expectOk(await call(me, 'POST', '/api/favorites', { itemId: item.id }), 201);
    expect((await call(me, 'GET', `/api/favorites/${item.id}`)).json()).toEqual({ isFavorited: true });
    await expectVisitorRefused('POST', '/api/favorites', { itemId: item.id });
    expectBadInput(await call(me, 'POST', '/api/favorites', { itemId: 'kite' }));
    expectBadInput(await call(me, 'POST', '/api/favorites', {}));
  });

  it('DELETE /api/favorites/{itemId}', async () => {
    const me = await parent();
    const item = await makeItem(t.db, (await parent()).user);
    expectOk(await call(me, 'POST', '/api/favorites', { itemId: item.id }), 201);
    await expectVisitorRefused('DELETE', `/api/favorites/${item.id}`);
    expectOk(await call(me, 'DELETE', `/api/favorites/${item.id}`));
    expect((await call(me, 'GET', `/api/favorites/${item.id}`)).json()).toEqual({ isFavorited: false });
    expectBadInput(await call(me, 'DELETE', '/api/favorites/not-a-number'));
  });

  it('GET /api/favorites/with-items: entries with an item', async () => {
    const me = await parent();
    const item = await makeItem(t.db, (await parent()).user, { title: 'Snow boots' });
    expectOk(await call(me, 'POST', '/api/favorites', { itemId: item.id }), 201);
    const response = await call(me, 'GET', '/api/favorites/with-items');
    expectOk(response);
    expect(response.json()).toEqual([
      expect.objectContaining({
        itemId: item.id,
        item: expect.objectContaining({ id: item.id, title: 'Snow boots' }),
      }),
    ]);
    await expectVisitorRefused('GET', '/api/favorites/with-items');
  });

  it('PATCH /api/user/notifications {emailNotifications, mobileNotifications}: returns updated user', async () => {
    const me = await parent();
    const response = await call(me, 'PATCH', '/api/user/notifications', {
      emailNotifications: false,
      mobileNotifications: false,
    });
    expectOk(response);
    expectCurrentUser(response.json(), me.user.email);
    expect(response.json()).toMatchObject({ emailNotifications: false, mobileNotifications: false });
    expect((await call(me, 'GET', '/api/user')).json()).toMatchObject({
      emailNotifications: false,
      mobileNotifications: false,
    });
    await expectVisitorRefused('PATCH', '/api/user/notifications', { emailNotifications: true });
    expectBadInput(await call(me, 'PATCH', '/api/user/notifications', { emailNotifications: 'yes' }));
    expectBadInput(await call(me, 'PATCH', '/api/user/notifications', { mobileNotifications: 1 }));
  });

  it('POST /api/referral/generate: returns referralCode', async () => {
    const me = await parent();
    const first = await call(me, 'POST', '/api/referral/generate');
    expect(first.statusCode).toBeGreaterThanOrEqual(200);
    expect(first.statusCode).toBeLessThan(300);
    const { referralCode } = first.json<{ referralCode: string }>();
    // PRODUCT §9: the code is 6 characters; PRODUCT §5 upper-cases what is entered.
    expect(referralCode).toMatch(/^[A-Z0-9]{6}$/);
    const second = await call(me, 'POST', '/api/referral/generate');
    expect(second.json<{ referralCode: string }>().referralCode).toBe(referralCode);
    await expectVisitorRefused('POST', '/api/referral/generate');
  });

  it('POST /api/referral/apply {referralCode}: error body is plain text', async () => {
    const friend = await parent();
    const me = await parent();
    const { referralCode } = (await call(friend, 'POST', '/api/referral/generate')).json<{
      referralCode: string;
    }>();
    // PRODUCT §8's words; the body stays docs/OPERATIONS.md's JSON {message}, which the client shows as the text.
    expectBadInput(
      await call(me, 'POST', '/api/referral/apply', { referralCode: '' }),
      'Please enter a referral code',
    );
    expectBadInput(
      await call(me, 'POST', '/api/referral/apply', { referralCode: '   ' }),
      'Please enter a referral code',
    );
    await expectVisitorRefused('POST', '/api/referral/apply', { referralCode });
    // PRODUCT §5: the value is trimmed and upper-cased.
    const applied = await call(me, 'POST', '/api/referral/apply', {
      referralCode: ` ${referralCode.toLowerCase()} `,
    });
    expectOk(applied);
    expect((await call(me, 'GET', '/api/user')).json()).toMatchObject({ referredBy: referralCode });
  });

  it('GET /api/admin/users: every user, for administrators', async () => {
    const boss = await admin();
    const someone = await parent();
    const response = await call(boss, 'GET', '/api/admin/users');
    expectOk(response);
    expect(response.body).toContain(someone.user.email);
    await expectVisitorRefused('GET', '/api/admin/users');
    await expectNonAdminRefused('GET', '/api/admin/users');
  });

  it('GET /api/admin/reports: every report, for administrators', async () => {
    const boss = await admin();
    const report = await makeReport();
    const response = await call(boss, 'GET', '/api/admin/reports');
    expectOk(response);
    expect(response.body).toContain('Asked to meet somewhere private');
    expect(response.body).toContain(`"reportedUserId":${report.reported.user.id}`);
    await expectVisitorRefused('GET', '/api/admin/reports');
    await expectNonAdminRefused('GET', '/api/admin/reports');
  });

  it('PUT /api/admin/users/{id}/premium {isPremium}', async () => {
    const boss = await admin();
    const someone = await parent();
    const url = `/api/admin/users/${someone.user.id}/premium`;
    const response = await call(boss, 'PUT', url, { isPremium: true });
    expectOk(response);
    expect(response.json()).toMatchObject({ id: someone.user.id, isPremium: true });
    expect((await call(someone, 'GET', '/api/user')).json()).toMatchObject({ isPremium: true });
    await expectVisitorRefused('PUT', url, { isPremium: false });
    await expectNonAdminRefused('PUT', url, { isPremium: false });
    expectBadInput(await call(boss, 'PUT', url, { isPremium: 'yes' }), 'isPremium must be true or false');
    expectBadInput(await call(boss, 'PUT', '/api/admin/users/someone/premium', { isPremium: true }));
  });

  it('DELETE /api/admin/users/{id}: the account and everything in it is gone', async () => {
    const boss = await admin();
    const someone = await parent();
    const item = await makeItem(t.db, someone.user);
    const url = `/api/admin/users/${someone.user.id}`;
    await expectVisitorRefused('DELETE', url);
    await expectNonAdminRefused('DELETE', url);
    const response = await call(boss, 'DELETE', url);
    expect([200, 204]).toContain(response.statusCode);
    expect((await call(boss, 'GET', `/api/users/${someone.user.id}`)).statusCode).toBe(404);
    expect((await call(boss, 'GET', `/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await call(boss, 'GET', '/api/admin/users')).body).not.toContain(someone.user.email);
    expect((await call(someone, 'GET', '/api/user')).statusCode).toBe(401);
    expectBadInput(await call(boss, 'DELETE', '/api/admin/users/someone'));
  });

  it('PUT /api/admin/reports/{id} {status}: the updated status', async () => {
    const boss = await admin();
    const report = await makeReport();
    const url = `/api/admin/reports/${report.id}`;
    const response = await call(boss, 'PUT', url, { status: 'resolved' });
    expectOk(response);
    expect(response.json()).toMatchObject({ status: 'resolved' });
    expect((await call(boss, 'GET', '/api/admin/reports')).body).toContain(`"id":${report.id},`);
    expect((await call(boss, 'GET', '/api/admin/reports')).body).toMatch(
      new RegExp(`"id":${report.id},[^}]*"status":"resolved"`),
    );
    expectOk(await call(boss, 'PUT', url, { status: 'dismissed' }));
    await expectVisitorRefused('PUT', url, { status: 'resolved' });
    await expectNonAdminRefused('PUT', url, { status: 'resolved' });
    expectBadInput(await call(boss, 'PUT', url, { status: 'closed' }));
    expectBadInput(await call(boss, 'PUT', url, {}));
  });

  it('DELETE /api/admin/reports/{id}', async () => {
    const boss = await admin();
    const report = await makeReport();
    const url = `/api/admin/reports/${report.id}`;
    await expectVisitorRefused('DELETE', url);
    await expectNonAdminRefused('DELETE', url);
    const response = await call(boss, 'DELETE', url);
    expect([200, 204]).toContain(response.statusCode);
    expect((await call(boss, 'GET', '/api/admin/reports')).body).not.toContain(`"id":${report.id},`);
    expectBadInput(await call(boss, 'DELETE', '/api/admin/reports/some-report'));
  });
});
