import { z } from 'zod';
import { entityId, text } from './primitives.js';

/**
 * Giving that works: families request a free or swap item, the owner chooses (or draws fairly)
 * after an optional waiting window, the item is promised through PRODUCT §3's exchange, and the
 * handover counts once both sides confirm it. docs/decisions/014-giveaway-and-trust.md says why.
 */

export const REQUEST_NOTE_MAX_CHARS = 300;
/** The waiting windows an owner may choose, in hours; 0 lets them choose at once. */
export const REQUEST_WINDOW_HOURS = [0, 1, 2, 6, 12, 24, 48] as const;
/** A promise with a pickup time lapses this long after it when nobody confirmed a handover. */
export const PROMISE_GRACE_HOURS = 24;
/** A promise without a pickup time lapses this long after it was made. */
export const UNSCHEDULED_PROMISE_HOURS = 72;
/** Families with at least this many no-shows are listed after the others. */
export const REPEATED_NO_SHOWS = 2;

/** PRODUCT §3 exchange statuses: 'pending' is PRODUCT's default; the others are this design's. */
export const exchangeStatuses = ['pending', 'completed', 'released', 'lapsed', 'no-show'] as const;
export type ExchangeStatus = (typeof exchangeStatuses)[number];

export const requestStatuses = ['waiting', 'chosen', 'withdrawn', 'closed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** Rough distance between the requester's home town and the item, never the exact figure. */
export const distanceBands = ['under-2km', '2-5km', '5-10km', '10-25km', 'over-25km', 'unknown'] as const;
export type DistanceBand = (typeof distanceBands)[number];
export const distanceBandLabels: Record<DistanceBand, string> = {
  'under-2km': 'Under 2 km away',
  '2-5km': '2–5 km away',
  '5-10km': '5–10 km away',
  '10-25km': '10–25 km away',
  'over-25km': 'Over 25 km away',
  unknown: 'Distance unknown',
};

// --- Messages a client shows as they are (server errors) ---
export const REQUEST_OWN_ITEM = 'You cannot request your own item';
export const REQUEST_SELL_ITEM = 'Requests are for free and swap items; send a message to buy';
export const REQUEST_NOT_AVAILABLE = 'This item is no longer available';
export const REQUEST_ALREADY = 'You have already requested this item';
export const CHOOSE_TOO_EARLY = 'Requests are still collecting; you can choose once the waiting time is over';
export const ALREADY_PROMISED = 'This item is already promised';
export const NO_REQUESTS = 'Nobody has requested this item yet';
export const PROMISE_ENDED = 'This promise has already ended';
export const NOT_PENDING_REVIEW = 'You can review once both of you have confirmed the handover';
export const WITHDRAW_CHOSEN = 'Release the promise instead';
export const NOT_A_REQUESTER = 'Choose a family who requested this item';
export const PICKUP_IN_PAST = 'Choose a time in the future';
export const PICKUP_TOO_FAR = 'Choose a time within the next 30 days';
export const UNKNOWN_MEETING_PLACE = 'Choose a meeting place';
export const OWN_PICKUP_OWNER_ONLY = 'Only the owner can offer their own pickup point';
export const NO_SHOW_TOO_EARLY = 'You can say they did not come once the pickup time has passed';
export const NO_SHOW_RECORDED = 'A handover you recorded has no pickup to miss; release it instead';

/** How far ahead a pickup may be agreed. */
export const PICKUP_WITHIN_DAYS = 30;

/** The bell notices of give-aways (notifications.kind); screens show their title and body. */
export const giveawayNotificationKinds = [
  'giveaway-request',
  'giveaway-chosen',
  'giveaway-pickup',
  'giveaway-confirm',
  'giveaway-released',
  'giveaway-lapsed',
  'giveaway-no-show',
  'giveaway-closed',
  'review-due',
] as const;
export type GiveawayNotificationKind = (typeof giveawayNotificationKinds)[number];

/** Reliability: handovers completed out of promises that reached an end (never the pending ones). */
export const reliabilitySchema = z.object({
  completed: z.number().int(),
  promised: z.number().int(),
  noShows: z.number().int(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

const personSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});

// --- Requests ---
export const createRequestSchema = z.object({
  note: text()
    .trim()
    .max(REQUEST_NOTE_MAX_CHARS, `Note must be at most ${REQUEST_NOTE_MAX_CHARS} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CreateRequestInput = z.infer<typeof createRequestSchema>;

/** A requester as the owner sees them: enough to choose fairly, nothing more. */
export const requesterSchema = z.object({
  requestId: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(requestStatuses),
  createdAt: z.string(),
  user: personSchema.extend({
    rating: z.string(),
    totalRatings: z.number().int(),
    isVerified: z.boolean(),
  }),
  reliability: reliabilitySchema,
  distanceBand: z.enum(distanceBands),
});
export type Requester = z.infer<typeof requesterSchema>;

export const myRequestSchema = z.object({
  id: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(requestStatuses),
  createdAt: z.string(),
});
export type MyRequest = z.infer<typeof myRequestSchema>;

export const setRequestWindowSchema = z.object({
  hours: z
    .number({ message: 'Choose a waiting time' })
    .int('Choose a waiting time')
    .refine((hours) => (REQUEST_WINDOW_HOURS as readonly number[]).includes(hours), 'Choose a waiting time')
    .meta({ enum: [...REQUEST_WINDOW_HOURS] }),
});

// --- Promises (exchanges) ---
/** Either a requester the owner picked, or a fair random draw among those waiting. */
export const choosePromiseSchema = z.union([
  z.object({ requestId: entityId('Choose a family') }),
  z.object({ draw: z.literal(true) }),
]);
export type ChoosePromiseInput = z.infer<typeof choosePromiseSchema>;

/** Agreeing the pickup: a time, and a safe place or the owner's own pickup point. */
export const arrangePickupSchema = z.object({
  scheduledAt: z.iso.datetime({ offset: true, message: 'Choose a pickup time' }).optional(),
  /** A safe meet-up place by id, or null for the owner's own pickup point. */
  safeLocationId: entityId('Choose a meeting place').nullable().optional(),
  /** The owner's directions for their own pickup point ('Blue door, ring twice'). */
  pickupNote: text().trim().max(300, 'Directions must be at most 300 characters').nullish(),
});
export type ArrangePickupInput = z.infer<typeof arrangePickupSchema>;

export const drawRecordSchema = z.object({
  seed: z.string(),
  /** Requester user ids in the order the draw used (request order). */
  entrants: z.array(z.number().int()),
  winnerId: z.number().int(),
});

/** An exchange as one of its two parties sees it, with what is left for them to do. */
export const promiseSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemTitle: z.string(),
  status: z.enum(exchangeStatuses),
  role: z.enum(['giver', 'receiver']),
  otherUser: personSchema,
  chosenBy: z.enum(['owner', 'draw', 'record']),
  draw: drawRecordSchema.nullable(),
  scheduledAt: z.string().nullable(),
  /** Where to meet: a safe place's name and address, or the owner's pickup directions. */
  exchangeLocation: z.string().nullable(),
  safeLocationId: z.number().int().nullable(),
  /** The owner's exact pickup point: only the two parties ever see it. */
  pickupPoint: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  giverConfirmedAt: z.string().nullable(),
  receiverConfirmedAt: z.string().nullable(),
  lapsesAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  myReviewId: z.number().int().nullable(),
  /** Until when this side may still review the other; null unless completed and not yet reviewed. */
  canReviewUntil: z.string().nullable(),
});
export type ItemPromise = z.infer<typeof promiseSchema>;

/** GET /api/items/{id}/giveaway: the item's requests and promise as the viewer may see them. */
export const giveawaySchema = z.object({
  itemId: z.number().int(),
  /** Requests collect until then; the owner can choose after it. Null: no waiting time. */
  requestsCloseAt: z.string().nullable(),
  /** Waiting requests (everyone may see how many asked). */
  requestCount: z.number().int(),
  /** Whether the item is promised to a family (shown to everyone as 'Promised'). */
  promised: z.boolean(),
  myRequest: myRequestSchema.nullable(),
  /** The owner only: every request, waiting ones first, repeated no-shows after the others. */
  requests: z.array(requesterSchema).nullable(),
  /** The two parties only: the live promise (pending, or completed). */
  promise: promiseSchema.nullable(),
});
export type Giveaway = z.infer<typeof giveawaySchema>;
