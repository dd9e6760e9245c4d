import { sql } from 'drizzle-orm';
import {
  boolean,
  decimal,
  index,
  integer,
  json,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '../../common/limits.js';

/**
 * One Drizzle schema for every entity of SPEC §3. Lengths, defaults and precisions are
 * SPEC's; deleting a user cascades to everything that is theirs (SPEC §6).
 */
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
    isPremium: boolean('is_premium').notNull().default(false),
    premiumBadge: boolean('premium_badge').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    referralCode: varchar('referral_code', { length: LIMITS.referralCode }).unique(),
    referredBy: varchar('referred_by', { length: LIMITS.referralCode }),
    freeMonthsEarned: integer('free_months_earned').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // E-mail is unique whatever its case (issue 2); the API also stores it lower-cased.
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('items_user_idx').on(table.userId, table.createdAt.desc().nullsFirst())],
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
  },
  (table) => [
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
  (table) => [index('messages_conversation_idx').on(table.conversationId, table.createdAt)],
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
  },
  (table) => [
    index('exchanges_item_idx').on(table.itemId),
    index('exchanges_buyer_idx').on(table.buyerId),
    index('exchanges_seller_idx').on(table.sellerId),
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
  },
  (table) => [
    index('user_reports_reporter_idx').on(table.reporterId),
    index('user_reports_reported_idx').on(table.reportedUserId),
    index('user_reports_created_idx').on(table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Failed sign-in and registration attempts, counted per key (account and address) in a
 * fixed window. Kept in PostgreSQL so every app instance sees the same counts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: varchar('key', { length: 400 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
