import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Reliability } from '../../../common/schemas/giveaway.js';
import { exchanges, itemRequests, items, reviews, users } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';

export type ExchangeRow = typeof exchanges.$inferSelect;
export type ItemRequestRow = typeof itemRequests.$inferSelect;

export const NO_RELIABILITY: Reliability = { completed: 0, promised: 0, noShows: 0 };

/**
 * Reliability as the receiving family, for many parents in one grouped query. A promise counts
 * once it reached an end: completed, no-show, lapsed, or released by the family itself (a
 * giver changing their mind says nothing about the family). A handover the owner recorded
 * outside requests counts only once the family confirmed it: the owner's word alone never
 * moves anyone's figures.
 */
export async function reliabilityOf(db: Executor, userIds: number[]): Promise<Map<number, Reliability>> {
  const result = new Map<number, Reliability>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: exchanges.buyerId,
      completed: sql<number>`count(*) filter (where ${exchanges.status} = 'completed')::int`,
      promised: sql<number>`count(*) filter (where ${exchanges.status} in ('completed', 'no-show', 'lapsed')
        or (${exchanges.status} = 'released' and ${exchanges.endedBy} = ${exchanges.buyerId}))::int`,
      noShows: sql<number>`count(*) filter (where ${exchanges.status} = 'no-show')::int`,
    })
    .from(exchanges)
    .where(
      and(
        inArray(exchanges.buyerId, [...new Set(userIds)]),
        or(sql`${exchanges.chosenBy} <> 'record'`, eq(exchanges.status, 'completed')),
      ),
    )
    .groupBy(exchanges.buyerId);
  for (const row of rows) {
    result.set(row.userId, { completed: row.completed, promised: row.promised, noShows: row.noShows });
  }
  return result;
}

export async function reliabilityOfOne(db: Executor, userId: number): Promise<Reliability> {
  return (await reliabilityOf(db, [userId])).get(userId) ?? NO_RELIABILITY;
}

/** The items of these ids that are promised (a pending exchange). */
export async function promisedItemIds(db: Executor, itemIds: number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows: { itemId: number }[] = await db
    .select({ itemId: exchanges.itemId })
    .from(exchanges)
    .where(and(inArray(exchanges.itemId, itemIds), eq(exchanges.status, 'pending')));
  return new Set(rows.map((row) => row.itemId));
}

/** The item's live (pending or completed) exchange, if any. */
export async function findLiveExchange(db: Executor, itemId: number): Promise<ExchangeRow | undefined> {
  const [row] = await db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.itemId, itemId), inArray(exchanges.status, ['pending', 'completed'])))
    .limit(1);
  return row;
}

export async function lockExchange(db: Executor, id: number): Promise<ExchangeRow | undefined> {
  const [row] = await db.select().from(exchanges).where(eq(exchanges.id, id)).for('update');
  return row;
}

const giver = alias(users, 'giver');
const receiver = alias(users, 'receiver');
const person = (table: typeof giver | typeof receiver) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  profileImageUrl: table.profileImageUrl,
});

export type PromiseRow = {
  exchange: ExchangeRow;
  item: {
    title: string;
    exchangeType: string;
    latitude: string | null;
    longitude: string | null;
  };
  giver: { id: number; firstName: string; lastName: string; profileImageUrl: string | null };
  receiver: { id: number; firstName: string; lastName: string; profileImageUrl: string | null };
  myReviewId: number | null;
};

/** Exchanges the user is a party to, newest first, with what a promise shows; `where` narrows them. */
export async function listPromiseRows(db: Executor, userId: number, where?: SQL): Promise<PromiseRow[]> {
  const rows = await db
    .select({
      exchange: exchanges,
      item: {
        title: items.title,
        exchangeType: items.exchangeType,
        latitude: items.latitude,
        longitude: items.longitude,
      },
      giver: person(giver),
      receiver: person(receiver),
    })
    .from(exchanges)
    .innerJoin(items, eq(items.id, exchanges.itemId))
    .innerJoin(giver, eq(giver.id, exchanges.sellerId))
    .innerJoin(receiver, eq(receiver.id, exchanges.buyerId))
    .where(and(or(eq(exchanges.sellerId, userId), eq(exchanges.buyerId, userId)), where))
    .orderBy(desc(exchanges.createdAt), desc(exchanges.id));
  if (rows.length === 0) return [];
  const mine = await db
    .select({ id: reviews.id, exchangeId: reviews.exchangeId })
    .from(reviews)
    .where(
      and(
        eq(reviews.reviewerId, userId),
        inArray(
          reviews.exchangeId,
          rows.map((row) => row.exchange.id),
        ),
      ),
    );
  return rows.map((row) => ({
    ...row,
    myReviewId: mine.find((review) => review.exchangeId === row.exchange.id)?.id ?? null,
  }));
}

/** An item's requests with their requesters, in request order. */
export function listRequestsOfItem(db: Executor, itemId: number) {
  return db
    .select({
      request: itemRequests,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        rating: users.rating,
        totalRatings: users.totalRatings,
        isVerified: users.isVerified,
        city: users.city,
        zipCode: users.zipCode,
        state: users.state,
        country: users.country,
      },
    })
    .from(itemRequests)
    .innerJoin(users, eq(users.id, itemRequests.requesterId))
    .where(eq(itemRequests.itemId, itemId))
    .orderBy(asc(itemRequests.createdAt), asc(itemRequests.id));
}

export async function findRequest(
  db: Executor,
  itemId: number,
  requesterId: number,
): Promise<ItemRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.itemId, itemId), eq(itemRequests.requesterId, requesterId)))
    .limit(1);
  return row;
}

export async function setRequestStatus(db: Executor, requestId: number, status: string, now: Date) {
  await db.update(itemRequests).set({ status, updatedAt: now }).where(eq(itemRequests.id, requestId));
}
