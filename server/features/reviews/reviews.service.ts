import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOT_PENDING_REVIEW } from '../../../common/schemas/giveaway.js';
import { REVIEW_WINDOW_DAYS, type CreateReviewInput, type Review } from '../../../common/schemas/reviews.js';
import type { Database } from '../../db/client.js';
import { conversations, exchanges, items, reviews, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Executor } from '../../db/executor.js';

const WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export const ALREADY_REVIEWED = 'You have already reviewed this exchange';
export const REVIEW_CLOSED = `Reviews are possible for ${REVIEW_WINDOW_DAYS} days after an exchange`;
export const ALREADY_ANSWERED = 'You have already answered this review';

type ReviewsContext = { db: Database; clock: Clock };

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};
type Person = { id: number; firstName: string; lastName: string; profileImageUrl: string | null };

/** The parents the owner talked with about an item: who may have received it. */
export async function listExchangePartners(db: Database, ownerId: number, itemId: number): Promise<Person[]> {
  const [item] = await db.select({ userId: items.userId }).from(items).where(eq(items.id, itemId));
  if (!item) throw notFound('Item');
  if (item.userId !== ownerId) throw forbidden('Only the owner can record who received an item');
  return db
    .selectDistinct(personColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.buyerId))
    .where(and(eq(conversations.itemId, itemId), eq(conversations.sellerId, ownerId)))
    .orderBy(users.firstName, users.id);
}

/**
 * One side of a completed exchange (a handover both confirmed) rates the other, once, until 30
 * days after it was completed (decisions 008, 014); a pending or ended one is 400 NOT_PENDING_REVIEW, so
 * the owner's word alone never moves a rating. The
 * reviewed parent's row is locked first and the rating recomputed from their reviews in the
 * same transaction, so concurrent reviews never lose a count. The exchange's own columns
 * (PRODUCT §3: buyerRating/buyerReview are what the receiver wrote, sellerRating/sellerReview
 * what the giver wrote) are filled too.
 */
export async function createReview(
  { db, clock }: ReviewsContext,
  reviewerId: number,
  exchangeId: number,
  input: CreateReviewInput,
): Promise<Review> {
  const now = clock.now();
  const reviewId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ exchange: exchanges, itemTitle: items.title })
      .from(exchanges)
      .innerJoin(items, eq(items.id, exchanges.itemId))
      .where(eq(exchanges.id, exchangeId));
    if (!row) throw notFound('Exchange');
    const { exchange } = row;
    const isGiver = exchange.sellerId === reviewerId;
    if (!isGiver && exchange.buyerId !== reviewerId)
      throw forbidden('Only the two sides of an exchange can review it');
    if (exchange.status !== 'completed' || !exchange.completedAt) throw badRequest(NOT_PENDING_REVIEW);
    if (now.getTime() > exchange.completedAt.getTime() + WINDOW_MS) throw badRequest(REVIEW_CLOSED);
    const reviewedUserId = isGiver ? exchange.buyerId : exchange.sellerId;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, reviewedUserId)).for('update');
    // The exchange's column is the once-only guard: a second review finds it already filled.
    const column = isGiver ? exchanges.sellerRating : exchanges.buyerRating;
    const marked = await tx
      .update(exchanges)
      .set(
        isGiver
          ? { sellerRating: input.rating, sellerReview: input.comment }
          : { buyerRating: input.rating, buyerReview: input.comment },
      )
      .where(and(eq(exchanges.id, exchangeId), isNull(column)))
      .returning({ id: exchanges.id });
    if (marked.length === 0) throw conflict(ALREADY_REVIEWED);
    const [review] = await tx
      .insert(reviews)
      .values({
        exchangeId,
        reviewerId,
        reviewedUserId,
        itemTitle: row.itemTitle,
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
      })
      .returning({ id: reviews.id });
    if (!review) throw new AppError(500, 'insert into reviews returned no row');
    await recomputeRating(tx, reviewedUserId, now);
    return review.id;
  });
  const [review] = await listReviews(db, { reviewId });
  if (!review) throw new AppError(500, 'new review vanished');
  return review;
}

/** users.rating and totalRatings from the parent's reviews: average to 2 decimals (PRODUCT §3). */
async function recomputeRating(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      totalRatings: sql`(select count(*)::int from ${reviews} where ${reviews.reviewedUserId} = ${userId})`,
      rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.reviewedUserId} = ${userId})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Reviews about a parent, newest first, or one review by id. */
export async function listReviews(
  db: Database,
  where: { reviewedUserId: number } | { reviewId: number },
): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews, reviewer: personColumns })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewerId))
    .where(
      'reviewId' in where ? eq(reviews.id, where.reviewId) : eq(reviews.reviewedUserId, where.reviewedUserId),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(({ review, reviewer }) => ({
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    response: review.response,
    respondedAt: review.respondedAt?.toISOString() ?? null,
    itemTitle: review.itemTitle,
    createdAt: review.createdAt.toISOString(),
    reviewedUserId: review.reviewedUserId,
    // A deleted author's review stays, shown as from a former member.
    reviewer: review.reviewerId !== null && reviewer?.id ? reviewer : null,
  }));
}

/** The reviewed parent answers a review once, publicly. 403 for anyone else, 409 the second time. */
export async function respondToReview(
  { db, clock }: ReviewsContext,
  userId: number,
  reviewId: number,
  response: string,
): Promise<Review> {
  const [existing] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!existing) throw notFound('Review');
  if (existing.reviewedUserId !== userId) throw forbidden('Only the reviewed parent can answer a review');
  const updated = await db
    .update(reviews)
    .set({ response, respondedAt: clock.now() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.response)))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw conflict(ALREADY_ANSWERED);
  const [review] = await listReviews(db, { reviewId });
  if (!review) throw notFound('Review');
  return review;
}
