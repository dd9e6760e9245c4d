import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { UserRow } from '../../db/schema.js';
import { as, asVisitor, makeItem, makeSignedInUser, makeUser, signIn } from '../../test/factories.js';
import {
  makeStatementCountingApp,
  makeTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '../../test/test-app.js';

// With browse pages not shared (BROWSE_CACHE_SECONDS=0), GET /api/items's plain first page and a
// text search's first page are read in the session's own statement, their audience worked out
// in SQL (items.search.ts firstPageWithSession, rankedFirstPageWithSession). What a parent sees
// must not depend on which way it was read: each page is compared with the same page read by an
// instance that shares pages, its cache emptied first, which reads the session and the page apart.

let t: TestApp;
let reference: FastifyInstance;
beforeAll(async () => {
  t = await makeTestApp({ BROWSE_CACHE_SECONDS: '0' });
  reference = await buildApp({
    config: { ...t.config, browseCacheSeconds: 30 },
    database: t.database,
    clock: t.clock,
    sessionSecret: TEST_SESSION_SECRET,
    logger: false,
  });
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const HOME = { lat: 40.7128, lng: -74.006 };
const QUERIES = [
  'limit=24',
  'sort=newest&limit=5',
  'limit=2',
  'sort=relevance&limit=3',
  'search=%21%21&limit=4',
  // Text searches: best match, newest, from a position (best match still), a typo (a later
  // tier), no match at all, and nearest first inside a radius (the bounded walk, read apart).
  'search=book&limit=3',
  'search=board+book&sort=newest&limit=2',
  `search=train&lat=${HOME.lat}&lng=${HOME.lng}&limit=4`,
  `search=book&lat=${HOME.lat}&lng=${HOME.lng}&sort=nearest&limit=4`,
  'search=xylophnoe&limit=5',
  'search=zebra+unicycle&limit=5',
  `search=book&lat=${HOME.lat}&lng=${HOME.lng}&maxDistance=30&limit=3`,
  // The statement of a search's shape is built once: the same shapes again with other values,
  // and with every filter (Premium's brand and size too: refused to free parents either way).
  'search=train&limit=3',
  'search=book&sort=newest&limit=3',
  `search=board&lat=${HOME.lat + 0.5}&lng=${HOME.lng - 0.5}&limit=4`,
  `search=book&lat=${HOME.lat}&lng=${HOME.lng}&maxDistance=30&sort=relevance&limit=3`,
  `search=book&lat=${HOME.lat}&lng=${HOME.lng}&maxDistance=5&sort=relevance&limit=3`,
  'search=book&category=books&condition=good&exchangeType=free&limit=3',
  'search=book&category=toys&condition=good&exchangeType=free&limit=3',
  'search=book&ageRange=2-4y&limit=3',
  'search=book&brand=Usborne&size=M&limit=3',
];

/** The page as the parent gets it: status, the list headers and the cards. */
async function pageOf(app: FastifyInstance, cookie: string, query: string) {
  const response = await app.inject({ url: `/api/items?${query}`, headers: { cookie } });
  return {
    status: response.statusCode,
    nextCursor: response.headers['x-next-cursor'],
    totalCount: response.headers['x-total-count'],
    body: response.json() as unknown,
  };
}

/**
 * Each query, read by a session just signed in (so neither instance has it in memory and the
 * folding one reads it from the database with the page), then by the reference instance.
 */
async function expectSamePages(user: UserRow, { premium = false } = {}) {
  for (const query of QUERIES) {
    const { cookie } = await signIn(t.app, user);
    const folded = await pageOf(t.app, cookie, query);
    await reference.listings.changed();
    const apart = await pageOf(reference, cookie, query);
    expect(folded.status, query).toBe(query.includes('brand=') && !premium ? 403 : 200);
    expect(folded, query).toEqual(apart);
  }
}

const titles = (page: { body: unknown }) => (page.body as { title: string }[]).map((item) => item.title);

describe('the first page read with the session, plain or a search’s', () => {
  it('answers an empty page with its count of 0, and refuses what it refused before', async () => {
    const parent = await makeSignedInUser(t);
    const empty = await pageOf(t.app, parent.cookie, 'limit=24');
    expect(empty).toEqual({ status: 200, nextCursor: undefined, totalCount: '0', body: [] });
    await expectSamePages(parent.user);

    const badLimit = await as(parent).get('/api/items?limit=0');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe('limit: Limit must be a whole number from 1 to 100');
    expect((await asVisitor(t.app).get('/api/items?limit=24')).statusCode).toBe(401);
  });

  it('shows each parent what they may see: early access, their own listings, blocks both ways', async () => {
    const owner = await makeUser(t.db);
    const now = t.clock.now().getTime();
    for (let index = 0; index < 6; index += 1) {
      await makeItem(t.db, owner, {
        title: `Board book ${index}`,
        ...(index % 2 === 0 ? { ageRange: '2-4y', brand: 'Usborne', size: 'M' } : {}),
        createdAt: new Date(now - (index + 2) * HOUR),
        earlyAccessUntil: new Date(now - HOUR),
      });
    }
    await makeItem(t.db, owner, {
      title: 'Board book by the park',
      latitude: HOME.lat.toFixed(8),
      longitude: HOME.lng.toFixed(8),
    });
    await makeItem(t.db, owner, { title: 'Hidden rattle', isHidden: true });
    await makeItem(t.db, owner, { title: 'Given-away pram', isAvailable: false, status: 'free' });
    const premiumOwner = await makeUser(t.db, { isPremium: true });
    await makeItem(t.db, premiumOwner, {
      title: 'Fresh wooden train',
      isPriority: true,
      earlyAccessUntil: new Date(now + HOUR),
    });
    await makeItem(t.db, premiumOwner, { title: 'Priority puzzle', isPriority: true });

    const free = await makeUser(t.db);
    const premium = await makeUser(t.db, { isPremium: true });
    const subscribed = await makeUser(t.db, { subscriptionStatus: 'active' });
    const referralWeek = await makeUser(t.db, { subscriptionEndsAt: new Date(now + 24 * HOUR) });
    const lapsed = await makeUser(t.db, { subscriptionEndsAt: new Date(now - HOUR) });
    const listerInEarlyAccess = await makeUser(t.db);
    await makeItem(t.db, listerInEarlyAccess, {
      title: 'My own new scooter',
      earlyAccessUntil: new Date(now + HOUR),
      createdAt: new Date(now - 60_000),
    });
    const blocker = await makeSignedInUser(t);
    await makeItem(t.db, blocker.user, { title: 'Blocker’s xylophone', createdAt: new Date(now - 40_000) });
    const blockedOwner = await makeUser(t.db);
    await makeItem(t.db, blockedOwner, { title: 'Blocked parent’s kite', createdAt: new Date(now - 30_000) });
    expect((await as(blocker).post(`/api/users/${blockedOwner.id}/block`)).statusCode).toBe(201);

    const firstPage = async (user: UserRow, query = 'limit=24') =>
      titles(await pageOf(t.app, (await signIn(t.app, user)).cookie, query));
    const freePage = await firstPage(free);
    expect(freePage).not.toContain('Fresh wooden train');
    expect(freePage).not.toContain('My own new scooter');
    expect(freePage).toContain('Blocked parent’s kite');
    expect(freePage).not.toContain('Hidden rattle');
    expect(freePage).not.toContain('Given-away pram');
    // The default order: Premium members' listings first, then newest.
    expect(freePage[0]).toBe('Priority puzzle');
    expect(await firstPage(premium)).toContain('Fresh wooden train');
    expect(await firstPage(subscribed)).toContain('Fresh wooden train');
    expect(await firstPage(referralWeek)).toContain('Fresh wooden train');
    expect(await firstPage(lapsed)).not.toContain('Fresh wooden train');
    expect(await firstPage(listerInEarlyAccess)).toContain('My own new scooter');
    expect(await firstPage(blocker.user)).not.toContain('Blocked parent’s kite');
    // Blocking works both ways: the blocked parent no longer sees the blocker's listings either.
    expect(freePage).toContain('Blocker’s xylophone');
    expect(await firstPage(blockedOwner)).not.toContain('Blocker’s xylophone');

    // The same rules for a search's first page.
    const searchFor = (words: string) => `search=${encodeURIComponent(words)}&limit=24`;
    expect(await firstPage(free, searchFor('wooden train'))).toEqual([]);
    expect(await firstPage(premium, searchFor('wooden train'))).toEqual(['Fresh wooden train']);
    expect(await firstPage(referralWeek, searchFor('wooden train'))).toEqual(['Fresh wooden train']);
    expect(await firstPage(lapsed, searchFor('wooden train'))).toEqual([]);
    expect(await firstPage(listerInEarlyAccess, searchFor('scooter'))).toEqual(['My own new scooter']);
    expect(await firstPage(free, searchFor('scooter'))).toEqual([]);
    expect(await firstPage(free, searchFor('kite'))).toEqual(['Blocked parent’s kite']);
    expect(await firstPage(blocker.user, searchFor('kite'))).toEqual([]);
    expect(await firstPage(blockedOwner, searchFor('xylophone'))).toEqual([]);
    expect(await firstPage(free, searchFor('rattle'))).toEqual([]);
    expect(await firstPage(premium, 'search=book&brand=usborne&size=m&limit=24')).toEqual([
      'Board book 0',
      'Board book 2',
      'Board book 4',
    ]);

    for (const user of [free, lapsed, listerInEarlyAccess, blocker.user, blockedOwner])
      await expectSamePages(user);
    for (const user of [premium, subscribed, referralWeek]) await expectSamePages(user, { premium: true });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the plain first page on PostgreSQL', () => {
  let counting: Awaited<ReturnType<typeof makeStatementCountingApp>>;
  beforeAll(async () => {
    counting = await makeStatementCountingApp({ BROWSE_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await counting.close();
  });

  it('costs a signed-in parent one statement, a search too; a filtered page still two', async () => {
    const parent = await makeSignedInUser(counting);
    const stacking = ['Stacking cups', 'Stacking rings', 'Stacking blocks'];
    for (const [index, title] of stacking.entries()) {
      await makeItem(counting.db, parent.user, { title, createdAt: new Date(Date.now() - index * 60_000) });
    }
    const ran = async (query: string) => {
      const { response, statements } = await counting.countStatements({
        url: `/api/items?${query}`,
        headers: { cookie: parent.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(titles({ body: response.json() })).toEqual(stacking);
      return statements;
    };
    const plain = await ran('limit=24');
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatch(/from "sessions" "viewer_session".*"items"/s);
    const search = await ran('search=stacking&sort=newest&limit=24');
    expect(search).toHaveLength(1);
    expect(search[0]).toMatch(/from "sessions" "viewer_session".*with candidates/s);
    expect(await ran('category=books&limit=24')).toHaveLength(2);
  });
});
