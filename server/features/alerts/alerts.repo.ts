import { and, count, desc, eq, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../common/schemas/alerts.js';
import { items, notifications, savedSearches, users, wishlists, type ItemRow } from '../../db/schema.js';
import { WORD_SIMILARITY_THRESHOLD } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { blockedBetween } from '../blocks/blocks.rule.js';
import { prefixTsQueryOf } from '../items/text-query.js';

export type WantedPostRow = typeof wishlists.$inferSelect;
export type NewWantedPost = typeof wishlists.$inferInsert;
export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearch = typeof savedSearches.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;

// ---------------------------------------------------------------- Wanted posts

export function listWantedPostsOf(db: Executor, userId: number): Promise<WantedPostRow[]> {
  return db
    .select()
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id));
}

export async function countWantedPostsOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ count: count() }).from(wishlists).where(eq(wishlists.userId, userId));
  return row?.count ?? 0;
}

export async function findWantedPost(db: Executor, id: number): Promise<WantedPostRow | undefined> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.id, id)).limit(1);
  return row;
}

export async function insertWantedPost(db: Executor, values: NewWantedPost): Promise<WantedPostRow> {
  const [row] = await db.insert(wishlists).values(values).returning();
  if (!row) throw new Error('insert into wishlists returned no row');
  return row;
}

export async function updateWantedPost(
  db: Executor,
  id: number,
  changes: Partial<NewWantedPost>,
): Promise<WantedPostRow | undefined> {
  if (Object.keys(changes).length === 0) return findWantedPost(db, id);
  const [row] = await db.update(wishlists).set(changes).where(eq(wishlists.id, id)).returning();
  return row;
}

export async function deleteWantedPost(db: Executor, id: number): Promise<void> {
  await db.delete(wishlists).where(eq(wishlists.id, id));
}

// ---------------------------------------------------------------- Saved searches

export function listSavedSearchesOf(db: Executor, userId: number): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

export async function countSavedSearchesOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.count ?? 0;
}

export async function findSavedSearch(db: Executor, id: number): Promise<SavedSearchRow | undefined> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  return row;
}

export async function insertSavedSearch(db: Executor, values: NewSavedSearch): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  if (!row) throw new Error('insert into saved_searches returned no row');
  return row;
}

export async function updateSavedSearch(
  db: Executor,
  id: number,
  changes: Partial<NewSavedSearch>,
): Promise<SavedSearchRow | undefined> {
  if (Object.keys(changes).length === 0) return findSavedSearch(db, id);
  const [row] = await db.update(savedSearches).set(changes).where(eq(savedSearches.id, id)).returning();
  return row;
}

export async function deleteSavedSearch(db: Executor, id: number): Promise<void> {
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
}

/**
 * Takes the saved search's e-mail turn: sets lastNotified to now unless it was set within the
 * interval. The row lock makes concurrent runs agree on who sends; true when this one did.
 */
export async function claimSavedSearchEmail(
  db: Executor,
  searchId: number,
  now: Date,
  intervalMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(savedSearches)
    .set({ lastNotified: now })
    .where(
      and(
        eq(savedSearches.id, searchId),
        or(
          isNull(savedSearches.lastNotified),
          lte(savedSearches.lastNotified, new Date(now.getTime() - intervalMs)),
        ),
      ),
    )
    .returning({ id: savedSearches.id });
  return claimed.length > 0;
}

// ---------------------------------------------------------------- Matching new items

/** An item as alerts see it: with its grid position, the one searches use (never the exact point). */
export type ListedItem = Pick<
  ItemRow,
  | 'id'
  | 'userId'
  | 'title'
  | 'category'
  | 'exchangeType'
  | 'price'
  | 'city'
  | 'earlyAccessUntil'
  | 'hasPosition'
  | 'gridLatitude'
  | 'gridLongitude'
>;

/** The new item, if it still exists and anyone but its owner may see it (available, not hidden or held). */
export async function findListedItem(db: Executor, itemId: number): Promise<ListedItem | undefined> {
  const [row] = await db
    .select({
      id: items.id,
      userId: items.userId,
      title: items.title,
      category: items.category,
      exchangeType: items.exchangeType,
      price: items.price,
      city: items.city,
      earlyAccessUntil: items.earlyAccessUntil,
      hasPosition: items.hasPosition,
      gridLatitude: items.gridLatitude,
      gridLongitude: items.gridLongitude,
    })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.isAvailable, true), eq(items.isHidden, false)))
    .limit(1);
  return row;
}

/** Words that say "I am looking for" rather than what: "Looking for a balance bike" means "balance bike". */
const WANTED_FILLER_WORDS = [
  'looking',
  'wanted',
  'want',
  'wants',
  'need',
  'needed',
  'needs',
  'seeking',
  'wtb',
  'iso',
];

const ALERT_KINDS: NotificationKind[] = ['wanted-match', 'saved-search-match'];

/** One alert per parent and item: a second matching post or search, or a re-run, adds nothing. */
function notYetAlerted(watcherId: SQL): SQL {
  return sql`not exists (select 1 from ${notifications} n
    where n.user_id = ${watcherId} and n.item_id = ${items.id}
      and n.kind in (${sql.join(
        ALERT_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )}))`;
}

const watcherColumns = {
  id: users.id,
  emailNotifications: users.emailNotifications,
  isPremium: users.isPremium,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionEndsAt: users.subscriptionEndsAt,
  city: users.city,
  zipCode: users.zipCode,
  state: users.state,
  country: users.country,
};
export type Watcher = { [K in keyof typeof watcherColumns]: (typeof users.$inferSelect)[K] };

export type WantedMatch = { post: Pick<WantedPostRow, 'id' | 'title'>; watcher: Watcher };

/**
 * Active Wanted posts of other parents that the item answers: the post's title words (minus
 * "looking for" words) all appear, as prefixes, in the item's title, brand or description,
 * and the category and age range are equal where the post sets them.
 */
export function findWantedMatches(db: Executor, itemId: number): Promise<WantedMatch[]> {
  return db
    .select({ post: { id: wishlists.id, title: wishlists.title }, watcher: watcherColumns })
    .from(items)
    .innerJoin(wishlists, and(eq(wishlists.isActive, true), ne(wishlists.userId, items.userId)))
    .innerJoin(users, eq(users.id, wishlists.userId))
    .where(
      and(
        eq(items.id, itemId),
        sql`(${wishlists.category} is null or ${wishlists.category} = ${items.category})`,
        sql`(${wishlists.ageRange} is null or ${wishlists.ageRange} = ${items.ageRange})`,
        sql`${items.searchVector} @@ ${prefixTsQueryOf(sql`${wishlists.title}`, WANTED_FILLER_WORDS)}`,
        sql`not ${blockedBetween(wishlists.userId, items.userId)}`,
        notYetAlerted(sql`${wishlists.userId}`),
      ),
    )
    .orderBy(wishlists.id);
}

export type SavedSearchMatch = {
  search: Pick<SavedSearchRow, 'id' | 'name' | 'maxDistance'>;
  watcher: Watcher;
};

/** Free items cost nothing; swaps have no price, so a price range leaves them out. */
const effectivePrice = sql`(case ${items.exchangeType} when 'sell' then ${items.price} when 'free' then 0 end)`;

/**
 * Active saved searches of other parents that would find the item, distance aside (the
 * caller measures it from the owner's town): the term as in search (prefix words, or a close
 * spelling of the title or brand), equal category, condition and exchange type where set,
 * and the price inside the range.
 */
export function findSavedSearchMatches(db: Executor, itemId: number): Promise<SavedSearchMatch[]> {
  const term = sql`${savedSearches.searchTerm}`;
  return db
    .select({
      search: { id: savedSearches.id, name: savedSearches.name, maxDistance: savedSearches.maxDistance },
      watcher: watcherColumns,
    })
    .from(items)
    .innerJoin(savedSearches, and(eq(savedSearches.isActive, true), ne(savedSearches.userId, items.userId)))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        eq(items.id, itemId),
        sql`(${savedSearches.category} is null or ${savedSearches.category} = ${items.category})`,
        sql`(${savedSearches.condition} is null or ${savedSearches.condition} = ${items.condition})`,
        sql`(${savedSearches.exchangeType} is null or ${savedSearches.exchangeType} = ${items.exchangeType})`,
        sql`(${savedSearches.minPrice} is null or ${effectivePrice} >= ${savedSearches.minPrice})`,
        sql`(${savedSearches.maxPrice} is null or ${effectivePrice} <= ${savedSearches.maxPrice})`,
        sql`(${term} is null
          or ${items.searchVector} @@ ${prefixTsQueryOf(term)}
          or word_similarity(${term}, ${items.title}) >= ${WORD_SIMILARITY_THRESHOLD}::float4
          or word_similarity(${term}, coalesce(${items.brand}, '')) >= ${WORD_SIMILARITY_THRESHOLD}::float4)`,
        sql`not ${blockedBetween(savedSearches.userId, items.userId)}`,
        notYetAlerted(sql`${savedSearches.userId}`),
      ),
    )
    .orderBy(savedSearches.id);
}

// ---------------------------------------------------------------- Notifications

export async function insertNotification(
  db: Executor,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  if (!row) throw new Error('insert into notifications returned no row');
  return row;
}

export function listNotificationsOf(db: Executor, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotificationsOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

export async function markAllNotificationsRead(db: Executor, userId: number, now: Date): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}

/** Marks one of the user's notifications read (keeping the first read time); undefined if it isn't theirs. */
export async function markNotificationRead(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Where an alert e-mail goes, read when sending so a changed address or setting is respected. */
export async function findMailRecipient(
  db: Executor,
  userId: number,
): Promise<{ email: string; emailNotifications: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, emailNotifications: users.emailNotifications })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
