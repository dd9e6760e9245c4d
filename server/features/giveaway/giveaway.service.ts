import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import {
  ALREADY_PROMISED,
  CHOOSE_TOO_EARLY,
  NO_REQUESTS,
  NO_SHOW_RECORDED,
  NO_SHOW_TOO_EARLY,
  NOT_A_REQUESTER,
  OWN_PICKUP_OWNER_ONLY,
  PICKUP_IN_PAST,
  PICKUP_TOO_FAR,
  PICKUP_WITHIN_DAYS,
  PROMISE_ENDED,
  PROMISE_GRACE_HOURS,
  REPEATED_NO_SHOWS,
  REQUEST_ALREADY,
  REQUEST_NOT_AVAILABLE,
  REQUEST_OWN_ITEM,
  REQUEST_SELL_ITEM,
  UNKNOWN_MEETING_PLACE,
  UNSCHEDULED_PROMISE_HOURS,
  WITHDRAW_CHOSEN,
  type ArrangePickupInput,
  type ChoosePromiseInput,
  type DistanceBand,
  type ExchangeStatus,
  type GiveawayNotificationKind,
  type Giveaway,
  type ItemPromise,
  type MyRequest,
  type Requester,
  type RequestStatus,
} from '../../../common/schemas/giveaway.js';
import { REVIEW_WINDOW_DAYS } from '../../../common/schemas/reviews.js';
import type { Database } from '../../db/client.js';
import {
  conversations,
  exchanges,
  itemRequests,
  items,
  safeLocations,
  users,
  type UserRow,
} from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import { isBlockedBetween } from '../blocks/blocks.service.js';
import { greatCircleKm } from '../alerts/alerts.outbox.js';
import { insertNotification } from '../alerts/alerts.service.js';
import type { BrowseCache } from '../items/browse-cache.js';
import { positionOf } from '../items/items.present.js';
import { getItem } from '../items/items.service.js';
import { drawWinner, newDrawSeed } from './draw.js';
import {
  chosenNotice,
  closedNotice,
  confirmHandedOverNotice,
  confirmReceivedNotice,
  lapsedNotice,
  noShowNotice,
  pickupNotice,
  recordedNotice,
  releasedNotice,
  requestNotice,
  reviewDueNotice,
  type Notice,
} from './giveaway.messages.js';
import {
  findLiveExchange,
  findRequest,
  listPromiseRows,
  listRequestsOfItem,
  lockExchange,
  NO_RELIABILITY,
  reliabilityOf,
  setRequestStatus,
  type ExchangeRow,
  type ItemRequestRow,
  type PromiseRow,
} from './giveaway.repo.js';
import { enqueueNews } from '../reach/reach.service.js';
import type { ReachKind } from '../../../common/schemas/reach.js';
import { grantReferralRewardIfDue } from '../account/referral.service.js';
import type { Executor } from '../../db/executor.js';

/** Reliability counts and promised flags, as every feature that shows a parent or a card reads them. */
export { NO_RELIABILITY, promisedItemIds, reliabilityOf, reliabilityOfOne } from './giveaway.repo.js';

export const NOT_A_PARTNER = 'Choose someone you talked with about this item';
export const ALREADY_RECORDED = 'Who received this item is already recorded';

const HOUR_MS = 60 * 60 * 1000;
const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * HOUR_MS;
/** PRODUCT §4: the item status a completed handover sets, by the item's exchange type. */
const HANDED_OVER_STATUS: Record<string, string> = { free: 'free', swap: 'swapped', sell: 'sold' };
const REQUEST_ORDER: Record<RequestStatus, number> = { waiting: 0, chosen: 1, closed: 2, withdrawn: 3 };

export type GiveawayContext = {
  db: Database;
  clock: Clock;
  gazetteer: Gazetteer;
  events: EventBus;
  /** The shared browse pages: a promise made or ended changes what cards show. */
  listings: BrowseCache;
};

// ------------------------------------------------------------------------------ presenting

function presentPromise(row: PromiseRow, viewerId: number, now: Date): ItemPromise {
  const { exchange, item } = row;
  const isGiver = exchange.sellerId === viewerId;
  const position = exchange.ownerPickup ? positionOf(item) : null;
  const reviewClosesAt = exchange.completedAt ? exchange.completedAt.getTime() + REVIEW_WINDOW_MS : 0;
  const mayReview =
    exchange.status === 'completed' && row.myReviewId === null && reviewClosesAt > now.getTime();
  return {
    id: exchange.id,
    itemId: exchange.itemId,
    itemTitle: item.title,
    status: exchange.status as ExchangeStatus,
    role: isGiver ? 'giver' : 'receiver',
    otherUser: isGiver ? row.receiver : row.giver,
    chosenBy: exchange.chosenBy as ItemPromise['chosenBy'],
    draw:
      exchange.drawSeed && exchange.drawEntrants
        ? { seed: exchange.drawSeed, entrants: exchange.drawEntrants, winnerId: exchange.buyerId }
        : null,
    scheduledAt: exchange.scheduledAt?.toISOString() ?? null,
    exchangeLocation: exchange.exchangeLocation,
    safeLocationId: exchange.safeLocationId,
    pickupPoint: position ? { latitude: position.lat, longitude: position.lng } : null,
    giverConfirmedAt: exchange.giverConfirmedAt?.toISOString() ?? null,
    receiverConfirmedAt: exchange.receiverConfirmedAt?.toISOString() ?? null,
    lapsesAt: exchange.status === 'pending' ? (exchange.lapsesAt?.toISOString() ?? null) : null,
    completedAt: exchange.completedAt?.toISOString() ?? null,
    createdAt: exchange.createdAt.toISOString(),
    myReviewId: row.myReviewId,
    canReviewUntil: mayReview ? new Date(reviewClosesAt).toISOString() : null,
  };
}

/** The user's exchanges as promises, newest first. */
export async function listPromises(ctx: Pick<GiveawayContext, 'db' | 'clock'>, userId: number) {
  const now = ctx.clock.now();
  return (await listPromiseRows(ctx.db, userId)).map((row) => presentPromise(row, userId, now));
}

/** One exchange for one of its two parties; 404 for anyone else. */
export async function getPromise(
  ctx: Pick<GiveawayContext, 'db' | 'clock'>,
  userId: number,
  exchangeId: number,
): Promise<ItemPromise> {
  const [row] = await listPromiseRows(ctx.db, userId, eq(exchanges.id, exchangeId));
  if (!row) throw notFound('Exchange');
  return presentPromise(row, userId, ctx.clock.now());
}

function presentMyRequest(request: {
  id: number;
  note: string | null;
  status: string;
  createdAt: Date;
}): MyRequest {
  return {
    id: request.id,
    note: request.note,
    status: request.status as RequestStatus,
    createdAt: request.createdAt.toISOString(),
  };
}

const DISTANCE_BANDS: [maxKm: number, band: DistanceBand][] = [
  [2, 'under-2km'],
  [5, '2-5km'],
  [10, '5-10km'],
  [25, '10-25km'],
];

function distanceBand(
  gazetteer: Gazetteer,
  home: { city: string | null; zipCode: string | null; state: string | null; country: string | null },
  itemPosition: { lat: number; lng: number } | null,
): DistanceBand {
  if (!itemPosition || (!home.city && !home.zipCode)) return 'unknown';
  const place = gazetteer.locate(home);
  if (!place) return 'unknown';
  const km = greatCircleKm(place.latitude, place.longitude, itemPosition.lat, itemPosition.lng);
  return DISTANCE_BANDS.find(([maxKm]) => km < maxKm)?.[1] ?? 'over-25km';
}

/**
 * GET /api/items/{id}/giveaway: 404 when the viewer may not see the item. Everyone sees how
 * many wait and whether it is promised; the owner sees the requesters (waiting first, families
 * with repeated no-shows after the others, then request order); the promise only its parties.
 */
export async function getGiveaway(ctx: GiveawayContext, viewer: UserRow, itemId: number): Promise<Giveaway> {
  const { item } = await getItem(ctx, viewer, itemId);
  const isOwner = item.userId === viewer.id;
  const rows = await listRequestsOfItem(ctx.db, itemId);
  const live = await findLiveExchange(ctx.db, itemId);
  const mine = rows.find((row) => row.request.requesterId === viewer.id);
  const isParty = live !== undefined && (live.sellerId === viewer.id || live.buyerId === viewer.id);
  let requests: Requester[] | null = null;
  if (isOwner) {
    const reliability = await reliabilityOf(
      ctx.db,
      rows.map((row) => row.user.id),
    );
    const position = positionOf(item);
    const rank = (row: (typeof rows)[number]) => {
      const status = row.request.status as RequestStatus;
      const repeated = (reliability.get(row.user.id)?.noShows ?? 0) >= REPEATED_NO_SHOWS;
      return REQUEST_ORDER[status] * 2 + (status === 'waiting' && repeated ? 1 : 0);
    };
    // Array.prototype.sort is stable: equal ranks keep request order.
    requests = [...rows]
      .sort((a, b) => rank(a) - rank(b))
      .map(({ request, user }) => ({
        requestId: request.id,
        note: request.note,
        status: request.status as RequestStatus,
        createdAt: request.createdAt.toISOString(),
        user: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          profileImageUrl: user.profileImageUrl,
          rating: user.rating,
          totalRatings: user.totalRatings,
          isVerified: user.isVerified,
        },
        reliability: reliability.get(user.id) ?? NO_RELIABILITY,
        distanceBand: distanceBand(ctx.gazetteer, user, position),
      }));
  }
  return {
    itemId,
    requestsCloseAt: item.requestsCloseAt?.toISOString() ?? null,
    requestCount: rows.filter((row) => row.request.status === 'waiting').length,
    promised: live?.status === 'pending',
    myRequest: mine ? presentMyRequest(mine.request) : null,
    requests,
    promise: live && isParty ? await getPromise(ctx, viewer.id, live.id) : null,
  };
}

// ------------------------------------------------------------------------------ telling people

/** A bell notice, heard live by the parent's open pages once the transaction commits. */
async function notify(
  tx: Executor,
  events: Pick<EventBus, 'publish'>,
  userId: number,
  itemId: number,
  message: Notice,
  now: Date,
): Promise<void> {
  const notification = await insertNotification(tx, {
    userId,
    kind: message.kind,
    title: message.title,
    body: message.body,
    itemId,
    createdAt: now,
  });
  await events.publish(tx, userId, {
    type: 'notification',
    notificationId: notification.id,
    title: notification.title,
    itemId,
  });
  const kind = reachKindOf[message.kind];
  await enqueueNews(
    tx,
    {
      userId,
      kind,
      groupKey: `item:${itemId}:${kind}`,
      title: message.title,
      body: message.body,
      url: `/item/${itemId}`,
    },
    now,
  );
}

/** Which switch in Settings a give-away notice answers to when the parent is away. */
const reachKindOf: Record<GiveawayNotificationKind, ReachKind> = {
  'giveaway-request': 'request',
  'giveaway-chosen': 'promise',
  'giveaway-released': 'promise',
  'giveaway-lapsed': 'promise',
  'giveaway-no-show': 'promise',
  'giveaway-closed': 'promise',
  'giveaway-pickup': 'pickup',
  'giveaway-confirm': 'pickup',
  'review-due': 'review',
};

// ------------------------------------------------------------------------------ requests

/** The item as its owner handles it, locked for the rest of the transaction. */
async function lockItem(tx: Executor, itemId: number) {
  const [item] = await tx.select().from(items).where(eq(items.id, itemId)).for('update');
  if (!item) throw notFound('Item');
  return item;
}

/**
 * A family asks for a free or swap item (also while it is promised: they queue as backups).
 * 404 when either has blocked the other, 403 for one's own item, 400 for a sale or an item no longer available, 409 when already
 * waiting or chosen; a withdrawn request is renewed, at the back of the queue.
 */
export async function createRequest(
  ctx: GiveawayContext,
  viewer: UserRow,
  itemId: number,
  note: string | null,
): Promise<MyRequest> {
  const { item } = await getItem(ctx, viewer, itemId);
  if (item.userId === viewer.id) throw forbidden(REQUEST_OWN_ITEM);
  // A block hides each parent's listings from the other: nothing to ask for.
  if (await isBlockedBetween(ctx.db, viewer.id, item.userId)) throw notFound('Item');
  if (item.exchangeType === 'sell') throw badRequest(REQUEST_SELL_ITEM);
  if (!item.isAvailable || (item.status || 'available') !== 'available')
    throw badRequest(REQUEST_NOT_AVAILABLE);
  const now = ctx.clock.now();
  const request = await ctx.db.transaction(async (tx) => {
    const existing = await findRequest(tx, itemId, viewer.id);
    let saved: ItemRequestRow | undefined;
    if (existing) {
      if (existing.status !== 'withdrawn') throw conflict(REQUEST_ALREADY);
      [saved] = await tx
        .update(itemRequests)
        .set({ status: 'waiting', note, createdAt: now, updatedAt: now })
        .where(and(eq(itemRequests.id, existing.id), eq(itemRequests.status, 'withdrawn')))
        .returning();
    } else {
      [saved] = await tx
        .insert(itemRequests)
        .values({ itemId, requesterId: viewer.id, note, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
    }
    // Another request of the same parent got there first.
    if (!saved) throw conflict(REQUEST_ALREADY);
    await notify(tx, ctx.events, item.userId, itemId, requestNotice(viewer.firstName, item.title, note), now);
    return saved;
  });
  return presentMyRequest(request);
}

/** The requester withdraws a waiting request; 404 when none waits, 400 once chosen. */
export async function withdrawRequest(ctx: GiveawayContext, viewer: UserRow, itemId: number): Promise<void> {
  await getItem(ctx, viewer, itemId);
  const request = await findRequest(ctx.db, itemId, viewer.id);
  if (request?.status === 'chosen') throw badRequest(WITHDRAW_CHOSEN);
  if (request?.status !== 'waiting') throw notFound('Request');
  const updated = await ctx.db
    .update(itemRequests)
    .set({ status: 'withdrawn', updatedAt: ctx.clock.now() })
    .where(and(eq(itemRequests.id, request.id), eq(itemRequests.status, 'waiting')))
    .returning({ id: itemRequests.id });
  if (updated.length === 0) throw badRequest(WITHDRAW_CHOSEN);
}

/** The owner sets how long requests collect before they may choose; 0 clears it. */
export async function setRequestWindow(
  ctx: GiveawayContext,
  viewer: UserRow,
  itemId: number,
  hours: number,
): Promise<Giveaway> {
  const { item } = await getItem(ctx, viewer, itemId);
  if (item.userId !== viewer.id) throw forbidden('Only the owner can set the waiting time');
  const closesAt = hours === 0 ? null : new Date(ctx.clock.now().getTime() + hours * HOUR_MS);
  await ctx.db.update(items).set({ requestsCloseAt: closesAt }).where(eq(items.id, itemId));
  return getGiveaway(ctx, viewer, itemId);
}

// ------------------------------------------------------------------------------ promising

/**
 * The owner promises the item to a family who asked, or to the winner of a fair draw among
 * those waiting (the seed and entrants are recorded so anyone can recompute it). 409 during the
 * waiting window or when a live promise exists, 400 without anyone waiting (draw) or for a
 * request not waiting on this item.
 */
export async function choosePromise(
  ctx: GiveawayContext,
  viewer: UserRow,
  itemId: number,
  input: ChoosePromiseInput,
): Promise<ItemPromise> {
  await getItem(ctx, viewer, itemId);
  const now = ctx.clock.now();
  const exchangeId = await ctx.db
    .transaction(async (tx) => {
      const item = await lockItem(tx, itemId);
      if (item.userId !== viewer.id) throw forbidden('Only the owner can choose who receives this item');
      if (item.requestsCloseAt && now < item.requestsCloseAt) throw conflict(CHOOSE_TOO_EARLY);
      if (await findLiveExchange(tx, itemId)) throw conflict(ALREADY_PROMISED);
      const waiting = await tx
        .select()
        .from(itemRequests)
        .where(and(eq(itemRequests.itemId, itemId), eq(itemRequests.status, 'waiting')))
        .orderBy(asc(itemRequests.createdAt), asc(itemRequests.id));
      let chosen: (typeof waiting)[number] | undefined;
      let draw: { seed: string; entrants: number[] } | undefined;
      if ('draw' in input) {
        if (waiting.length === 0) throw badRequest(NO_REQUESTS);
        const entrants = waiting.map((request) => request.requesterId);
        const seed = newDrawSeed();
        const winnerId = drawWinner(seed, entrants);
        chosen = waiting.find((request) => request.requesterId === winnerId);
        draw = { seed, entrants };
      } else {
        chosen = waiting.find((request) => request.id === input.requestId);
        if (!chosen) throw badRequest(NOT_A_REQUESTER, [{ path: 'requestId', message: NOT_A_REQUESTER }]);
      }
      if (!chosen) throw new AppError(500, 'the draw picked no waiting request');
      const [created] = await tx
        .insert(exchanges)
        .values({
          itemId,
          sellerId: viewer.id,
          buyerId: chosen.requesterId,
          status: 'pending',
          chosenBy: draw ? 'draw' : 'owner',
          requestId: chosen.id,
          drawSeed: draw?.seed ?? null,
          drawEntrants: draw?.entrants ?? null,
          lapsesAt: new Date(now.getTime() + UNSCHEDULED_PROMISE_HOURS * HOUR_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: exchanges.id });
      if (!created) throw new AppError(500, 'insert into exchanges returned no row');
      await setRequestStatus(tx, chosen.id, 'chosen', now);
      await notify(
        tx,
        ctx.events,
        chosen.requesterId,
        itemId,
        chosenNotice(viewer.firstName, item.title),
        now,
      );
      return created.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(ALREADY_PROMISED);
      throw error;
    });
  await ctx.listings.changed();
  return getPromise(ctx, viewer.id, exchangeId);
}

/** An exchange one of its two parties acts on, locked; 404 for anyone else. */
async function lockAsParty(tx: Executor, userId: number, exchangeId: number): Promise<ExchangeRow> {
  const exchange = await lockExchange(tx, exchangeId);
  if (!exchange || (exchange.sellerId !== userId && exchange.buyerId !== userId)) throw notFound('Exchange');
  return exchange;
}

/** A party's pending exchange, locked; 404 for anyone else, 409 once it ended. */
async function lockPendingAsParty(tx: Executor, userId: number, exchangeId: number): Promise<ExchangeRow> {
  const exchange = await lockAsParty(tx, userId, exchangeId);
  if (exchange.status !== 'pending') throw conflict(PROMISE_ENDED);
  return exchange;
}

async function itemTitleOf(tx: Executor, itemId: number): Promise<{ title: string; exchangeType: string }> {
  const [row] = await tx
    .select({ title: items.title, exchangeType: items.exchangeType })
    .from(items)
    .where(eq(items.id, itemId));
  if (!row) throw notFound('Item');
  return row;
}

/**
 * The pair agree the pickup: a time (in the future, within 30 days; the promise then lapses the
 * grace period after it), and a safe meeting place or the owner's own pickup point (offered by
 * the owner only; its exact position is then shown to the two of them).
 */
export async function arrangePickup(
  ctx: GiveawayContext,
  viewer: UserRow,
  exchangeId: number,
  input: ArrangePickupInput,
): Promise<ItemPromise> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const exchange = await lockPendingAsParty(tx, viewer.id, exchangeId);
    const isGiver = exchange.sellerId === viewer.id;
    const changes: Partial<typeof exchanges.$inferInsert> = {};
    if (input.scheduledAt !== undefined) {
      const scheduledAt = new Date(input.scheduledAt);
      if (scheduledAt <= now)
        throw badRequest(PICKUP_IN_PAST, [{ path: 'scheduledAt', message: PICKUP_IN_PAST }]);
      if (scheduledAt.getTime() > now.getTime() + PICKUP_WITHIN_DAYS * 24 * HOUR_MS)
        throw badRequest(PICKUP_TOO_FAR, [{ path: 'scheduledAt', message: PICKUP_TOO_FAR }]);
      changes.scheduledAt = scheduledAt;
      changes.lapsesAt = new Date(scheduledAt.getTime() + PROMISE_GRACE_HOURS * HOUR_MS);
    }
    if (input.safeLocationId !== undefined && input.safeLocationId !== null) {
      // Only the verified places the safe-locations list offers.
      const [place] = await tx
        .select()
        .from(safeLocations)
        .where(and(eq(safeLocations.id, input.safeLocationId), eq(safeLocations.isVerified, true)));
      if (!place)
        throw badRequest(UNKNOWN_MEETING_PLACE, [{ path: 'safeLocationId', message: UNKNOWN_MEETING_PLACE }]);
      changes.safeLocationId = place.id;
      changes.ownerPickup = false;
      changes.exchangeLocation = `${place.name}, ${place.address}, ${place.city}`;
    } else if (input.safeLocationId === null || (input.pickupNote !== undefined && exchange.ownerPickup)) {
      if (!isGiver) throw forbidden(OWN_PICKUP_OWNER_ONLY);
      changes.safeLocationId = null;
      changes.ownerPickup = true;
      changes.exchangeLocation = input.pickupNote || `Pickup at ${viewer.firstName}'s place`;
    }
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(exchanges)
      .set({ ...changes, updatedAt: now })
      .where(eq(exchanges.id, exchangeId));
    const item = await itemTitleOf(tx, exchange.itemId);
    const otherId = isGiver ? exchange.buyerId : exchange.sellerId;
    const location = changes.exchangeLocation ?? exchange.exchangeLocation;
    await notify(
      tx,
      ctx.events,
      otherId,
      exchange.itemId,
      pickupNotice(viewer.firstName, item.title, location),
      now,
    );
  });
  return getPromise(ctx, viewer.id, exchangeId);
}

/**
 * 'Handed over' (the giver) or 'Received' (the receiver), in either order and idempotent. The
 * second confirmation completes the exchange in the same transaction: the item takes its
 * handed-over status, the other families still waiting are told kindly, both are invited to
 * review. A completed exchange answers as it is; an ended one is 409.
 */
export async function confirmHandover(
  ctx: GiveawayContext,
  viewer: UserRow,
  exchangeId: number,
): Promise<ItemPromise> {
  const now = ctx.clock.now();
  const completed = await ctx.db.transaction(async (tx) => {
    const exchange = await lockAsParty(tx, viewer.id, exchangeId);
    if (exchange.status === 'completed') return false;
    if (exchange.status !== 'pending') throw conflict(PROMISE_ENDED);
    const isGiver = exchange.sellerId === viewer.id;
    const mine = isGiver ? exchange.giverConfirmedAt : exchange.receiverConfirmedAt;
    if (mine) return false;
    const theirs = isGiver ? exchange.receiverConfirmedAt : exchange.giverConfirmedAt;
    const item = await itemTitleOf(tx, exchange.itemId);
    const otherId = isGiver ? exchange.buyerId : exchange.sellerId;
    await tx
      .update(exchanges)
      .set({
        ...(isGiver ? { giverConfirmedAt: now } : { receiverConfirmedAt: now }),
        ...(theirs ? { status: 'completed', completedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(exchanges.id, exchangeId));
    if (!theirs) {
      const ask = isGiver
        ? confirmHandedOverNotice(viewer.firstName, item.title)
        : confirmReceivedNotice(viewer.firstName, item.title);
      await notify(tx, ctx.events, otherId, exchange.itemId, ask, now);
      return false;
    }
    await completeHandover(ctx, tx, exchange, item, now);
    return true;
  });
  if (completed) {
    await ctx.listings.changed();
    // A handover both confirmed is the real thing a referred parent's referral week waits for.
    const [parties] = await ctx.db
      .select({ buyerId: exchanges.buyerId, sellerId: exchanges.sellerId })
      .from(exchanges)
      .where(eq(exchanges.id, exchangeId));
    for (const userId of parties ? [parties.buyerId, parties.sellerId] : []) {
      await grantReferralRewardIfDue(ctx.db, userId, now);
    }
  }
  return getPromise(ctx, viewer.id, exchangeId);
}

/** What a handover both sides confirmed changes beyond the exchange itself. */
async function completeHandover(
  ctx: GiveawayContext,
  tx: Executor,
  exchange: ExchangeRow,
  item: { title: string; exchangeType: string },
  now: Date,
): Promise<void> {
  await tx
    .update(items)
    .set({ status: HANDED_OVER_STATUS[item.exchangeType] ?? 'free', isAvailable: false, updatedAt: now })
    .where(eq(items.id, exchange.itemId));
  const others = await tx
    .update(itemRequests)
    .set({ status: 'closed', updatedAt: now })
    .where(
      and(
        eq(itemRequests.itemId, exchange.itemId),
        eq(itemRequests.status, 'waiting'),
        ne(itemRequests.requesterId, exchange.buyerId),
      ),
    )
    .returning({ requesterId: itemRequests.requesterId });
  for (const other of others) {
    await notify(tx, ctx.events, other.requesterId, exchange.itemId, closedNotice(item.title), now);
  }
  const parties = await tx
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [exchange.sellerId, exchange.buyerId]));
  const firstNames = new Map(parties.map((party) => [party.id, party.firstName]));
  for (const [userId, otherId] of [
    [exchange.sellerId, exchange.buyerId],
    [exchange.buyerId, exchange.sellerId],
  ] as const) {
    const other = firstNames.get(otherId) ?? 'the other family';
    await notify(tx, ctx.events, userId, exchange.itemId, reviewDueNotice(other, item.title), now);
  }
}

/** Ends a pending promise without a handover and closes the request it answered. */
async function endPromise(
  tx: Executor,
  exchange: ExchangeRow,
  status: Extract<ExchangeStatus, 'released' | 'lapsed' | 'no-show'>,
  endedBy: number | null,
  now: Date,
): Promise<void> {
  await tx
    .update(exchanges)
    .set({ status, endedAt: now, endedBy, updatedAt: now })
    .where(eq(exchanges.id, exchange.id));
  if (exchange.requestId !== null) await setRequestStatus(tx, exchange.requestId, 'closed', now);
}

/** Either party lets a pending promise go; the item is back with the families waiting. */
export async function releasePromise(
  ctx: GiveawayContext,
  viewer: UserRow,
  exchangeId: number,
): Promise<ItemPromise> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const exchange = await lockPendingAsParty(tx, viewer.id, exchangeId);
    const isGiver = exchange.sellerId === viewer.id;
    await endPromise(tx, exchange, 'released', viewer.id, now);
    const item = await itemTitleOf(tx, exchange.itemId);
    const otherId = isGiver ? exchange.buyerId : exchange.sellerId;
    await notify(
      tx,
      ctx.events,
      otherId,
      exchange.itemId,
      releasedNotice(viewer.firstName, item.title, !isGiver),
      now,
    );
  });
  await ctx.listings.changed();
  return getPromise(ctx, viewer.id, exchangeId);
}

/**
 * The giver says the chosen family did not come: only once the agreed time has passed (at any
 * time when none was agreed), and never for a handover the giver recorded themselves.
 */
export async function reportNoShow(
  ctx: GiveawayContext,
  viewer: UserRow,
  exchangeId: number,
): Promise<ItemPromise> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const exchange = await lockAsParty(tx, viewer.id, exchangeId);
    if (exchange.sellerId !== viewer.id) throw forbidden('Only the giver can say the family did not come');
    if (exchange.status !== 'pending') throw conflict(PROMISE_ENDED);
    if (exchange.chosenBy === 'record') throw badRequest(NO_SHOW_RECORDED);
    if (exchange.scheduledAt && exchange.scheduledAt > now) throw badRequest(NO_SHOW_TOO_EARLY);
    await endPromise(tx, exchange, 'no-show', viewer.id, now);
    const item = await itemTitleOf(tx, exchange.itemId);
    await notify(
      tx,
      ctx.events,
      exchange.buyerId,
      exchange.itemId,
      noShowNotice(viewer.firstName, item.title),
      now,
    );
  });
  await ctx.listings.changed();
  return getPromise(ctx, viewer.id, exchangeId);
}

/**
 * Pending promises whose time plus the grace period has passed (or that were never scheduled
 * within UNSCHEDULED_PROMISE_HOURS) lapse: their request closes and both parties are told.
 * Returns how many lapsed; each is its own transaction, skipping rows another run holds.
 */
export async function lapseOverduePromises(
  db: Database,
  now: Date,
  events?: Pick<EventBus, 'publish'>,
): Promise<number> {
  const due = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.status, 'pending'), lte(exchanges.lapsesAt, now)));
  let lapsed = 0;
  // Without the event bus (a one-off run), the notices wait in the bell for the next page load.
  const heard = events ?? { publish: async () => undefined };
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const exchange = await lockExchange(tx, id);
      if (!exchange || exchange.status !== 'pending' || !exchange.lapsesAt || exchange.lapsesAt > now)
        return false;
      await endPromise(tx, exchange, 'lapsed', null, now);
      const item = await itemTitleOf(tx, exchange.itemId);
      for (const [userId, toGiver] of [
        [exchange.sellerId, true],
        [exchange.buyerId, false],
      ] as const) {
        await notify(tx, heard, userId, exchange.itemId, lapsedNotice(item.title, toGiver), now);
      }
      return true;
    });
    if (done) lapsed += 1;
  }
  return lapsed;
}

// ------------------------------------------------------------------------------ recorded handovers

/**
 * The owner records a handover done outside requests (a sale or swap agreed in messages) with
 * someone who wrote about the item: a pending exchange the owner has confirmed, which counts
 * only once the receiver confirms it too. 403 for anyone but the owner, 400 for a receiver the
 * owner never talked with about the item, 409 when the item already has a live exchange.
 */
export async function recordHandover(
  ctx: GiveawayContext,
  viewer: UserRow,
  itemId: number,
  receiverId: number,
): Promise<ItemPromise> {
  const now = ctx.clock.now();
  const exchangeId = await ctx.db
    .transaction(async (tx) => {
      const item = await lockItem(tx, itemId);
      if (item.userId !== viewer.id) throw forbidden('Only the owner can record who received an item');
      const [partner] = await tx
        .select({ id: conversations.buyerId })
        .from(conversations)
        .where(
          and(
            eq(conversations.itemId, itemId),
            eq(conversations.sellerId, viewer.id),
            eq(conversations.buyerId, receiverId),
          ),
        )
        .limit(1);
      if (!partner) throw badRequest(NOT_A_PARTNER, [{ path: 'receiverId', message: NOT_A_PARTNER }]);
      const live = await findLiveExchange(tx, itemId);
      if (live) throw conflict(live.status === 'pending' ? ALREADY_PROMISED : ALREADY_RECORDED);
      const request = await findRequest(tx, itemId, receiverId);
      const answersRequest = request?.status === 'waiting';
      const [created] = await tx
        .insert(exchanges)
        .values({
          itemId,
          sellerId: viewer.id,
          buyerId: receiverId,
          status: 'pending',
          chosenBy: 'record',
          requestId: answersRequest ? request.id : null,
          giverConfirmedAt: now,
          lapsesAt: new Date(now.getTime() + UNSCHEDULED_PROMISE_HOURS * HOUR_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: exchanges.id });
      if (!created) throw new AppError(500, 'insert into exchanges returned no row');
      if (answersRequest) await setRequestStatus(tx, request.id, 'chosen', now);
      await notify(tx, ctx.events, receiverId, itemId, recordedNotice(viewer.firstName, item.title), now);
      return created.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(ALREADY_PROMISED);
      throw error;
    });
  await ctx.listings.changed();
  return getPromise(ctx, viewer.id, exchangeId);
}
