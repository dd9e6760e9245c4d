/**
 * Abuse turned away (PRODUCT §9, Rate limits). Sign-in failures counted per address across accounts and per
 * account across addresses, atomically, with backoff and Retry-After; sign-ups, messages, reports
 * and uploads limited per parent and per address; the client's address taken only from the
 * proxies configured in front (TRUSTED_PROXIES). The production numbers are in rate-limits.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../lib/rate-limits.js';
import { as, makeItem, makeSignedInUser, makeUpload, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

const MINUTE = 60 * 1000;
const L = DEFAULT_RATE_LIMITS;

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const signIn = (app: TestApp, email: string, password: string, remoteAddress: string, headers = {}) =>
  app.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers });

describe('sign-in', () => {
  it('meets 429 when one address tries many accounts (password spraying), with Retry-After', async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 200; i += 1) {
      const response = await signIn(t, `sprayed${i}@example.com`, 'Summer2024!', '203.0.113.5');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        refused = response;
        break;
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(L.signInPerAddress.max);
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // A parent on another network is not affected.
    const parent = await makeUser(t.db);
    expect((await signIn(t, parent.email, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('locks an account guessed from many addresses, for every address', async () => {
    const victim = await makeUser(t.db);
    for (let i = 0; i < L.signInPerAccount.max; i += 1) {
      expect((await signIn(t, victim.email, `guess-${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    const refused = await signIn(t, victim.email, 'another-guess', '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
  });

  it('lets 40 failures sent at once through exactly as often as the limit allows', async () => {
    const target = await makeUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(t, target.email, `wrong-${i}`, '198.51.100.40')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(L.signInPerAccount.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - L.signInPerAccount.max);
    for (const response of responses.filter((one) => one.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('doubles the lock while the guessing goes on, and forgets it once a window passes quietly', async () => {
    const target = await makeUser(t.db);
    const fail = () => signIn(t, target.email, 'wrong', '198.51.100.77');
    for (let i = 0; i < L.signInPerAccount.max; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await fail()).headers['retry-after']).toBe(String(15 * 60));
    // The window ends; the guessing goes straight on: this window lasts 30 minutes.
    t.clock.advance(15 * MINUTE + 1000);
    for (let i = 0; i < L.signInPerAccount.max; i += 1) expect((await fail()).statusCode).toBe(401);
    const doubled = await fail();
    expect(doubled.statusCode).toBe(429);
    expect(Number(doubled.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(Number(doubled.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    // After it, the right password works and clears the account's count.
    t.clock.advance(30 * MINUTE + 1000);
    expect((await signIn(t, target.email, TEST_PASSWORD, '198.51.100.77')).statusCode).toBe(200);
    for (let i = 0; i < L.signInPerAccount.max; i += 1) expect((await fail()).statusCode).toBe(401);
  });

  it('does not hold right passwords against an address: a family signs in many times', async () => {
    const parent = await makeUser(t.db);
    for (let i = 0; i < L.signInPerAddress.max + 5; i += 1) {
      expect((await signIn(t, parent.email, TEST_PASSWORD, '198.51.100.99')).statusCode).toBe(200);
    }
  });
});

describe('trusted proxies (docs/OPERATIONS.md TRUSTED_PROXIES)', () => {
  it('unset: X-Forwarded-For is ignored, so changing it does not walk around the limit', async () => {
    const victim = await makeUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < L.signInPerAddress.max + 1; i += 1) {
      const response = await signIn(t, `nobody${i}@example.com`, 'x', '198.51.100.150', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await signIn(t, victim.email, TEST_PASSWORD, '198.51.100.150')).statusCode).toBe(429);
  });

  it('a hop count: the address the proxy saw is the client’s, whatever the client wrote before it', async () => {
    const proxied = await makeTestApp({ TRUSTED_PROXIES: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < L.signInPerAddress.max + 1; i += 1) {
        const response = await signIn(proxied, `nobody${i}@example.com`, 'x', '10.0.0.2', {
          'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.7`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      // Another client behind the same proxy is another address.
      const parent = await makeUser(proxied.db);
      const other = await signIn(proxied, parent.email, TEST_PASSWORD, '10.0.0.2', {
        'x-forwarded-for': '198.51.100.8',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('addresses: only those proxies are believed; anyone else’s X-Forwarded-For is ignored', async () => {
    const proxied = await makeTestApp({ TRUSTED_PROXIES: '10.0.0.0/8' });
    try {
      for (let i = 0; i < L.signInPerAddress.max; i += 1) {
        const response = await signIn(proxied, `nobody${i}@example.com`, 'x', '198.51.100.200', {
          'x-forwarded-for': `10.1.2.${i + 1}`,
        });
        expect(response.statusCode).toBe(401);
      }
      const parent = await makeUser(proxied.db);
      expect((await signIn(proxied, parent.email, TEST_PASSWORD, '198.51.100.200')).statusCode).toBe(429);
      const viaProxy = await signIn(proxied, parent.email, TEST_PASSWORD, '10.0.0.9', {
        'x-forwarded-for': '198.51.100.201',
      });
      expect(viaProxy.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('actions limited per parent and per address', () => {
  it('messages: a burst from one parent meets 429 with Retry-After', async () => {
    const sender = await makeSignedInUser(t);
    const owner = await makeSignedInUser(t);
    const item = await makeItem(t.db, owner.user);
    const opened = await as(sender).post(
      '/api/conversations',
      { itemId: item.id, sellerId: owner.user.id },
      { remoteAddress: '198.51.100.60' },
    );
    const send = (who = sender, remoteAddress = '198.51.100.60') =>
      as(who).post(
        `/api/conversations/${opened.json<{ id: number }>().id}/messages`,
        { content: 'Is it still available?' },
        { remoteAddress },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await send()).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(L.messagesPerUser.max);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // The other side can still answer, and the sender again after a minute.
    expect((await send(owner, '198.51.100.61')).statusCode).toBe(201);
    t.clock.advance(MINUTE + 1000);
    expect((await send()).statusCode).toBe(201);
  });

  it('messages: many parents from one address meet the per-address limit', async () => {
    const app = await makeTestApp(
      {},
      { rateLimits: { messagesPerAddress: { ...L.messagesPerAddress, max: 5 } } },
    );
    try {
      const owner = await makeSignedInUser(app);
      const item = await makeItem(app.db, owner.user);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const parent = await makeSignedInUser(app);
        const opened = await as(parent).post('/api/conversations', {
          itemId: item.id,
          sellerId: owner.user.id,
        });
        const sent = await as(parent).post(
          `/api/conversations/${opened.json<{ id: number }>().id}/messages`,
          { content: 'Hello' },
          { remoteAddress: '198.51.100.70' },
        );
        statuses.push(sent.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('reports: past the daily limit per parent, 429', async () => {
    const app = await makeTestApp({}, { rateLimits: { reportsPerUser: { ...L.reportsPerUser, max: 3 } } });
    try {
      const reporter = await makeSignedInUser(app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const reported = await makeUser(app.db);
        const response = await as(reporter).post('/api/users/report', {
          userId: reported.id,
          reason: 'Spam',
        });
        statuses.push(response.statusCode);
      }
      const owner = await makeUser(app.db);
      const item = await makeItem(app.db, owner);
      const itemReport = await as(reporter).post(`/api/items/${item.id}/report`, { reason: 'Spam' });
      expect([...statuses, itemReport.statusCode]).toEqual([201, 201, 201, 429, 429, 429]);
      expect(Number(itemReport.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    } finally {
      await app.close();
    }
  });

  it('uploads and sign-ups: per address as well as per parent', async () => {
    const app = await makeTestApp(
      {},
      {
        rateLimits: {
          uploadsPerAddress: { ...L.uploadsPerAddress, max: 2 },
          signUpPerAddress: { ...L.signUpPerAddress, max: 2 },
        },
      },
    );
    try {
      const uploads: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const parent = await makeSignedInUser(app);
        const response = await as(parent).post(
          '/api/upload',
          { images: 'not multipart' },
          { remoteAddress: '198.51.100.80' },
        );
        uploads.push(response.statusCode);
      }
      expect(uploads).toEqual([415, 415, 429]);

      const signUps: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { email: `new${i}@example.com`, password: 'secret1', firstName: 'A', lastName: 'B' },
          remoteAddress: '198.51.100.81',
        });
        signUps.push(response.statusCode);
      }
      expect(signUps).toEqual([201, 201, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('listings, conversations and referral codes', () => {
  it('turns away a burst of listings, new conversations and referral codes with 429 and Retry-After', async () => {
    const app = await makeTestApp(
      {},
      {
        rateLimits: {
          listingsPerUser: { ...L.listingsPerUser, max: 3 },
          conversationsPerUser: { ...L.conversationsPerUser, max: 2 },
          referralAttemptsPerUser: { ...L.referralAttemptsPerUser, max: 2 },
        },
      },
    );
    try {
      const parent = await makeSignedInUser(app);
      const post = (url: string, payload: object) => as(parent).post(url, payload);
      const listings: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const listing = {
          title: `Wooden puzzle ${i}`,
          description: 'All pieces there.',
          category: 'toys',
          condition: 'good',
          exchangeType: 'free',
          imageUrls: [await makeUpload(app.db, parent.user)],
        };
        listings.push((await post('/api/items', listing)).statusCode);
      }
      expect(listings).toEqual([201, 201, 201, 429]);

      const owner = await makeUser(app.db);
      const conversations: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const item = await makeItem(app.db, owner, { earlyAccessUntil: new Date(0) });
        conversations.push(
          (await post('/api/conversations', { itemId: item.id, sellerId: owner.id })).statusCode,
        );
      }
      expect(conversations).toEqual([201, 201, 429]);

      const codes: number[] = [];
      for (const referralCode of ['AAAAAA', 'BBBBBB', 'CCCCCC']) {
        codes.push((await post('/api/referral/apply', { referralCode })).statusCode);
      }
      const refused = await post('/api/referral/apply', { referralCode: 'DDDDDD' });
      expect([...codes, refused.statusCode]).toEqual([400, 400, 429, 429]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
