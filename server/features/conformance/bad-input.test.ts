/**
 * docs/OPERATIONS.md: 5xx never for bad input. Left to the database, these inputs would fail
 * there (a 500): a NUL character in text, ids beyond PostgreSQL's integer, ids in hex, a tampered
 * browse cursor. Each is refused with 400 (or 404) here, for every route that takes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID, NUL_NOT_ALLOWED } from '../../../common/schemas/primitives.js';
import { makeItem, makeSignedInUser, makeUpload, type TestSession } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let parent: TestSession;
let admin: TestSession;
let itemId: number;
let conversationId: number;
beforeAll(async () => {
  t = await makeTestApp();
  parent = await makeSignedInUser(t, { isPremium: true });
  admin = await makeSignedInUser(t, { isAdmin: true });
  const owner = await makeSignedInUser(t);
  const item = await makeItem(t.db, parent.user);
  itemId = item.id;
  const other = await makeItem(t.db, owner.user);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    payload: { itemId: other.id, sellerId: owner.user.id },
    headers: { cookie: parent.cookie },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  conversationId = opened.json<{ id: number }>().id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ErrorBody = { message: string; errors?: { path: string; message: string }[] };

const NUL = 'before\u0000after';

/** Sets the (dotted) path of a copy of body to value. */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys[keys.length - 1] ?? ''] = value;
  return copy;
}

describe('a NUL character in text is refused with 400 naming the field', () => {
  const profile = {
    firstName: 'Maya',
    lastName: 'Rossi',
    city: 'Austin',
    zipCode: '78701',
    state: 'TX',
    country: 'United States',
  };
  const item = {
    title: 'Wooden train',
    description: 'A wooden train set',
    category: 'toys',
    condition: 'good',
    exchangeType: 'free',
    brand: 'Brio',
    size: 'Small',
    city: 'Austin',
    zipCode: '78701',
  };
  const cases: {
    method: Method;
    url: string;
    body: () => Record<string, unknown>;
    fields: string[];
  }[] = [
    {
      method: 'POST',
      url: '/api/register',
      body: () => ({ email: 'nul@example.com', password: 'secret123', firstName: 'Maya', lastName: 'Rossi' }),
      fields: ['email', 'password', 'firstName', 'lastName'],
    },
    {
      method: 'POST',
      url: '/api/login',
      body: () => ({ email: parent.user.email, password: 'secret123' }),
      fields: ['email', 'password'],
    },
    { method: 'PUT', url: '/api/auth/user', body: () => profile, fields: Object.keys(profile) },
    {
      method: 'POST',
      url: '/api/items',
      body: () => ({ ...item, imageUrls: ['/uploads/a.webp'] }),
      fields: [
        ...Object.keys(item).filter((key) => !['category', 'condition', 'exchangeType'].includes(key)),
        'imageUrls.0',
      ],
    },
    {
      method: 'PATCH',
      url: `/api/items/{item}`,
      body: () => item,
      fields: ['title', 'description', 'brand'],
    },
    {
      method: 'POST',
      url: '/api/bulk-listings',
      body: () => ({
        baseTitle: 'Books',
        description: 'Picture books',
        category: 'books',
        condition: 'good',
        items: [{ title: 'One', specificDescription: 'First' }, { title: 'Two' }],
      }),
      fields: ['baseTitle', 'description', 'items.0.title', 'items.0.specificDescription'],
    },
    {
      method: 'POST',
      url: `/api/conversations/{conversation}/messages`,
      body: () => ({ content: 'Hello' }),
      fields: ['content'],
    },
    {
      method: 'POST',
      url: '/api/users/report',
      body: () => ({ userId: admin.user.id, reason: 'Spam', description: 'Sends spam' }),
      fields: ['reason', 'description'],
    },
    {
      method: 'POST',
      url: `/api/items/{item}/report`,
      body: () => ({ reason: 'Spam', description: 'Looks fake' }),
      fields: ['reason', 'description'],
    },
    {
      method: 'POST',
      url: '/api/exchanges/1/reviews',
      body: () => ({ rating: 5, comment: 'Lovely' }),
      fields: ['comment'],
    },
    {
      method: 'POST',
      url: '/api/reviews/1/response',
      body: () => ({ response: 'Thanks' }),
      fields: ['response'],
    },
    {
      method: 'POST',
      url: '/api/wishlists',
      body: () => ({ title: 'Bike', description: 'A small bike' }),
      fields: ['title', 'description'],
    },
    { method: 'PATCH', url: '/api/wishlists/1', body: () => ({ title: 'Bike' }), fields: ['title'] },
    {
      method: 'POST',
      url: '/api/saved-searches',
      body: () => ({ name: 'Bikes', searchTerm: 'bike', minPrice: '1.00' }),
      fields: ['name', 'searchTerm'],
    },
    {
      method: 'PATCH',
      url: '/api/saved-searches/1',
      body: () => ({ name: 'Bikes' }),
      fields: ['name'],
    },
    {
      method: 'POST',
      url: '/api/referral/apply',
      body: () => ({ referralCode: 'ABC234' }),
      fields: ['referralCode'],
    },
    { method: 'POST', url: '/api/verify-email', body: () => ({ token: 'abc' }), fields: ['token'] },
    {
      method: 'DELETE',
      url: '/api/user',
      body: () => ({ confirmation: 'DELETE', password: 'secret123' }),
      fields: ['confirmation', 'password'],
    },
  ];

  for (const { method, url, body, fields } of cases) {
    it(`${method} ${url}: ${fields.join(', ')}`, async () => {
      for (const field of fields) {
        const response = await t.app.inject({
          method,
          url: url.replace('{item}', String(itemId)).replace('{conversation}', String(conversationId)),
          payload: withValue(body(), field, NUL),
          headers: { cookie: parent.cookie },
        });
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(response.json<ErrorBody>().errors).toContainEqual({ path: field, message: NUL_NOT_ALLOWED });
      }
    });
  }

  it('GET /api/items: search, brand, size and cursor', async () => {
    for (const parameter of ['search', 'brand', 'size', 'cursor']) {
      const response = await t.app.inject({
        url: `/api/items?${parameter}=${encodeURIComponent(NUL)}`,
        headers: { cookie: parent.cookie },
      });
      expect(response.statusCode, `${parameter}: ${response.body}`).toBe(400);
      expect(response.json<ErrorBody>().errors).toContainEqual({ path: parameter, message: NUL_NOT_ALLOWED });
    }
  });

  it('GET /api/geocode: q', async () => {
    const response = await t.app.inject({
      url: `/api/geocode?q=${encodeURIComponent(NUL)}`,
      headers: { cookie: parent.cookie },
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('still accepts the same text without the NUL', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { content: 'before after' },
      headers: { cookie: parent.cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('ids: positive, plain decimal, within PostgreSQL integer', () => {
  const tooLarge = [String(MAX_ID + 1), '99999999999999999999', '1e3', '0x10', '-1', '0'];

  it('answers every route with an id in its path with 400 or 404, never 5xx, for ids it cannot hold', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const withIds = Object.entries(document.paths).filter(([path]) => /\{(id|itemId)\}/.test(path));
    expect(withIds.length).toBeGreaterThan(15);
    for (const [path, operations] of withIds) {
      for (const method of Object.keys(operations)) {
        for (const id of tooLarge) {
          const response = await t.app.inject({
            method: method.toUpperCase() as Method,
            url: path.replace(/\{(id|itemId)\}/, id),
            payload: method === 'get' || method === 'delete' ? undefined : {},
            headers: { cookie: admin.cookie },
          });
          expect([400, 404], `${method} ${path} with ${id}: ${response.body}`).toContain(response.statusCode);
        }
      }
    }
  });

  it('reads /api/items/0x10 as no id at all, not as item 16', async () => {
    const response = await t.app.inject({ url: '/api/items/0x10', headers: { cookie: parent.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toContainEqual({
      path: 'id',
      message: 'Id must be a positive integer',
    });
    const plain = await t.app.inject({ url: `/api/items/${itemId}`, headers: { cookie: parent.cookie } });
    expect(plain.statusCode).toBe(200);
  });

  it('refuses ids in bodies and queries beyond PostgreSQL integer with 400', async () => {
    const big = MAX_ID + 1;
    const calls: { method: Method; url: string; payload?: object; field: string }[] = [
      { method: 'POST', url: '/api/conversations', payload: { itemId: big, sellerId: 1 }, field: 'itemId' },
      { method: 'POST', url: '/api/conversations', payload: { itemId: 1, sellerId: big }, field: 'sellerId' },
      { method: 'GET', url: `/api/conversations?itemId=${big}`, field: 'itemId' },
      { method: 'POST', url: '/api/favorites', payload: { itemId: big }, field: 'itemId' },
      { method: 'POST', url: '/api/users/report', payload: { userId: big, reason: 'Spam' }, field: 'userId' },
      {
        method: 'POST',
        url: `/api/items/${itemId}/exchange`,
        payload: { receiverId: big },
        field: 'receiverId',
      },
    ];
    for (const call of calls) {
      const { field, ...request } = call;
      const response = await t.app.inject({ ...request, headers: { cookie: parent.cookie } });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(400);
      expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toContain(field);
    }
  });

  it('still takes ids written as JSON numbers or digit strings', async () => {
    const asString = await t.app.inject({
      method: 'POST',
      url: '/api/favorites',
      payload: { itemId: String((await makeItem(t.db, admin.user)).id) },
      headers: { cookie: parent.cookie },
    });
    expect(asString.statusCode, asString.body).toBe(201);
  });
});

describe('a tampered browse cursor', () => {
  const encode = (cursor: unknown) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

  it('is refused with 400 "Invalid cursor" whatever its values, never a 500', async () => {
    const photo = await makeUpload(t.db, parent.user);
    for (let i = 0; i < 3; i += 1) await makeItem(t.db, admin.user, { imageUrls: [photo] });
    const tampered = [
      { k: 'browse', v: ['maybe', 'yesterday', '1'] },
      { k: 'browse', v: ['false', '2024-13-45T99:00:00.000000Z', '1'] },
      { k: 'browse', v: ['false', '2024-01-01T00:00:00.000000Z', '99999999999'] },
      { k: 'newest', v: ['not a date', '1'] },
      { k: 'newest', v: ['2024-01-01T00:00:00.000000Z', '1.5'] },
      { k: 'near', v: ['NaNa', '1'] },
      { k: 'ranked', v: ['1e999999', 'false', '2024-01-01T00:00:00.000000Z', '1'] },
      { k: 'browse', v: [] },
      { k: 'browse', v: [1, 2, 3] },
      'not json',
    ];
    const queries = ['', '&sort=newest', '&lat=30.27&lng=-97.74', '&search=train'];
    for (const cursor of tampered) {
      for (const query of queries) {
        const raw = typeof cursor === 'string' ? cursor : encode(cursor);
        const response = await t.app.inject({
          url: `/api/items?cursor=${raw}${query}`,
          headers: { cookie: parent.cookie },
        });
        expect(response.statusCode, `${JSON.stringify(cursor)} ${query}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode !== 200) expect(response.json<ErrorBody>().message).toBe('Invalid cursor');
      }
    }
  });

  it('pages on with a genuine cursor', async () => {
    const first = await t.app.inject({ url: '/api/items?limit=1', headers: { cookie: parent.cookie } });
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const second = await t.app.inject({
      url: `/api/items?limit=1&cursor=${String(cursor)}`,
      headers: { cookie: parent.cookie },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ id: number }[]>()[0]?.id).not.toBe(first.json<{ id: number }[]>()[0]?.id);
  });
});

describe('bodies in the wrong format', () => {
  it('refuses a text/plain body on a JSON route with 415, even when it holds JSON', async () => {
    const session = await makeSignedInUser(t);
    const answer = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/notifications',
      headers: { cookie: session.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify({ emailNotifications: false }),
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({ message: expect.any(String) });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: session.cookie } });
    expect(me.json()).toMatchObject({ emailNotifications: true });
  });
});
