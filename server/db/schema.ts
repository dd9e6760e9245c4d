import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  decimal,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { categories } from '../../common/enums.js';
import { LIMITS } from '../../common/limits.js';

/**
 * One Drizzle schema for every entity of PRODUCT §3. Lengths, defaults and precisions are
 * PRODUCT's; deleting a user cascades to everything that is theirs (PRODUCT §6).
 */
/** PostgreSQL's full-text document type, for the generated search column. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: LIMITS.email }).notNull(),
    password: varchar('password', { length: LIMITS.password }).notNull(),
    firstName: varchar('first_name', { length: LIMITS.firstName }).notNull(),
    lastName: varchar('last_name', { length: LIMITS.lastName }).notNull(),
    profileImageUrl: varchar('profile_image_url', { length: LIMITS.profileImageUrl }),
    city: varchar('city', { length: LIMITS.city }),
    zipCode: varchar('zip_code', { length: LIMITS.zipCode }),
    state: varchar('state', { length: LIMITS.state }),
    country: varchar('country', { length: LIMITS.country }),
    isVerified: boolean('is_verified').notNull().default(false),
    rating: decimal('rating', { precision: 3, scale: 2 }).notNull().default('0.00'),
    totalRatings: integer('total_ratings').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    mobileNotifications: boolean('mobile_notifications').notNull().default(true),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    subscriptionStatus: varchar('subscription_status', { length: 20 }).notNull().default('free'),
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    // As built: a card subscription cancelled at period end stays active until subscriptionEndsAt,
    // and the subscribe screen says 'ends on' instead of 'renews on'.
    subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    premiumBadge: boolean('premium_badge').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    referralCode: varchar('referral_code', { length: LIMITS.referralCode }).unique(),
    referredBy: varchar('referred_by', { length: LIMITS.referralCode }),
    freeMonthsEarned: integer('free_months_earned').notNull().default(0),
    // As built: when this parent's referral week (and the code owner's) was granted, once they
    // had verified their e-mail and done something real; null while it waits.
    referralRewardedAt: timestamp('referral_rewarded_at', { withTimezone: true }),
    // As built: kept so a browse request can tell from the signed-in user's row alone whether
    // the shared page cache fits this parent (docs/PERFORMANCE.md). How many blocks they are
    // part of, either way; and when the early access of their newest listing ends.
    blockCount: integer('block_count').notNull().default(0),
    listingEarlyAccessUntil: timestamp('listing_early_access_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // E-mail is unique whatever its case (one parent, one account); the API also stores it lower-cased.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    // Lets "sign out everywhere" and account deletion find a user's sessions without parsing sess.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_expire_idx').on(table.expire), index('sessions_user_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 255 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * The centre of the 0.01° cell (about 1 km) holding an exact coordinate: the position everyone
 * but the owner sees, and the only one searches use, so no query can reveal more.
 */
function gridCentreOf(coordinate: 'latitude' | 'longitude'): SQL {
  return sql.raw(`(floor(${coordinate} * 100) + 0.5) / 100`);
}

/**
 * An item's indexed point: its grid position nudged north by a sliver derived from its id
 * (under 0.0001°, about 11 m). Items in one grid cell would otherwise be exactly as far from
 * any searcher, and PostgreSQL 15 cannot walk the GiST index nearest-first with a second sort
 * key to break those ties; with the nudge, distance alone orders them. The nudge comes from the
 * id, not the position, so it reveals nothing. The earth indexes and the nearest-first walks
 * both build it here, so the walks always match the indexes.
 */
export function gridEarthOf(
  gridLatitude: AnyPgColumn | SQL,
  gridLongitude: AnyPgColumn | SQL,
  id: AnyPgColumn | SQL,
): SQL {
  return sql`ll_to_earth(${gridLatitude}::float8 + (${id} % 1000003) * 1e-10, ${gridLongitude}::float8)`;
}

export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: LIMITS.itemTitle }).notNull(),
    description: text('description').notNull(),
    category: varchar('category', { length: LIMITS.category }).notNull(),
    condition: varchar('condition', { length: LIMITS.condition }).notNull(),
    ageRange: varchar('age_range', { length: LIMITS.ageRange }),
    brand: varchar('brand', { length: LIMITS.brand }),
    // PRODUCT §3, as built: it exists so the Premium size filter means something.
    size: varchar('size', { length: LIMITS.size }),
    exchangeType: varchar('exchange_type', { length: LIMITS.exchangeType }).notNull(),
    price: decimal('price', { precision: 10, scale: 2 }),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAvailable: boolean('is_available').notNull().default(true),
    status: varchar('status', { length: LIMITS.status }).notNull().default('available'),
    latitude: decimal('latitude', { precision: 10, scale: 8 }),
    longitude: decimal('longitude', { precision: 11, scale: 8 }),
    city: varchar('city', { length: LIMITS.city }),
    zipCode: varchar('zip_code', { length: LIMITS.zipCode }),
    isPriority: boolean('is_priority').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    earlyAccessUntil: timestamp('early_access_until', { withTimezone: true }),
    flaggedForReview: boolean('flagged_for_review').notNull().default(false),
    flagReason: varchar('flag_reason', { length: LIMITS.flagReason }),
    moderatorReviewed: boolean('moderator_reviewed').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    // Give-aways: requests collect until then, and the owner can choose only after it, so the
    // fastest fingers do not win. Null: a choice is possible as soon as someone asks.
    requestsCloseAt: timestamp('requests_close_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Title weighs most, then brand, then description (ARCHITECTURE: search is PostgreSQL's own).
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
    ),
    // PRODUCT §5: 0,0 means no position.
    hasPosition: boolean('has_position').generatedAlwaysAs(
      sql`latitude is not null and longitude is not null and not (latitude = 0 and longitude = 0)`,
    ),
    // The position everyone but the owner sees, and the only one searches use: the centre of
    // the 0.01° cell (about 1 km) holding the exact point, so no query can reveal more.
    gridLatitude: decimal('grid_latitude', { precision: 7, scale: 4 }).generatedAlwaysAs(
      gridCentreOf('latitude'),
    ),
    gridLongitude: decimal('grid_longitude', { precision: 8, scale: 4 }).generatedAlwaysAs(
      gridCentreOf('longitude'),
    ),
  },
  (table) => [
    index('items_search_idx').using('gin', table.searchVector),
    index('items_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('items_brand_trgm_idx').using('gin', sql`${table.brand} gin_trgm_ops`),
    // The grid point nudged by a sliver from the id (gridEarthOf), so nearest-first needs no
    // tie-breaking sort key.
    index('items_earth_idx')
      .using('gist', gridEarthOf(table.gridLatitude, table.gridLongitude, table.id))
      .where(sql`${table.hasPosition}`),
    // The same point for one category each (decision 012): a nearest-first walk with a category
    // (the browse request) reads only that category's items instead of stepping over the
    // others' (three in four rows at a million items), about a third of its database time.
    ...categories.map((category) =>
      index(`items_earth_${category}_idx`)
        .using('gist', gridEarthOf(table.gridLatitude, table.gridLongitude, table.id))
        .where(sql`${table.hasPosition} and ${table.category} = ${sql.raw(`'${category}'`)}`),
    ),
    // Browse's default order: Premium owners' items first, then newest (keyset on these columns).
    // Migration 0012 adds INCLUDE (user_id, early_access_until, flagged_for_review,
    // moderator_reviewed), which this builder cannot say, so its count reads the index alone.
    index('items_browse_idx')
      .on(
        table.isPriority.desc().nullsFirst(),
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.isAvailable} and not ${table.isHidden}`),
    index('items_newest_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isAvailable} and not ${table.isHidden}`),
    // Items with no position are kept in distance searches; this finds them without a scan.
    index('items_no_position_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isAvailable} and not ${table.isHidden} and not ${table.hasPosition}`),
    // A search near a position also ranks the newest matches without one (PRODUCT §5 keeps them):
    // their few words, found here instead of in the whole table's (items.search.ts).
    index('items_no_position_search_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.isAvailable} and not ${table.isHidden} and not ${table.hasPosition}`),
    index('items_user_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    // Finds the items using a photo, for the sweep of unused uploads.
    index('items_image_urls_idx').using('gin', table.imageUrls),
    // The moderation queue: listings flagged and not yet decided on.
    index('items_moderation_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.flaggedForReview} and not ${table.moderatorReviewed}`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    // Deleting a conversation hides it from that participant's list only; a newer message
    // brings it back (docs/API.md).
    buyerDeletedAt: timestamp('buyer_deleted_at', { withTimezone: true }),
    sellerDeletedAt: timestamp('seller_deleted_at', { withTimezone: true }),
  },
  (table) => [
    // One conversation per item and pair (POST /api/conversations reuses it).
    uniqueIndex('conversations_item_pair_unique').on(table.itemId, table.buyerId, table.sellerId),
    index('conversations_buyer_idx').on(table.buyerId),
    index('conversations_seller_idx').on(table.sellerId),
    index('conversations_item_idx').on(table.itemId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    isPriority: boolean('is_priority').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.createdAt),
    // Unread counts: messages nobody has read yet.
    index('messages_unread_idx')
      .on(table.conversationId)
      .where(sql`${table.readAt} is null`),
  ],
);

export const wishlists = pgTable(
  'wishlists',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: LIMITS.itemTitle }).notNull(),
    category: varchar('category', { length: LIMITS.category }),
    ageRange: varchar('age_range', { length: LIMITS.ageRange }),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('wishlists_user_idx').on(table.userId)],
);

/**
 * PRODUCT §3's exchanges: one promise of an item to one family, and its handover. 'pending' (PRODUCT's
 * default) is a promise not yet handed over; it becomes 'completed' only when both sides have
 * confirmed, or ends as 'released' (either side let it go), 'lapsed' (no handover by its time
 * plus the grace period) or 'no-show' (the giver says the chosen family did not come). Only a
 * completed exchange can be reviewed. An item has at most one live (pending or completed)
 * exchange; ended ones stay as the history reliability is counted from.
 */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    exchangeLocation: text('exchange_location'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    buyerRating: integer('buyer_rating'),
    sellerRating: integer('seller_rating'),
    buyerReview: text('buyer_review'),
    sellerReview: text('seller_review'),
    createdAt: createdAt(),
    /** How the family was chosen: 'owner' (picked), 'draw' (fair random draw), 'record' (a handover recorded outside requests). */
    chosenBy: varchar('chosen_by', { length: 10 }).notNull().default('owner'),
    /** The request the promise answers, when it came from one. */
    requestId: integer('request_id').references(() => itemRequests.id, { onDelete: 'set null' }),
    /** A fair draw's record: the seed and the entrants in draw order, so anyone can recompute it. */
    drawSeed: varchar('draw_seed', { length: 64 }),
    drawEntrants: json('draw_entrants').$type<number[]>(),
    /** The meet-up place, when it is one of the safe locations (exchangeLocation holds its text). */
    safeLocationId: integer('safe_location_id').references(() => safeLocations.id, { onDelete: 'set null' }),
    /** The pair meet at the owner's own pickup point: only then do the two parties see its exact position. */
    ownerPickup: boolean('owner_pickup').notNull().default(false),
    /** The owner's 'Handed over' and the receiver's 'Received': completed once both are set. */
    giverConfirmedAt: timestamp('giver_confirmed_at', { withTimezone: true }),
    receiverConfirmedAt: timestamp('receiver_confirmed_at', { withTimezone: true }),
    /** When a pending promise lapses without a handover: scheduledAt plus the grace period. */
    lapsesAt: timestamp('lapses_at', { withTimezone: true }),
    /** When and by whom a promise ended without a handover (released, no-show; null for lapsed). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One live promise or handover per item; released, lapsed and no-show ones are history.
    uniqueIndex('exchanges_item_live_unique')
      .on(table.itemId)
      .where(sql`${table.status} in ('pending', 'completed')`),
    index('exchanges_item_idx').on(table.itemId),
    index('exchanges_buyer_idx').on(table.buyerId),
    index('exchanges_seller_idx').on(table.sellerId),
    index('exchanges_lapse_idx')
      .on(table.lapsesAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * A family asking for a free or swap item, with a short note. 'waiting' until the owner
 * chooses; 'chosen' for the family promised the item; 'withdrawn' by the requester; 'closed'
 * once the item went to someone else, or the promise to this family ended.
 */
export const itemRequests = pgTable(
  'item_requests',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    status: varchar('status', { length: 20 }).notNull().default('waiting'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('item_requests_item_requester_unique').on(table.itemId, table.requesterId),
    index('item_requests_requester_idx').on(table.requesterId),
  ],
);

export const safeLocations = pgTable('safe_locations', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  address: text('address').notNull(),
  city: varchar('city', { length: LIMITS.city }).notNull(),
  zipCode: varchar('zip_code', { length: LIMITS.zipCode }),
  locationType: varchar('location_type', { length: 50 }).notNull(),
  isVerified: boolean('is_verified').notNull().default(true),
  latitude: decimal('latitude', { precision: 10, scale: 8 }),
  longitude: decimal('longitude', { precision: 11, scale: 8 }),
  hours: text('hours'),
  specialFeatures: text('special_features').array(),
  createdAt: createdAt(),
});

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: LIMITS.savedSearchName }).notNull(),
    searchTerm: text('search_term'),
    category: varchar('category', { length: LIMITS.category }),
    condition: varchar('condition', { length: LIMITS.condition }),
    exchangeType: varchar('exchange_type', { length: LIMITS.exchangeType }),
    minPrice: decimal('min_price', { precision: 10, scale: 2 }),
    maxPrice: decimal('max_price', { precision: 10, scale: 2 }),
    maxDistance: integer('max_distance'),
    isActive: boolean('is_active').notNull().default(true),
    lastNotified: timestamp('last_notified', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('saved_searches_user_idx').on(table.userId)],
);

export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('favorites_user_item_unique').on(table.userId, table.itemId),
    index('favorites_item_idx').on(table.itemId),
  ],
);

export const userReports = pgTable(
  'user_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    description: text('description'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    // Set when the report is about a listing (decision 008); the reported user is then its owner.
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
  },
  (table) => [
    // One pending report per reporter and target: a parent, or one of their listings.
    uniqueIndex('user_reports_pending_user_unique')
      .on(table.reporterId, table.reportedUserId)
      .where(sql`${table.status} = 'pending' and ${table.itemId} is null`),
    uniqueIndex('user_reports_pending_item_unique')
      .on(table.reporterId, table.itemId)
      .where(sql`${table.status} = 'pending' and ${table.itemId} is not null`),
    index('user_reports_item_idx').on(table.itemId),
    index('user_reports_reporter_idx').on(table.reporterId),
    index('user_reports_reported_idx').on(table.reportedUserId),
    index('user_reports_created_idx').on(table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * What one side of a recorded exchange said about the other (decision 008). Kept apart from the
 * exchange so a review outlives its author's account (reviewer_id becomes null: 'a former
 * member') and the exchange row, which goes with either party's account (PRODUCT §6).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    exchangeId: integer('exchange_id').references(() => exchanges.id, { onDelete: 'set null' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedUserId: integer('reviewed_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemTitle: varchar('item_title', { length: LIMITS.itemTitle }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Each side reviews the other once per exchange.
    uniqueIndex('reviews_exchange_reviewer_unique').on(table.exchangeId, table.reviewerId),
    index('reviews_reviewed_idx').on(table.reviewedUserId, table.createdAt.desc().nullsFirst()),
    index('reviews_reviewer_idx').on(table.reviewerId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/** Single-use e-mail verification links (decision 008): only the token's SHA-256 is kept. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    email: varchar('email', { length: LIMITS.email }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_verification_tokens_user_idx').on(table.userId)],
);

/** A parent who blocked another: neither can reach the other, and each disappears from the other's lists. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_idx').on(table.blockedId),
  ],
);

/** In-app notices (alerts about matching items, and the like), newest first per user. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body'),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt.desc().nullsFirst())],
);

/**
 * Work to do after a write, recorded in the same transaction (ARCHITECTURE: an outbox), so a
 * stop between the write and the work loses nothing. kind 'item-listed' fans out alerts.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    payload: json('payload').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_pending_idx')
      .on(table.id)
      .where(sql`${table.processedAt} is null`),
  ],
);

/** One view per viewer per item per day (Premium analytics); the owner's own views never count. */
export const itemViews = pgTable(
  'item_views',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.viewerId, table.day] })],
);

/**
 * Every stored photo, recorded at upload: who uploaded it (an item may only use its owner's
 * uploads) and when, so photos no item or profile uses can be swept away.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    url: varchar('url', { length: LIMITS.profileImageUrl }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    // Kept when the uploader is deleted so the sweep still finds and removes the files.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bytes: integer('bytes').notNull(),
    // Which renditions the files include (RENDITIONS_VERSION in uploads.service.ts); rows from
    // before the column read 1 and are brought up to date by uploads.backfill.ts.
    renditions: smallint('renditions').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('uploads_url_user_unique').on(table.url, table.userId),
    index('uploads_created_idx').on(table.createdAt),
    index('uploads_renditions_idx').on(table.renditions, table.id),
  ],
);

/**
 * Throttle counters (server/lib/throttle.ts, rules in rate-limits.ts): failed sign-ins,
 * sign-ups, messages, reports, photo uploads, counted per key in a fixed window. Kept in PostgreSQL so every app instance sees
 * the same counts. (The column is called failures for history; it counts attempts.)
 */
export const authThrottle = pgTable('auth_throttle', {
  key: varchar('key', { length: 400 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many windows in a row ended over the limit: each doubles the next (backoff rules). */
  strikes: integer('strikes').notNull().default(0),
});

/**
 * Stripe webhook events already applied (server/features/billing): Stripe delivers an event at
 * least once, so its id is kept and a repeat is acknowledged without applying it again.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every administrator action (decision 011): who, what, when and on what. The target has no
 * foreign key so the record outlives it (a deleted account, a deleted listing); its label is
 * copied at the time. The acting administrator's id is cleared if they are deleted, and their
 * e-mail stays; the command line records no id.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: varchar('actor_label', { length: LIMITS.email }).notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 20 }).notNull(),
    targetId: integer('target_id').notNull(),
    targetLabel: varchar('target_label', { length: 255 }),
    details: json('details'),
    createdAt: createdAt(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

export type UserRow = typeof users.$inferSelect;
/** An item as the app reads it: the search document stays in the database. */
export type ItemRow = Omit<typeof items.$inferSelect, 'searchVector'>;

/**
 * How a parent wants to be reached when away (common/schemas/reach.ts). No row means the
 * defaults: every kind on both channels, quiet hours 21:00–07:00 once the zone is known.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Kinds switched off, as 'message:push' or 'match:email'; an empty list is everything on.
  mutedChannels: text('muted_channels')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(true),
  quietStart: varchar('quiet_start', { length: 5 }).notNull().default('21:00'),
  quietEnd: varchar('quiet_end', { length: 5 }).notNull().default('07:00'),
  timeZone: varchar('time_zone', { length: 64 }),
  digest: boolean('digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A browser that receives a parent's pushes; removed when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 200 }).notNull(),
    createdAt: createdAt(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * News for a parent who may be away, written in the transaction that made it. The reach job
 * sends what is due as a push or an e-mail, one per group (a conversation, an item), holds it
 * through quiet hours or for the digest, and drops what was read meanwhile.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    // What one push or e-mail gathers: 'conversation:12', 'item:7:request', 'pickup:3:…'.
    groupKey: varchar('group_key', { length: 100 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body'),
    url: varchar('url', { length: 500 }).notNull(),
    createdAt: createdAt(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    // Set once handled: 'push', 'email', 'digest', or 'none' (read meanwhile, switched off).
    sentAt: timestamp('sent_at', { withTimezone: true }),
    channel: varchar('channel', { length: 10 }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    index('deliveries_due_idx')
      .on(table.dueAt)
      .where(sql`${table.sentAt} is null`),
    index('deliveries_user_group_idx').on(table.userId, table.groupKey),
  ],
);
