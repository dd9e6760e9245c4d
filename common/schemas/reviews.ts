import { z } from 'zod';
import { promiseSchema, type ItemPromise } from './giveaway.js';
import { entityId, NOT_BLANK, text } from './primitives.js';

/** How long after an exchange each side may review the other (decision 008). */
export const REVIEW_WINDOW_DAYS = 30;
export const REVIEW_MAX_CHARS = 1000;

/** The owner records a handover done outside requests; it counts once the receiver confirms it. */
export const recordExchangeSchema = z.object({
  receiverId: entityId('Choose who received the item'),
});
export type RecordExchangeInput = z.infer<typeof recordExchangeSchema>;

/** An exchange as one of its two parties sees it: since give-aways, a promise (giveaway.ts). */
export const exchangeSchema = promiseSchema;
export type Exchange = ItemPromise;

export const createReviewSchema = z.object({
  rating: z
    .number({ message: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: text()
    .trim()
    .max(REVIEW_MAX_CHARS, `Review must be at most ${REVIEW_MAX_CHARS} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

export const respondToReviewSchema = z.object({
  response: text({ message: 'An answer is required' })
    .trim()
    .min(1, 'An answer is required')
    .meta(NOT_BLANK)
    .max(REVIEW_MAX_CHARS, `Answer must be at most ${REVIEW_MAX_CHARS} characters`),
});

/** A review as anyone signed in sees it; reviewer is null when its author left LittleLoop. */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  itemTitle: z.string(),
  createdAt: z.string(),
  reviewedUserId: z.number().int(),
  reviewer: promiseSchema.shape.otherUser.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
