import { PREMIUM_REQUIRED } from '../../../common/api-error.js';
import { hasPremium } from '../../../common/premium.js';
import {
  ALERT_LIMITS,
  DISTANCE_NEEDS_HOME,
  hasSearchCriterion,
  isPriceRangeReversed,
  NOTIFICATION_PAGE_SIZE,
  PRICE_RANGE_REVERSED,
  SAVED_SEARCH_NEEDS_CRITERION,
  type CreateSavedSearchInput,
  type CreateWantedPostInput,
  type UpdateSavedSearchInput,
  type UpdateWantedPostInput,
} from '../../../common/schemas/alerts.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Gazetteer } from '../../lib/gazetteer.js';
import {
  countSavedSearchesOf,
  countUnreadNotificationsOf,
  countWantedPostsOf,
  deleteSavedSearch as deleteSavedSearchRow,
  deleteWantedPost as deleteWantedPostRow,
  findSavedSearch,
  findWantedPost,
  insertSavedSearch,
  insertWantedPost,
  listNotificationsOf,
  listSavedSearchesOf,
  listWantedPostsOf,
  markAllNotificationsRead,
  markNotificationRead,
  updateSavedSearch as updateSavedSearchRow,
  updateWantedPost as updateWantedPostRow,
  type NotificationRow,
  type SavedSearchRow,
  type WantedPostRow,
} from './alerts.repo.js';

/** A bell notice written inside another feature's transaction (a promise, a handover). */
export { insertNotification } from './alerts.repo.js';

export type AlertsContext = { db: Database; clock: Clock; gazetteer: Gazetteer };

/** Keeps the keys that were given: in a PATCH, absent means "leave as it is", null means "clear". */
function givenOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------- Wanted posts

/** The parent's own Wanted posts, newest first. */
export function listWantedPosts(ctx: AlertsContext, user: UserRow): Promise<WantedPostRow[]> {
  return listWantedPostsOf(ctx.db, user.id);
}

/** Adds a Wanted post for any signed-in parent; 400 past ALERT_LIMITS.wantedPosts. */
export async function createWantedPost(
  ctx: AlertsContext,
  user: UserRow,
  input: CreateWantedPostInput,
): Promise<WantedPostRow> {
  if ((await countWantedPostsOf(ctx.db, user.id)) >= ALERT_LIMITS.wantedPosts) {
    throw badRequest(`You can have up to ${ALERT_LIMITS.wantedPosts} Wanted posts`);
  }
  return insertWantedPost(ctx.db, { ...input, userId: user.id, createdAt: ctx.clock.now() });
}

async function ownWantedPost(ctx: AlertsContext, user: UserRow, id: number): Promise<WantedPostRow> {
  const post = await findWantedPost(ctx.db, id);
  if (!post) throw notFound('Wanted post');
  if (post.userId !== user.id) throw forbidden('Only the owner can change this Wanted post');
  return post;
}

/** Changes the given fields of the parent's own post: 404 when missing, 403 for someone else's. */
export async function updateWantedPost(
  ctx: AlertsContext,
  user: UserRow,
  id: number,
  input: UpdateWantedPostInput,
): Promise<WantedPostRow> {
  await ownWantedPost(ctx, user, id);
  const updated = await updateWantedPostRow(ctx.db, id, givenOnly(input));
  if (!updated) throw notFound('Wanted post');
  return updated;
}

/** Deletes the parent's own post: 404 when missing, 403 for someone else's. */
export async function deleteWantedPost(ctx: AlertsContext, user: UserRow, id: number): Promise<void> {
  await ownWantedPost(ctx, user, id);
  await deleteWantedPostRow(ctx.db, id);
}

// ---------------------------------------------------------------- Saved searches

/** The parent's own saved searches, newest first; also after their Premium ended. */
export function listSavedSearches(ctx: AlertsContext, user: UserRow): Promise<SavedSearchRow[]> {
  return listSavedSearchesOf(ctx.db, user.id);
}

/** A distance is measured from the owner's profile town, so it needs one the gazetteer knows. */
function assertDistanceCentre(ctx: AlertsContext, user: UserRow, maxDistance: number | null | undefined) {
  if (maxDistance != null && !ctx.gazetteer.locate(user)) {
    throw badRequest(DISTANCE_NEEDS_HOME, [{ path: 'maxDistance', message: DISTANCE_NEEDS_HOME }]);
  }
}

/**
 * Saves a search (PRODUCT §1: Premium). Throws 403 'Premium subscription required' for free
 * accounts, 400 past ALERT_LIMITS.savedSearches or for a distance without a profile town.
 */
export async function createSavedSearch(
  ctx: AlertsContext,
  user: UserRow,
  input: CreateSavedSearchInput,
): Promise<SavedSearchRow> {
  if (!hasPremium(user, ctx.clock.now())) throw forbidden(PREMIUM_REQUIRED);
  if ((await countSavedSearchesOf(ctx.db, user.id)) >= ALERT_LIMITS.savedSearches) {
    throw badRequest(`You can have up to ${ALERT_LIMITS.savedSearches} saved searches`);
  }
  assertDistanceCentre(ctx, user, input.maxDistance);
  return insertSavedSearch(ctx.db, { ...input, userId: user.id, createdAt: ctx.clock.now() });
}

async function ownSavedSearch(ctx: AlertsContext, user: UserRow, id: number): Promise<SavedSearchRow> {
  const search = await findSavedSearch(ctx.db, id);
  if (!search) throw notFound('Saved search');
  if (search.userId !== user.id) throw forbidden('Only the owner can change this saved search');
  return search;
}

/**
 * Changes the given fields of the parent's own saved search (Premium: 403 otherwise). The
 * result must still have a criterion and an ordered price range (400).
 */
export async function updateSavedSearch(
  ctx: AlertsContext,
  user: UserRow,
  id: number,
  input: UpdateSavedSearchInput,
): Promise<SavedSearchRow> {
  const current = await ownSavedSearch(ctx, user, id);
  if (!hasPremium(user, ctx.clock.now())) throw forbidden(PREMIUM_REQUIRED);
  const changes = givenOnly(input);
  const result = { ...current, ...changes };
  if (!hasSearchCriterion(result)) {
    throw badRequest(SAVED_SEARCH_NEEDS_CRITERION, [
      { path: 'searchTerm', message: SAVED_SEARCH_NEEDS_CRITERION },
    ]);
  }
  if (isPriceRangeReversed(result)) {
    throw badRequest(PRICE_RANGE_REVERSED, [{ path: 'minPrice', message: PRICE_RANGE_REVERSED }]);
  }
  if (changes.maxDistance !== undefined) assertDistanceCentre(ctx, user, changes.maxDistance);
  const updated = await updateSavedSearchRow(ctx.db, id, changes);
  if (!updated) throw notFound('Saved search');
  return updated;
}

/** Deletes the parent's own saved search; allowed after Premium ended, so nothing is stuck. */
export async function deleteSavedSearch(ctx: AlertsContext, user: UserRow, id: number): Promise<void> {
  await ownSavedSearch(ctx, user, id);
  await deleteSavedSearchRow(ctx.db, id);
}

// ---------------------------------------------------------------- Notifications

/** The newest 50 notifications and how many of all the parent's notifications are unread. */
export async function listNotifications(
  ctx: AlertsContext,
  user: UserRow,
): Promise<{ notifications: NotificationRow[]; unreadCount: number }> {
  const [notifications, unreadCount] = await Promise.all([
    listNotificationsOf(ctx.db, user.id, NOTIFICATION_PAGE_SIZE),
    countUnreadNotificationsOf(ctx.db, user.id),
  ]);
  return { notifications, unreadCount };
}

/** Marks every unread notification of the parent read; returns how many were unread. */
export function markAllRead(ctx: AlertsContext, user: UserRow): Promise<number> {
  return markAllNotificationsRead(ctx.db, user.id, ctx.clock.now());
}

/** Marks one of the parent's notifications read; 404 when it is missing or someone else's. */
export async function markRead(ctx: AlertsContext, user: UserRow, id: number): Promise<NotificationRow> {
  const row = await markNotificationRead(ctx.db, user.id, id, ctx.clock.now());
  if (!row) throw notFound('Notification');
  return row;
}
