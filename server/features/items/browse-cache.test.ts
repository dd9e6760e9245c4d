import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../common/schemas/items.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createBrowseCache } from './browse-cache.js';
import { items } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { as, makeItem, makeSignedInUser, makeUpload, type TestSession } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-app.js';

// Browse pages are shared between parents for half a minute (browse-cache.ts). These tests hold
// it to its promises: what a listing change does shows at once, on every app instance, and no
// parent is ever handed a page that should differ for them.

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const TOWN = { lat: 44.4759, lng: -73.2121 };
const nearTown = { lat: TOWN.lat, lng: TOWN.lng, maxDistance: 10, sort: 'newest', limit: 50 };

async function browseTitles(
  app: TestApp['app'],
  who: TestSession,
  query: Record<string, string | number> = nearTown,
) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await as(who, app).get(`/api/items?${params}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Item[]).map((item) => item.title);
}

const ttlMs = () => t.config.browseCacheSeconds * 1000;
const pastEarlyAccess = () => new Date(t.clock.now().getTime() - 60_000);

describe('shared browse pages', () => {
  it('shows a listing change at once: a new, an edited and a deleted item', async () => {
    const reader = await makeSignedInUser(t, { isPremium: true });
    const owner = await makeSignedInUser(t, { isPremium: true });
    await makeItem(t.db, owner.user, {
      title: 'Kite for two',
      latitude: String(TOWN.lat),
      longitude: String(TOWN.lng),
      earlyAccessUntil: pastEarlyAccess(),
    });
    expect(await browseTitles(t.app, reader)).toContain('Kite for two');

    const created = await as(owner).post('/api/items', {
      title: 'Rocking horse',
      description: 'Solid wood, gentle rocker.',
      category: 'toys',
      condition: 'good',
      exchangeType: 'free',
      imageUrls: [await makeUpload(t.db, owner.user)],
      latitude: TOWN.lat,
      longitude: TOWN.lng,
    });
    expect(created.statusCode).toBe(201);
    const itemId = (created.json() as Item).id;
    expect(await browseTitles(t.app, reader)).toContain('Rocking horse');

    const edited = await as(owner).patch(`/api/items/${itemId}`, { title: 'Rocking horse with saddle' });
    expect(edited.statusCode).toBe(200);
    expect(await browseTitles(t.app, reader)).toContain('Rocking horse with saddle');

    const deleted = await as(owner).delete(`/api/items/${itemId}`);
    expect(deleted.statusCode).toBe(200);
    const after = await browseTitles(t.app, reader);
    expect(after).not.toContain('Rocking horse with saddle');
    expect(after).toContain('Kite for two');
  });

  it('shows a promise made and released at once', async () => {
    const reader = await makeSignedInUser(t);
    const owner = await makeSignedInUser(t);
    const family = await makeSignedInUser(t);
    const given = await makeItem(t.db, owner.user, {
      title: 'Promised pram',
      latitude: String(TOWN.lat),
      longitude: String(TOWN.lng),
      earlyAccessUntil: pastEarlyAccess(),
    });
    const promisedOnPage = async () => {
      const params = new URLSearchParams(
        Object.entries(nearTown).map(([key, value]) => [key, String(value)]),
      );
      const page = await as(reader).get(`/api/items?${params}`);
      return (page.json() as Item[]).find((card) => card.id === given.id)?.promised;
    };
    expect(await promisedOnPage()).toBe(false);
    const request = (await as(family).post(`/api/items/${given.id}/requests`, {})).json<{ id: number }>();
    const promise = await as(owner).post(`/api/items/${given.id}/promise`, { requestId: request.id });
    expect(promise.statusCode).toBe(201);
    expect(await promisedOnPage()).toBe(true);
    await as(family).post(`/api/exchanges/${promise.json<{ id: number }>().id}/release`);
    expect(await promisedOnPage()).toBe(false);
  });

  it('keeps counters and direct edits for at most twice its time to live', async () => {
    const reader = await makeSignedInUser(t);
    const owner = await makeSignedInUser(t);
    const item = await makeItem(t.db, owner.user, {
      title: 'Sandpit toys',
      category: 'toys',
      latitude: String(TOWN.lat),
      longitude: String(TOWN.lng),
      earlyAccessUntil: pastEarlyAccess(),
    });
    const query = { ...nearTown, category: 'toys' };
    expect(await browseTitles(t.app, reader, query)).toContain('Sandpit toys');

    // A change made without going through the app (as counters are) waits for the page to expire.
    await t.db.update(items).set({ title: 'Sandpit toys and bucket' }).where(eq(items.id, item.id));
    expect(await browseTitles(t.app, reader, query)).toContain('Sandpit toys');
    // Past its time to live the kept page is still served once more while it is refreshed...
    t.clock.advance(ttlMs() + 1000);
    expect(await browseTitles(t.app, reader, query)).toContain('Sandpit toys');
    await vi.waitFor(async () =>
      expect(await browseTitles(t.app, reader, query)).toContain('Sandpit toys and bucket'),
    );
    // ...and past twice that it is never served: the page is worked out again first.
    await t.db.update(items).set({ title: 'Sandpit toys, bucket and spade' }).where(eq(items.id, item.id));
    t.clock.advance(2 * ttlMs() + 1000);
    expect(await browseTitles(t.app, reader, query)).toContain('Sandpit toys, bucket and spade');
  });

  it('reaches the pages of another app instance on the same database', async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
      logger: false,
    });
    try {
      const reader = await makeSignedInUser({ app: second, db: t.db }, { isPremium: true });
      const owner = await makeSignedInUser(t, { isPremium: true });
      const item = await makeItem(t.db, owner.user, {
        title: 'Tricycle',
        latitude: String(TOWN.lat),
        longitude: String(TOWN.lng),
        earlyAccessUntil: pastEarlyAccess(),
      });
      expect(await browseTitles(second, reader)).toContain('Tricycle');

      const hidden = await as(owner).patch(`/api/items/${item.id}`, { status: 'sold' });
      expect(hidden.statusCode).toBe(200);
      // The other instance hears of it through PostgreSQL NOTIFY, a moment later.
      await vi.waitFor(async () => expect(await browseTitles(second, reader)).not.toContain('Tricycle'));
    } finally {
      await second.close();
    }
  });

  it('never hands a parent in a block the page shared by others', async () => {
    const blocker = await makeSignedInUser(t);
    const other = await makeSignedInUser(t);
    const blocked = await makeSignedInUser(t);
    await makeItem(t.db, blocked.user, {
      title: 'Puppet theatre',
      category: 'other',
      latitude: String(TOWN.lat),
      longitude: String(TOWN.lng),
      earlyAccessUntil: pastEarlyAccess(),
    });
    const query = { ...nearTown, category: 'other' };
    expect(await browseTitles(t.app, blocker, query)).toContain('Puppet theatre');

    const block = await as(blocker).post(`/api/users/${blocked.user.id}/block`);
    expect(block.statusCode).toBe(201);
    expect(await browseTitles(t.app, blocker, query)).not.toContain('Puppet theatre');
    expect(await browseTitles(t.app, other, query)).toContain('Puppet theatre');
    // Blocking works both ways: the blocked parent no longer sees the blocker's listings either.
    await makeItem(t.db, blocker.user, {
      title: 'Marble run',
      category: 'other',
      latitude: String(TOWN.lat),
      longitude: String(TOWN.lng),
      earlyAccessUntil: pastEarlyAccess(),
    });
    t.clock.advance(2 * ttlMs() + 1000);
    expect(await browseTitles(t.app, other, query)).toContain('Marble run');
    expect(await browseTitles(t.app, blocked, query)).not.toContain('Marble run');

    const unblock = await as(blocker).delete(`/api/users/${blocked.user.id}/block`);
    expect(unblock.statusCode).toBe(200);
    expect(await browseTitles(t.app, blocker, query)).toContain('Puppet theatre');
    expect(await browseTitles(t.app, blocked, query)).toContain('Marble run');
  });

  it('shows a free parent their own new listing in early access, and nobody else', async () => {
    const lister = await makeSignedInUser(t);
    const neighbour = await makeSignedInUser(t);
    const query = { ...nearTown, category: 'clothes' };
    expect(await browseTitles(t.app, neighbour, query)).not.toContain('Rain jacket');

    const created = await as(lister).post('/api/items', {
      title: 'Rain jacket',
      description: 'Size 4, bright yellow.',
      category: 'clothes',
      condition: 'good',
      exchangeType: 'free',
      imageUrls: [await makeUpload(t.db, lister.user)],
      latitude: TOWN.lat,
      longitude: TOWN.lng,
    });
    expect(created.statusCode).toBe(201);
    expect(await browseTitles(t.app, lister, query)).toContain('Rain jacket');
    expect(await browseTitles(t.app, neighbour, query)).not.toContain('Rain jacket');
    // The neighbour's page is shared with other free parents; the lister's is their own.
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await browseTitles(t.app, neighbour, query)).toContain('Rain jacket');
    expect(await browseTitles(t.app, lister, query)).toContain('Rain jacket');
  });
});

describe('a listing change whose notice cannot be sent', () => {
  it('still clears this instance and never fails the change itself', async () => {
    const warnings: string[] = [];
    const cache = await createBrowseCache({
      database: {
        // Only execute is used to send the notice; this one fails like a dropped connection.
        db: { execute: () => Promise.reject(new Error('connection lost')) } as unknown as Database,
        listen: async () => async () => undefined,
      },
      clock: t.clock,
      ttlMs: 30_000,
      maxEntries: 10,
      log: {
        warn: (...args: unknown[]) => {
          warnings.push(String(args[1]));
        },
      },
    });
    const page = { items: [], distances: new Map<number, number>() };
    await cache.page('newest', async () => page);
    await expect(cache.changed()).resolves.toBeUndefined();
    expect(warnings).toEqual(['could not tell other instances of a listing change']);
    const fresh = { items: [], distances: new Map<number, number>() };
    expect(await cache.page('newest', async () => fresh)).toBe(fresh);
  });
});

describe('memory', () => {
  it('lets go of pages nobody may be served any more, without waiting for the cap', async () => {
    const cache = await createBrowseCache({
      database: { db: {} as Database, listen: async () => async () => undefined },
      clock: t.clock,
      ttlMs: 30_000,
      maxEntries: 1_000,
      log: { warn: () => undefined },
    });
    const page = async () => ({ items: [], distances: new Map<number, number>() });
    await cache.page('lego near Austin', page);
    await cache.page('dolls near Boston', page);
    expect(cache.size()).toBe(2);
    // Past twice the time to live neither may be served; the next page kept sweeps them out.
    t.clock.advance(60_001);
    await cache.page('books near Denver', page);
    expect(cache.size()).toBe(1);
    // Within its life a page stays, and the cap still holds when everything is fresh.
    t.clock.advance(1_000);
    await cache.page('trains near Seattle', page);
    expect(cache.size()).toBe(2);
    await cache.close();
  });

  it('holds at most its cap of pages', async () => {
    const cache = await createBrowseCache({
      database: { db: {} as Database, listen: async () => async () => undefined },
      clock: t.clock,
      ttlMs: 30_000,
      maxEntries: 3,
      log: { warn: () => undefined },
    });
    const page = async () => ({ items: [], distances: new Map<number, number>() });
    for (const word of ['a', 'b', 'c', 'd', 'e']) await cache.page(word, page);
    expect(cache.size()).toBe(3);
    await cache.close();
  });
});
