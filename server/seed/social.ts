import { inArray, sql } from 'drizzle-orm';
import type { ExchangeType } from '../../common/enums.js';
import { PROMISE_GRACE_HOURS } from '../../common/schemas/giveaway.js';
import type { Database } from '../db/client.js';
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
import {
  CONVERSATION_SCRIPTS,
  FREE_REQUEST_NOTES,
  GIVER_REVIEWS,
  RECEIVER_REVIEWS,
  REVIEW_RESPONSES,
  SWAP_REQUEST_NOTES,
  type ConversationScript,
} from './catalog.js';
import type { Random } from './random.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Item views count in the analytics chart for this many days (common/schemas/analytics.ts). */
const VIEW_DAYS = 30;
const MAX_PENDING_PROMISES = 2;
const INSERT_BATCH = 1000;

export type DemoFamily = { id: number; premium: boolean; state: string };
/** A seeded item the neighbourhood may view, favourite, ask about, request or receive. */
export type DemoListing = {
  id: number;
  ownerId: number;
  title: string;
  exchangeType: ExchangeType;
  city: string;
  createdAt: Date;
  /** Marked Sold, Swapped or Free: it gets a completed handover. */
  handedOver: boolean;
  /** How many views it aims for in the last 30 days (fewer when there are not that many viewers and days). */
  viewsAimed: number;
};
export type MeetingPlace = { id: number; name: string; address: string; city: string };

type PlannedMessage = { senderId: number; content: string; createdAt: Date; readAt: Date | null };
type PlannedConversation = { itemId: number; buyerId: number; sellerId: number; messages: PlannedMessage[] };
type PlannedRequest = {
  itemId: number;
  requesterId: number;
  note: string;
  status: 'waiting' | 'chosen' | 'closed';
  createdAt: Date;
  updatedAt: Date;
};
type PlannedReview = {
  reviewerId: number;
  reviewedUserId: number;
  rating: 3 | 4 | 5;
  comment: string;
  response: string | null;
  respondedAt: Date | null;
  createdAt: Date;
};
type PlannedExchange = {
  itemId: number;
  itemTitle: string;
  sellerId: number;
  buyerId: number;
  status: 'pending' | 'completed';
  chosenBy: 'owner' | 'record';
  /** The receiver's request, when the item was requested. */
  fromRequest: boolean;
  place: MeetingPlace | undefined;
  scheduledAt: Date;
  giverConfirmedAt: Date | null;
  receiverConfirmedAt: Date | null;
  completedAt: Date | null;
  lapsesAt: Date | null;
  createdAt: Date;
  reviews: PlannedReview[];
};

/** Views are counted per UTC day. */
function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Rows in statements of at most INSERT_BATCH, returning what each statement returned. */
async function insertInBatches<Row, Returned>(
  rows: Row[],
  insert: (batch: Row[]) => Promise<Returned[]>,
): Promise<Returned[]> {
  const returned: Returned[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    returned.push(...(await insert(rows.slice(start, start + INSERT_BATCH))));
  }
  return returned;
}

/**
 * Plans everything a neighbourhood does around its items, with one random source: families
 * view, favourite, ask about and request items, the owner promises some and hands others over,
 * and both sides of every handover confirm it and review each other.
 */
class NeighbourhoodPlan {
  readonly requests: PlannedRequest[] = [];
  readonly conversations: PlannedConversation[] = [];
  readonly exchanges: PlannedExchange[] = [];
  readonly favourites: { userId: number; itemId: number; createdAt: Date }[] = [];
  readonly views = new Map<string, { itemId: number; viewerId: number; day: string }>();
  private pendingPromises = 0;
  private readonly viewsPerItem = new Map<number, number>();
  /** The comments each family has been given, so a profile's reviews do not repeat one another. */
  private readonly commentsFor = new Map<number, Set<string>>();
  private readonly familyById: Map<number, DemoFamily>;
  /** The oldest day the analytics chart shows. */
  private readonly firstChartDay: string;

  constructor(
    private readonly random: Random,
    private readonly families: DemoFamily[],
    private readonly places: MeetingPlace[],
    private readonly now: number,
  ) {
    this.familyById = new Map(families.map((family) => [family.id, family]));
    this.firstChartDay = utcDay(now - (VIEW_DAYS - 1) * DAY_MS);
  }

  /**
   * Up to `count` different families other than the owner, often from the owner's own area
   * (people give and swap near home), but not so often that a small demo's profiles show the
   * same two neighbours reviewing each other over and over.
   */
  private counterparts(listing: DemoListing, ownerState: string | undefined, count: number): DemoFamily[] {
    const chosen: DemoFamily[] = [];
    for (let i = 0; i < count; i += 1) {
      const free = this.families.filter(
        (family) => family.id !== listing.ownerId && !chosen.includes(family),
      );
      if (free.length === 0) break;
      const near = free.filter((family) => family.state === ownerState);
      chosen.push(this.random.pick(near.length > 0 && this.random.chance(0.4) ? near : free));
    }
    return chosen;
  }

  /** Times from `start` by the given offsets, squeezed to end by `limit` when they would not. */
  private fit(start: number, offsets: number[], limit: number): Date[] {
    const last = Math.max(...offsets, 1);
    const factor = Math.min(1, Math.max(0, limit - start) / last);
    return offsets.map((offset) => new Date(start + offset * factor));
  }

  private minutes(min: number, max: number): number {
    return this.random.between(min, max) * MINUTE_MS;
  }

  private isPremium(userId: number): boolean {
    return this.familyById.get(userId)?.premium ?? false;
  }

  /** A conversation's messages at the given times: each read once answered, the newest unread for a day. */
  private talk(listing: DemoListing, askerId: number, script: ConversationScript, times: Date[]): void {
    const planned = script.map(([speaker, content], index): PlannedMessage => {
      const createdAt = times[index] ?? new Date(this.now);
      const answeredAt = times[index + 1];
      const readAt =
        answeredAt ??
        (this.now - createdAt.getTime() > DAY_MS
          ? new Date(createdAt.getTime() + this.minutes(5, 90))
          : null);
      return { senderId: speaker === 'owner' ? listing.ownerId : askerId, content, createdAt, readAt };
    });
    this.conversations.push({
      itemId: listing.id,
      buyerId: askerId,
      sellerId: listing.ownerId,
      messages: planned,
    });
  }

  /** Offsets in ms for a script's messages, from the first, a few minutes to hours apart. */
  private messageGaps(script: ConversationScript, first: number): number[] {
    let at = first;
    return script.map((_, index) => {
      if (index > 0) at += this.minutes(8, 240);
      return at;
    });
  }

  /** One view per viewer, item and UTC day, within the analytics window and the item's life. */
  private view(listing: DemoListing, viewerId: number, time: number, lastDay: string): void {
    const day = utcDay(time);
    if (day < this.firstChartDay || day < utcDay(listing.createdAt.getTime())) return;
    const key = `${listing.id}:${viewerId}:${day}`;
    if (day > lastDay || this.views.has(key)) return;
    this.views.set(key, { itemId: listing.id, viewerId, day });
    this.viewsPerItem.set(listing.id, (this.viewsPerItem.get(listing.id) ?? 0) + 1);
  }

  private place(listing: DemoListing): MeetingPlace | undefined {
    return this.places.find((place) => place.city === listing.city);
  }

  private rating(): 3 | 4 | 5 {
    const draw = this.random.next();
    return draw < 0.65 ? 5 : draw < 0.93 ? 4 : 3;
  }

  private review(
    reviewerId: number,
    reviewedUserId: number,
    texts: Record<3 | 4 | 5, readonly string[]>,
    createdAt: Date,
    respondedAt: Date,
  ): PlannedReview {
    const rating = this.rating();
    const answered = this.random.chance(0.25);
    const response = rating === 3 ? REVIEW_RESPONSES[2] : this.random.pick(REVIEW_RESPONSES.slice(0, 2));
    return {
      reviewerId,
      reviewedUserId,
      rating,
      comment: this.freshComment(reviewedUserId, texts[rating]),
      response: answered ? (response ?? null) : null,
      respondedAt: answered ? respondedAt : null,
      createdAt,
    };
  }

  private freshComment(reviewedUserId: number, texts: readonly string[]): string {
    const given = this.commentsFor.get(reviewedUserId) ?? new Set<string>();
    const unused = texts.filter((text) => !given.has(text));
    const comment = this.random.pick(unused.length > 0 ? unused : texts);
    this.commentsFor.set(reviewedUserId, given.add(comment));
    return comment;
  }

  private requestNote(listing: DemoListing): string {
    return this.random.pick(listing.exchangeType === 'swap' ? SWAP_REQUEST_NOTES : FREE_REQUEST_NOTES);
  }

  /** A handed-over item: talk, maybe requests, a handover both confirmed, a review each way. */
  private handOver(listing: DemoListing, ownerState: string | undefined): number {
    const isGiving = listing.exchangeType !== 'sell';
    const [receiver, ...others] = this.counterparts(
      listing,
      ownerState,
      1 + (isGiving ? this.random.int(3) : 0),
    );
    if (!receiver) return this.now;
    const start = listing.createdAt.getTime();
    const script = this.random.pick(isGiving ? CONVERSATION_SCRIPTS.handedOver : CONVERSATION_SCRIPTS.sold);
    const firstContact = this.minutes(30, 4 * 24 * 60);
    const talk = this.messageGaps(script, firstContact);
    const scheduled = (talk.at(-1) ?? firstContact) + this.random.between(1, 3) * DAY_MS;
    const giverConfirmed = scheduled + this.minutes(5, 40);
    const receiverConfirmed = scheduled + this.minutes(20, 6 * 60);
    const completed = Math.max(giverConfirmed, receiverConfirmed);
    const receiverReview = completed + this.minutes(60, 30 * 60);
    const giverReview = completed + this.minutes(60, 30 * 60);
    const otherRequests = others.map(() => Math.floor(firstContact * (0.2 + 0.7 * this.random.next())));
    const offsets = [
      ...talk,
      scheduled,
      giverConfirmed,
      receiverConfirmed,
      receiverReview,
      giverReview,
      receiverReview + this.minutes(120, 20 * 60),
      giverReview + this.minutes(120, 20 * 60),
      ...otherRequests,
    ];
    const times = this.fit(start, offsets, this.now - 10 * MINUTE_MS);
    const at = (index: number) => times[index] ?? new Date(this.now);
    const after = talk.length;
    const completedAt = at(after + (giverConfirmed >= receiverConfirmed ? 1 : 2));

    this.talk(listing, receiver.id, script, times.slice(0, talk.length));
    if (isGiving) {
      this.requests.push({
        itemId: listing.id,
        requesterId: receiver.id,
        note: this.requestNote(listing),
        status: 'chosen',
        createdAt: at(0),
        updatedAt: at(after),
      });
      others.forEach((other, index) =>
        this.requests.push({
          itemId: listing.id,
          requesterId: other.id,
          note: this.requestNote(listing),
          status: 'closed',
          createdAt: at(after + 7 + index),
          updatedAt: completedAt,
        }),
      );
    }
    this.exchanges.push({
      itemId: listing.id,
      itemTitle: listing.title,
      sellerId: listing.ownerId,
      buyerId: receiver.id,
      status: 'completed',
      chosenBy: isGiving ? 'owner' : 'record',
      fromRequest: isGiving,
      place: this.place(listing),
      scheduledAt: at(after),
      giverConfirmedAt: at(after + 1),
      receiverConfirmedAt: at(after + 2),
      completedAt,
      lapsesAt: null,
      createdAt: at(talk.length - 1),
      reviews: [
        this.review(receiver.id, listing.ownerId, RECEIVER_REVIEWS, at(after + 3), at(after + 5)),
        this.review(listing.ownerId, receiver.id, GIVER_REVIEWS, at(after + 4), at(after + 6)),
      ],
    });
    const lastDay = utcDay(completedAt.getTime());
    this.view(listing, receiver.id, at(0).getTime(), lastDay);
    others.forEach((other, index) => this.view(listing, other.id, at(after + 7 + index).getTime(), lastDay));
    return completedAt.getTime();
  }

  /** Families ask the owner about an available item; a few messages each. */
  private askAbout(listing: DemoListing, askers: DemoFamily[]): void {
    const start = listing.createdAt.getTime();
    for (const asker of askers) {
      const script = this.random.pick(CONVERSATION_SCRIPTS.question);
      const first = Math.floor((this.now - start) * (0.05 + 0.8 * this.random.next()));
      const times = this.fit(start, this.messageGaps(script, first), this.now - 5 * MINUTE_MS);
      this.talk(listing, asker.id, script, times);
      this.view(listing, asker.id, times[0]?.getTime() ?? this.now, utcDay(this.now));
    }
  }

  /** An available free or swap item: waiting requests, and now and then a promise to one of them. */
  private requestFor(listing: DemoListing, ownerState: string | undefined): void {
    const start = listing.createdAt.getTime();
    const requesters = this.counterparts(listing, ownerState, 1 + this.random.int(3));
    const requestTimes = requesters
      .map(() => start + Math.floor((this.now - start) * (0.05 + 0.75 * this.random.next())))
      .sort((a, b) => a - b);
    const planned = requesters.map((requester, index): PlannedRequest => ({
      itemId: listing.id,
      requesterId: requester.id,
      note: this.requestNote(listing),
      status: 'waiting',
      createdAt: new Date(requestTimes[index] ?? start),
      updatedAt: new Date(requestTimes[index] ?? start),
    }));
    this.requests.push(...planned);
    requesters.forEach((requester, index) =>
      this.view(listing, requester.id, requestTimes[index] ?? start, utcDay(this.now)),
    );
    const chosen = planned.length > 0 ? this.random.pick(planned) : undefined;
    if (!chosen || this.pendingPromises >= MAX_PENDING_PROMISES || !this.random.chance(0.5)) {
      if (this.random.chance(0.3)) this.askAbout(listing, requesters.slice(0, 1));
      return;
    }
    this.pendingPromises += 1;
    const lastRequest = requestTimes.at(-1) ?? start;
    const promisedAt = lastRequest + Math.floor((this.now - lastRequest) * (0.2 + 0.5 * this.random.next()));
    const script = this.random.pick(CONVERSATION_SCRIPTS.promised);
    const times = this.fit(promisedAt, this.messageGaps(script, 0), this.now - 5 * MINUTE_MS);
    chosen.status = 'chosen';
    chosen.updatedAt = new Date(promisedAt);
    this.talk(listing, chosen.requesterId, script, times);
    // Pickups are agreed on the hour, a day to three ahead.
    const scheduledAt = new Date(
      Math.ceil((this.now + this.random.between(1, 3) * DAY_MS) / HOUR_MS) * HOUR_MS,
    );
    this.exchanges.push({
      itemId: listing.id,
      itemTitle: listing.title,
      sellerId: listing.ownerId,
      buyerId: chosen.requesterId,
      status: 'pending',
      chosenBy: 'owner',
      fromRequest: true,
      place: this.place(listing),
      scheduledAt,
      giverConfirmedAt: null,
      receiverConfirmedAt: null,
      completedAt: null,
      lapsesAt: new Date(scheduledAt.getTime() + PROMISE_GRACE_HOURS * HOUR_MS),
      createdAt: new Date(promisedAt),
      reviews: [],
    });
  }

  /** Everything that happens around one item, then its views: every family that acted viewed it that day. */
  plan(listing: DemoListing): void {
    const ownerState = this.familyById.get(listing.ownerId)?.state;
    const start = listing.createdAt.getTime();
    let end = this.now;
    if (listing.handedOver) {
      end = this.handOver(listing, ownerState);
    } else if (listing.exchangeType !== 'sell' && this.random.chance(0.55)) {
      this.requestFor(listing, ownerState);
    } else if (this.random.chance(listing.exchangeType === 'sell' ? 0.6 : 0.25)) {
      this.askAbout(listing, this.counterparts(listing, ownerState, 1 + this.random.int(2)));
    }
    const lastDay = utcDay(end);
    const fans = this.counterparts(
      listing,
      ownerState,
      this.random.int(this.isPremium(listing.ownerId) ? 6 : 4),
    );
    for (const fan of fans) {
      const createdAt = start + Math.floor((end - start) * (0.02 + 0.96 * this.random.next()));
      this.favourites.push({ userId: fan.id, itemId: listing.id, createdAt: new Date(createdAt) });
      this.view(listing, fan.id, createdAt, lastDay);
    }
    this.browse(listing, end, lastDay);
  }

  /** Other families open the item on days between its listing and its end, as many as it aims for. */
  private browse(listing: DemoListing, end: number, lastDay: string): void {
    const from = Math.max(listing.createdAt.getTime(), this.now - (VIEW_DAYS - 1) * DAY_MS);
    if (utcDay(from) > lastDay) return;
    const viewers = this.families.filter((family) => family.id !== listing.ownerId);
    const days = Math.round((Date.parse(lastDay) - Date.parse(utcDay(from))) / DAY_MS) + 1;
    const aimed = Math.min(listing.viewsAimed, viewers.length * days);
    const firstDay = Date.parse(utcDay(from));
    for (
      let attempt = 0;
      (this.viewsPerItem.get(listing.id) ?? 0) < aimed && attempt < aimed * 20;
      attempt += 1
    ) {
      const viewer = this.random.pick(viewers);
      const time = firstDay + this.random.int(days) * DAY_MS + this.random.int(DAY_MS);
      this.view(listing, viewer.id, Math.min(end, Math.max(time, from)), lastDay);
    }
  }
}

/**
 * Gives the seeded items a life: conversations with replies, favourites, requests with notes,
 * a pending promise or two, completed handovers with both confirmations and a review from each
 * side, and views within the analytics window. Then, as the app keeps them, each item's
 * viewCount, favoriteCount and messageCount, each conversation's lastMessageAt, and each
 * reviewed family's rating and totalRatings are what these rows say.
 */
export async function seedNeighbourhood(
  db: Database,
  random: Random,
  now: Date,
  families: DemoFamily[],
  listings: DemoListing[],
  places: MeetingPlace[],
): Promise<void> {
  if (families.length < 2 || listings.length === 0) return;
  const plan = new NeighbourhoodPlan(random, families, places, now.getTime());
  for (const listing of listings) plan.plan(listing);

  const requestIds = new Map(
    (
      await insertInBatches(plan.requests, (batch) =>
        db.insert(itemRequests).values(batch).returning({
          id: itemRequests.id,
          itemId: itemRequests.itemId,
          requesterId: itemRequests.requesterId,
        }),
      )
    ).map((row) => [`${row.itemId}:${row.requesterId}`, row.id]),
  );

  const exchangeIds = new Map(
    (
      await insertInBatches(plan.exchanges, (batch) =>
        db
          .insert(exchanges)
          .values(
            batch.map((exchange) => {
              const byReceiver = exchange.reviews.find((review) => review.reviewerId === exchange.buyerId);
              const byGiver = exchange.reviews.find((review) => review.reviewerId === exchange.sellerId);
              return {
                itemId: exchange.itemId,
                sellerId: exchange.sellerId,
                buyerId: exchange.buyerId,
                status: exchange.status,
                chosenBy: exchange.chosenBy,
                requestId: exchange.fromRequest
                  ? (requestIds.get(`${exchange.itemId}:${exchange.buyerId}`) ?? null)
                  : null,
                safeLocationId: exchange.place?.id ?? null,
                exchangeLocation: exchange.place ? `${exchange.place.name}, ${exchange.place.address}` : null,
                scheduledAt: exchange.scheduledAt,
                giverConfirmedAt: exchange.giverConfirmedAt,
                receiverConfirmedAt: exchange.receiverConfirmedAt,
                completedAt: exchange.completedAt,
                lapsesAt: exchange.lapsesAt,
                // The exchange's own columns: what the receiver (buyer) and the giver (seller) wrote.
                buyerRating: byReceiver?.rating ?? null,
                buyerReview: byReceiver?.comment ?? null,
                sellerRating: byGiver?.rating ?? null,
                sellerReview: byGiver?.comment ?? null,
                createdAt: exchange.createdAt,
                updatedAt: exchange.completedAt ?? exchange.createdAt,
              };
            }),
          )
          .returning({ id: exchanges.id, itemId: exchanges.itemId }),
      )
    ).map((row) => [row.itemId, row.id]),
  );

  const reviewRows = plan.exchanges.flatMap((exchange) =>
    exchange.reviews.map((review) => ({
      ...review,
      exchangeId: exchangeIds.get(exchange.itemId) ?? null,
      itemTitle: exchange.itemTitle,
    })),
  );
  await insertInBatches(reviewRows, (batch) =>
    db.insert(reviews).values(batch).returning({ id: reviews.id }),
  );

  const conversationIds = new Map(
    (
      await insertInBatches(plan.conversations, (batch) =>
        db
          .insert(conversations)
          .values(
            batch.map((conversation) => ({
              itemId: conversation.itemId,
              buyerId: conversation.buyerId,
              sellerId: conversation.sellerId,
              createdAt: conversation.messages[0]?.createdAt ?? now,
              lastMessageAt: conversation.messages.at(-1)?.createdAt ?? null,
            })),
          )
          .returning({ id: conversations.id, itemId: conversations.itemId, buyerId: conversations.buyerId }),
      )
    ).map((row) => [`${row.itemId}:${row.buyerId}`, row.id]),
  );
  const familyPremium = new Map(families.map((family) => [family.id, family.premium]));
  const messageRows = plan.conversations.flatMap((conversation) => {
    const conversationId = conversationIds.get(`${conversation.itemId}:${conversation.buyerId}`);
    if (conversationId === undefined) return [];
    return conversation.messages.map((message) => ({
      ...message,
      conversationId,
      // As the app sends them: a Premium sender's messages are priority.
      isPriority: familyPremium.get(message.senderId) ?? false,
    }));
  });
  await insertInBatches(messageRows, (batch) =>
    db.insert(messages).values(batch).returning({ id: messages.id }),
  );
  await insertInBatches(plan.favourites, (batch) =>
    db.insert(favorites).values(batch).returning({ id: favorites.id }),
  );
  await insertInBatches([...plan.views.values()], (batch) =>
    db.insert(itemViews).values(batch).returning({ itemId: itemViews.itemId }),
  );

  const handedOver = plan.exchanges.flatMap((exchange) =>
    exchange.completedAt ? [{ id: exchange.itemId, at: exchange.completedAt }] : [],
  );
  for (let start = 0; start < handedOver.length; start += INSERT_BATCH) {
    const rows = handedOver
      .slice(start, start + INSERT_BATCH)
      .map((row) => sql`(${row.id}::int, ${row.at.toISOString()}::timestamptz)`);
    await db.execute(sql`update ${items} set updated_at = handed.at
      from (values ${sql.join(rows, sql`, `)}) as handed(id, at) where ${items.id} = handed.id`);
  }
  await recountItems(
    db,
    listings.map((listing) => listing.id),
  );
  await recomputeRatings(db, [...new Set(reviewRows.map((review) => review.reviewedUserId))], now);
}

/** Each item's counters from the rows behind them, as the app's own writes keep them. */
async function recountItems(db: Database, itemIds: number[]): Promise<void> {
  for (let start = 0; start < itemIds.length; start += INSERT_BATCH) {
    const ids = itemIds.slice(start, start + INSERT_BATCH);
    await db
      .update(items)
      .set({
        viewCount: sql`(select count(*)::int from ${itemViews} where ${itemViews.itemId} = ${items.id})`,
        favoriteCount: sql`(select count(*)::int from ${favorites} where ${favorites.itemId} = ${items.id})`,
        messageCount: sql`(select count(*)::int from ${messages} join ${conversations} on ${conversations.id} = ${messages.conversationId} where ${conversations.itemId} = ${items.id})`,
      })
      .where(inArray(items.id, ids));
  }
}

/** rating and totalRatings from the family's reviews: the average to 2 decimals and their count (PRODUCT §3). */
async function recomputeRatings(db: Database, userIds: number[], now: Date): Promise<void> {
  for (let start = 0; start < userIds.length; start += INSERT_BATCH) {
    await db
      .update(users)
      .set({
        totalRatings: sql`(select count(*)::int from ${reviews} where ${reviews.reviewedUserId} = ${users.id})`,
        rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.reviewedUserId} = ${users.id})`,
        updatedAt: now,
      })
      .where(inArray(users.id, userIds.slice(start, start + INSERT_BATCH)));
  }
}
