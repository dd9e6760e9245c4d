import { hasPremium } from '../../../common/premium.js';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  conversations,
  exchanges,
  favorites,
  itemRequests,
  items,
  messages,
  notifications,
  reviews,
  savedSearches,
  userBlocks,
  userReports,
  type UserRow,
} from '../../db/schema.js';
import { listItemsOfUser } from '../items/items.service.js';
import { presentCurrentUser } from '../users/users.present.js';
import { reliabilityOfOne } from '../giveaway/giveaway.service.js';

/** Dates as ISO text, the database-only search columns left out. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'searchVector') continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * Everything the account holds (decision 008), as one document: the profile, listings with their
 * photo links, conversations with every message, favourites, alerts and notices, exchanges,
 * reviews given and received, reports filed and blocks. Other parents appear by id only.
 */
export async function exportAccount(db: Database, user: UserRow, now: Date) {
  const ownItems = await listItemsOfUser(db, user.id, true);
  const threads = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)))
    .orderBy(asc(conversations.id));
  const threadMessages =
    threads.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(
            inArray(
              messages.conversationId,
              threads.map((thread) => thread.id),
            ),
          )
          .orderBy(asc(messages.createdAt), asc(messages.id));
  const saved = await db
    .select({ favorite: favorites, itemTitle: items.title })
    .from(favorites)
    .innerJoin(items, eq(items.id, favorites.itemId))
    .where(eq(favorites.userId, user.id));
  const [alerts, notices, trades, asked, given, received, reports, blocks] = await Promise.all([
    db.select().from(savedSearches).where(eq(savedSearches.userId, user.id)),
    db.select().from(notifications).where(eq(notifications.userId, user.id)),
    db
      .select()
      .from(exchanges)
      .where(or(eq(exchanges.buyerId, user.id), eq(exchanges.sellerId, user.id))),
    db.select().from(itemRequests).where(eq(itemRequests.requesterId, user.id)),
    db.select().from(reviews).where(eq(reviews.reviewerId, user.id)),
    db.select().from(reviews).where(eq(reviews.reviewedUserId, user.id)),
    db.select().from(userReports).where(eq(userReports.reporterId, user.id)),
    db.select().from(userBlocks).where(eq(userBlocks.blockerId, user.id)),
  ]);
  // When the other family read one's message is a read receipt, a Premium feature (PRODUCT §1),
  // in the export as in the app; when one read theirs is one's own.
  const receipts = hasPremium(user, now);
  const exported = (message: (typeof threadMessages)[number]) =>
    plain(message.senderId === user.id && !receipts ? { ...message, readAt: null } : message);
  return {
    exportedAt: now.toISOString(),
    profile: presentCurrentUser(user, await reliabilityOfOne(db, user.id)),
    items: ownItems.map(plain),
    conversations: threads.map((thread) => ({
      ...plain(thread),
      messages: threadMessages.filter((message) => message.conversationId === thread.id).map(exported),
    })),
    favorites: saved.map(({ favorite, itemTitle }) => ({ ...plain(favorite), itemTitle })),
    savedSearches: alerts.map(plain),
    notifications: notices.map(plain),
    exchanges: trades.map(plain),
    itemRequests: asked.map(plain),
    reviewsGiven: given.map(plain),
    reviewsReceived: received.map(plain),
    reportsFiled: reports.map(({ reviewedBy: _reviewedBy, ...report }) => plain(report)),
    blockedUsers: blocks.map(plain),
  };
}
