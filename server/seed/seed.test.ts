import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_WINDOW_DAYS } from '../../common/schemas/reviews.js';
import type { DatabaseHandle } from '../db/client.js';
import {
  conversations,
  exchanges,
  favorites,
  itemRequests,
  items,
  itemViews,
  messages,
  reviews,
  users,
} from '../db/schema.js';
import { getOwnerAnalytics } from '../features/analytics/analytics.service.js';
import { createLocalStorage } from '../lib/storage-local.js';
import { makeTestClock } from '../test/test-app.js';
import { openTestDatabase } from '../test/test-app.js';
import { ITEM_TEMPLATES } from './catalog.js';
import { DEMO_EMAIL_DOMAIN, seedMarketplace, type SeedResult } from './seed.js';

/** The size a fresh embedded database starts with (server/main.ts). */
const DEMO_SIZE = { families: 16, items: 64 };
const NOW = new Date('2026-11-20T15:30:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const HANDED_OVER_STATUS: Record<string, string> = { free: 'free', swap: 'swapped', sell: 'sold' };

let handle: DatabaseHandle;
let seeded: SeedResult;
const clock = makeTestClock(NOW);

async function seedFresh(): Promise<{ handle: DatabaseHandle; result: SeedResult }> {
  const database = await openTestDatabase();
  const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'littleloop-seed-')));
  const result = await seedMarketplace({ db: database.db, storage, clock }, DEMO_SIZE);
  return { handle: database, result };
}

beforeAll(async () => {
  ({ handle, result: seeded } = await seedFresh());
}, 120_000);
afterAll(async () => {
  await handle.close();
});

const familiesOf = (database: DatabaseHandle) =>
  database.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .orderBy(asc(users.id));

describe('demo families', () => {
  it('gives every family its own believable name, and an e-mail made of it', async () => {
    const families = await familiesOf(handle);
    expect(families).toHaveLength(DEMO_SIZE.families);
    const fullNames = families.map((family) => `${family.firstName} ${family.lastName}`);
    expect(new Set(fullNames).size).toBe(families.length);
    // At the demo size no first name and no last name repeats either.
    expect(new Set(families.map((family) => family.firstName)).size).toBe(families.length);
    expect(new Set(families.map((family) => family.lastName)).size).toBe(families.length);
    for (const family of families) {
      expect(family.email).toBe(
        `${family.firstName}.${family.lastName}.${family.id}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
      );
    }
    expect(families[0]?.email).toBe('maya.thompson.1@demo.littleloop.app');
  });

  it('gives the same families and items for the same seed', async () => {
    const again = await seedFresh();
    try {
      expect(await familiesOf(again.handle)).toEqual(await familiesOf(handle));
      const itemsOf = (database: DatabaseHandle) =>
        database.db
          .select({ title: items.title, exchangeType: items.exchangeType, status: items.status })
          .from(items)
          .orderBy(asc(items.id));
      expect(await itemsOf(again.handle)).toEqual(await itemsOf(handle));
    } finally {
      await again.handle.close();
    }
  }, 120_000);
});

describe('ratings backed by handovers', () => {
  it('gives every parent the rating and count of their review rows, and 0.00 and 0 without any', async () => {
    const families = await handle.db
      .select({ id: users.id, rating: users.rating, totalRatings: users.totalRatings })
      .from(users);
    const allReviews = await handle.db
      .select({ reviewedUserId: reviews.reviewedUserId, rating: reviews.rating })
      .from(reviews);
    let rated = 0;
    for (const family of families) {
      const ratings = allReviews.filter((review) => review.reviewedUserId === family.id).map((r) => r.rating);
      const average =
        ratings.length === 0 ? 0 : ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
      expect({ id: family.id, rating: family.rating, totalRatings: family.totalRatings }).toEqual({
        id: family.id,
        rating: average.toFixed(2),
        totalRatings: ratings.length,
      });
      if (ratings.length > 0) rated += 1;
    }
    // A lived-in demo: most families have been reviewed.
    expect(rated).toBeGreaterThanOrEqual(DEMO_SIZE.families / 2);
  });

  it('has every review belong to a completed handover both sides confirmed, one from each side', async () => {
    const rows = await handle.db
      .select({ review: reviews, exchange: exchanges })
      .from(reviews)
      .leftJoin(exchanges, eq(exchanges.id, reviews.exchangeId));
    expect(rows.length).toBeGreaterThan(0);
    for (const { review, exchange } of rows) {
      if (!exchange) throw new Error(`review ${review.id} has no exchange`);
      expect(exchange.status).toBe('completed');
      expect(exchange.giverConfirmedAt).not.toBeNull();
      expect(exchange.receiverConfirmedAt).not.toBeNull();
      const completedAt = exchange.completedAt?.getTime() ?? Number.NaN;
      expect(completedAt).toBe(
        Math.max(exchange.giverConfirmedAt?.getTime() ?? 0, exchange.receiverConfirmedAt?.getTime() ?? 0),
      );
      const sides = [exchange.sellerId, exchange.buyerId];
      expect(sides).toContain(review.reviewerId);
      expect(review.reviewedUserId).toBe(
        review.reviewerId === exchange.sellerId ? exchange.buyerId : exchange.sellerId,
      );
      expect(review.createdAt.getTime()).toBeGreaterThanOrEqual(completedAt);
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(
        Math.min(completedAt + REVIEW_WINDOW_DAYS * DAY_MS, NOW.getTime()),
      );
      // The exchange's own columns say the same as the review rows.
      const column = review.reviewerId === exchange.sellerId ? exchange.sellerRating : exchange.buyerRating;
      expect(column).toBe(review.rating);
    }
    const completed = await handle.db.select().from(exchanges).where(eq(exchanges.status, 'completed'));
    for (const exchange of completed) {
      expect(rows.filter((row) => row.exchange?.id === exchange.id)).toHaveLength(2);
    }
  });

  it('marks each handed-over item Sold, Swapped or Free by how it was offered, and gives it a completed handover', async () => {
    const all = await handle.db.select().from(items);
    const completed = await handle.db.select().from(exchanges).where(eq(exchanges.status, 'completed'));
    expect(completed.length).toBeGreaterThan(DEMO_SIZE.families / 2);
    for (const item of all) {
      const exchange = completed.find((candidate) => candidate.itemId === item.id);
      if (item.status === 'available') {
        expect(item.isAvailable).toBe(true);
        expect(exchange).toBeUndefined();
      } else {
        expect({ id: item.id, status: item.status, isAvailable: item.isAvailable }).toEqual({
          id: item.id,
          status: HANDED_OVER_STATUS[item.exchangeType],
          isAvailable: false,
        });
        expect(exchange?.sellerId).toBe(item.userId);
      }
    }
  });
});

describe('the neighbourhood around the items', () => {
  it('keeps viewCount, favoriteCount and messageCount equal to their rows', async () => {
    const all = await handle.db.select().from(items);
    const views = await handle.db.select().from(itemViews);
    const favourites = await handle.db.select().from(favorites);
    const threads = await handle.db.select().from(conversations);
    const sent = await handle.db.select().from(messages);
    for (const item of all) {
      const itemThreads = threads.filter((thread) => thread.itemId === item.id).map((thread) => thread.id);
      expect({
        id: item.id,
        viewCount: item.viewCount,
        favoriteCount: item.favoriteCount,
        messageCount: item.messageCount,
      }).toEqual({
        id: item.id,
        viewCount: views.filter((view) => view.itemId === item.id).length,
        favoriteCount: favourites.filter((favourite) => favourite.itemId === item.id).length,
        messageCount: sent.filter((message) => itemThreads.includes(message.conversationId)).length,
      });
      expect(views.filter((view) => view.itemId === item.id && view.viewerId === item.userId)).toEqual([]);
      expect(
        favourites.filter((favourite) => favourite.itemId === item.id && favourite.userId === item.userId),
      ).toEqual([]);
    }
    expect(views.length).toBeGreaterThan(all.length);
    expect(favourites.length).toBeGreaterThan(DEMO_SIZE.families);
    expect(sent.length).toBeGreaterThan(DEMO_SIZE.families);
  });

  it('shows each Premium owner the same views in the 30-day chart as in their total', async () => {
    const premium = await handle.db.select().from(users).where(eq(users.isPremium, true));
    expect(premium.length).toBeGreaterThan(0);
    let viewed = 0;
    for (const owner of premium) {
      const analytics = await getOwnerAnalytics({ db: handle.db, clock }, owner);
      const charted = analytics.viewsByDay.reduce((sum, day) => sum + day.views, 0);
      expect({ owner: owner.id, charted }).toEqual({ owner: owner.id, charted: analytics.viewCount });
      viewed += analytics.viewCount;
    }
    expect(viewed).toBeGreaterThan(0);
  });

  it('keeps conversations between an item’s owner and another family, newest message as lastMessageAt', async () => {
    const threads = await handle.db
      .select({ conversation: conversations, ownerId: items.userId })
      .from(conversations)
      .innerJoin(items, eq(items.id, conversations.itemId));
    const sent = await handle.db.select().from(messages);
    expect(threads.length).toBeGreaterThan(DEMO_SIZE.families / 2);
    for (const { conversation, ownerId } of threads) {
      expect(conversation.sellerId).toBe(ownerId);
      expect(conversation.buyerId).not.toBe(ownerId);
      const own = sent.filter((message) => message.conversationId === conversation.id);
      expect(own.length).toBeGreaterThan(0);
      for (const message of own)
        expect([conversation.buyerId, conversation.sellerId]).toContain(message.senderId);
      const newest = Math.max(...own.map((message) => message.createdAt.getTime()));
      expect(conversation.lastMessageAt?.getTime()).toBe(newest);
      expect(newest).toBeLessThanOrEqual(NOW.getTime());
    }
    // Both sides wrote in some of them: replies, not only questions.
    expect(
      threads.filter(({ conversation }) => {
        const senders = new Set(
          sent.filter((m) => m.conversationId === conversation.id).map((m) => m.senderId),
        );
        return senders.size === 2;
      }).length,
    ).toBeGreaterThan(0);
  });

  it('has open requests with notes on free items and one or two pending promises', async () => {
    const requests = await handle.db
      .select({ request: itemRequests, item: items })
      .from(itemRequests)
      .innerJoin(items, eq(items.id, itemRequests.itemId));
    const waiting = requests.filter(({ request, item }) => request.status === 'waiting' && item.isAvailable);
    expect(waiting.filter(({ item }) => item.exchangeType === 'free').length).toBeGreaterThan(0);
    for (const { request, item } of requests) {
      expect(request.note?.length ?? 0).toBeGreaterThan(0);
      expect(item.exchangeType).not.toBe('sell');
      expect(request.requesterId).not.toBe(item.userId);
    }

    const pending = await handle.db
      .select({ exchange: exchanges, item: items, request: itemRequests })
      .from(exchanges)
      .innerJoin(items, eq(items.id, exchanges.itemId))
      .leftJoin(itemRequests, eq(itemRequests.id, exchanges.requestId))
      .where(eq(exchanges.status, 'pending'));
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeLessThanOrEqual(2);
    for (const { exchange, item, request } of pending) {
      expect(item.status).toBe('available');
      expect(request?.status).toBe('chosen');
      expect(request?.requesterId).toBe(exchange.buyerId);
      expect(exchange.giverConfirmedAt).toBeNull();
      expect(exchange.receiverConfirmedAt).toBeNull();
      expect(exchange.scheduledAt?.getTime() ?? 0).toBeGreaterThan(NOW.getTime());
      expect(exchange.lapsesAt?.getTime()).toBe((exchange.scheduledAt?.getTime() ?? 0) + DAY_MS);
    }
  });
});

describe('demo photos', () => {
  it('draws each item’s photos for what its template is, a lamp as a lamp and a stroller as a stroller', async () => {
    const kindOf = new Map(ITEM_TEMPLATES.map((template) => [template.title, template.kind]));
    const all = await handle.db.select({ title: items.title, imageUrls: items.imageUrls }).from(items);
    for (const item of all) {
      const kind = kindOf.get(item.title);
      if (!kind) throw new Error(`no template for ${item.title}`);
      expect(item.imageUrls.length).toBeGreaterThan(0);
      expect(new Set(item.imageUrls).size).toBe(item.imageUrls.length);
      for (const url of item.imageUrls) expect(seeded.photosByKind[kind]).toContain(url);
    }
    // Every kind has pictures of its own: no photo is shared between two kinds.
    const everyPhoto = Object.values(seeded.photosByKind).flat();
    expect(new Set(everyPhoto).size).toBe(everyPhoto.length);
    expect(seeded.photosByKind.lamp.length).toBeGreaterThan(1);
    expect(seeded.photosByKind.lamp).not.toEqual(seeded.photosByKind.stroller);
  });
});
