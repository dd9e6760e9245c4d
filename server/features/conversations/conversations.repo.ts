import { and, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../db/client.js';
import { conversations, items, messages, users, type ItemRow, type UserRow } from '../../db/schema.js';
import { blockedBetween } from '../blocks/blocks.rule.js';
import type { Executor } from '../../db/executor.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type Side = 'buyer' | 'seller';

const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);

/** The premium rule of common/premium.ts, in SQL, for ordering by it. */
function isPremiumSql(
  user: { isPremium: AnyPgColumn; subscriptionStatus: AnyPgColumn; subscriptionEndsAt: AnyPgColumn },
  now: Date,
): SQL<boolean> {
  return sql<boolean>`(${user.isPremium} or ${user.subscriptionStatus} = 'active' or coalesce(${user.subscriptionEndsAt} > ${now.toISOString()}::timestamptz, false))`;
}

/**
 * The conversations in a user's list: theirs, not deleted on their side, not between people
 * where one blocked the other. The seller only sees a conversation once it has a message; the
 * buyer sees it from the start, having opened it.
 */
function visibleTo(userId: number): SQL {
  return and(
    or(
      and(eq(conversations.buyerId, userId), isNull(conversations.buyerDeletedAt)),
      and(
        eq(conversations.sellerId, userId),
        isNull(conversations.sellerDeletedAt),
        sql`${conversations.lastMessageAt} is not null`,
      ),
    ),
    sql`not ${blockedBetween(conversations.buyerId, conversations.sellerId)}`,
  ) as SQL;
}

export async function findItemById(db: Executor, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.select(itemColumns).from(items).where(eq(items.id, id)).limit(1);
  return row;
}

export async function findUsersByIds(db: Executor, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The conversation, and whether one of its two participants has blocked the other. */
export async function findConversationWithBlock(
  db: Executor,
  id: number,
): Promise<{ conversation: ConversationRow; isBlocked: boolean; itemHidden: boolean } | undefined> {
  const [row] = await db
    .select({
      conversation: getTableColumns(conversations),
      isBlocked: blockedBetween(conversations.buyerId, conversations.sellerId).mapWith(Boolean),
      itemHidden: sql<boolean>`coalesce(${items.isHidden}, false)`.mapWith(Boolean),
    })
    .from(conversations)
    .leftJoin(items, eq(items.id, conversations.itemId))
    .where(eq(conversations.id, id))
    .limit(1);
  return row;
}

/**
 * Creates the conversation of an item and pair unless it exists. Concurrent calls race on the
 * unique index, and the loser finds the winner's row; `created` says which one this was.
 */
export async function insertOrFindConversation(
  db: Executor,
  values: { itemId: number; buyerId: number; sellerId: number; createdAt: Date },
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [inserted] = await db
    .insert(conversations)
    .values(values)
    .onConflictDoNothing({ target: [conversations.itemId, conversations.buyerId, conversations.sellerId] })
    .returning();
  if (inserted) return { conversation: inserted, created: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.itemId, values.itemId),
        eq(conversations.buyerId, values.buyerId),
        eq(conversations.sellerId, values.sellerId),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('conversation neither inserted nor found');
  return { conversation: existing, created: false };
}

/** Hides the conversation from one participant's list (a date), or brings it back (null). */
export async function setDeletedAt(
  db: Executor,
  id: number,
  side: Side,
  at: Date | null,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set(side === 'buyer' ? { buyerDeletedAt: at } : { sellerDeletedAt: at })
    .where(eq(conversations.id, id))
    .returning();
  return row;
}

export async function insertMessage(db: Executor, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('insert into messages returned no row');
  return row;
}

/**
 * After a new message: the conversation moves to its time (never backwards, should instances'
 * clocks differ) and reappears for whoever had deleted it.
 */
export async function touchConversation(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
      buyerDeletedAt: null,
      sellerDeletedAt: null,
    })
    .where(eq(conversations.id, id));
}

export async function incrementItemMessageCount(db: Executor, itemId: number): Promise<void> {
  await db
    .update(items)
    .set({ messageCount: sql`${items.messageCount} + 1` })
    .where(eq(items.id, itemId));
}

/** Messages sent to the user, unread, in the conversations their list shows (the bell's count). */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  // The user's visible conversations first, then their unread messages: joining first would
  // test the block rule once per message instead of once per conversation.
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        isNull(messages.readAt),
        ne(messages.senderId, userId),
        inArray(
          messages.conversationId,
          db.select({ id: conversations.id }).from(conversations).where(visibleTo(userId)),
        ),
      ),
    );
  return row?.count ?? 0;
}

/** What a conversation shows of its item. */
export type ConversationItemRow = Pick<ItemRow, 'id' | 'title' | 'exchangeType' | 'price'> & {
  imageUrl: string | null;
};

/** A timestamp as the text Date.prototype.toISOString gives (both truncate to milliseconds). */
function isoText(column: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A message as the list and the thread read it: timestamps already ISO 8601 text. */
export type MessageText = {
  id: number;
  senderId: number;
  content: string;
  createdAt: string;
  readAt: string | null;
};

/** A participant's public columns, with the premium rule already evaluated. */
export type PersonRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'profileImageUrl' | 'isVerified'> & {
  isPremium: boolean;
};

/** One entry of a user's list, as one query reads it. */
export type ConversationSummaryRow = {
  id: number;
  itemId: number | null;
  buyerId: number;
  sellerId: number;
  lastMessageAt: string | null;
  createdAt: string;
  other: PersonRow;
  item: ConversationItemRow | null;
  /** The latest messages asked for (at least the newest, for lastMessage), oldest first. */
  messages: MessageText[];
  messageCount: number;
  unreadCount: number;
};

/**
 * A user's list in one statement: conversations with a Premium other person first (priority
 * messaging, PRODUCT §1), then the most recent message first, those without messages after.
 * Each row carries the other person's public columns, the item, the thread's message and
 * unread counts (walks of `messages_conversation_idx` and the partial `messages_unread_idx`),
 * and its latest `perConversation` messages as one JSON array (a backwards walk of
 * `messages_conversation_idx` that stops), so nothing grows with a thread's history but the
 * counts, and nothing is read per conversation from the app.
 */
export async function listConversationSummariesOf(
  db: Executor,
  userId: number,
  now: Date,
  options: { itemId?: number | undefined; perConversation: number },
): Promise<ConversationSummaryRow[]> {
  const other = alias(users, 'other');
  const otherId = sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const conditions = [visibleTo(userId)];
  if (options.itemId !== undefined) conditions.push(eq(conversations.itemId, options.itemId));
  const isPremium = isPremiumSql(other, now);
  const result = await db.execute(sql`
    select ${conversations.id} as id, ${conversations.itemId} as "itemId",
      ${conversations.buyerId} as "buyerId", ${conversations.sellerId} as "sellerId",
      ${isoText(conversations.lastMessageAt)} as "lastMessageAt",
      ${isoText(conversations.createdAt)} as "createdAt",
      ${other.id} as "otherId", ${other.firstName} as "otherFirstName", ${other.lastName} as "otherLastName",
      ${other.profileImageUrl} as "otherImageUrl", ${other.isVerified} as "otherIsVerified",
      ${isPremium} as "otherIsPremium",
      ${items.id} as "foundItemId", ${items.title} as "itemTitle", ${items.exchangeType} as "itemExchangeType",
      ${items.price} as "itemPrice", ${items.imageUrls}[1] as "itemImageUrl",
      (select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id}) as "messageCount",
      (select count(*)::int from ${messages} m
        where m.conversation_id = ${conversations.id} and m.read_at is null and m.sender_id <> ${userId}
      ) as "unreadCount",
      (select json_agg(json_build_object(
          'id', m.id, 'senderId', m.sender_id, 'content', m.content,
          'createdAt', ${isoText(sql`m.created_at`)}, 'readAt', ${isoText(sql`m.read_at`)}
        ) order by m.created_at, m.id)
        from (
          select * from ${messages} m
          where m.conversation_id = ${conversations.id}
          order by m.created_at desc, m.id desc
          limit ${options.perConversation}
        ) m
      ) as messages
    from ${conversations}
    join ${users} as other on ${other.id} = ${otherId}
    left join ${items} on ${items.id} = ${conversations.itemId}
      and (not ${items.isHidden} or ${items.userId} = ${userId})
    where ${and(...conditions)}
    order by ${isPremium} desc, ${conversations.lastMessageAt} desc nulls last, ${conversations.id} desc`);
  type Row = Omit<ConversationSummaryRow, 'other' | 'item' | 'messages'> & {
    otherId: number;
    otherFirstName: string;
    otherLastName: string;
    otherImageUrl: string | null;
    otherIsVerified: boolean;
    otherIsPremium: boolean;
    foundItemId: number | null;
    itemTitle: string | null;
    itemExchangeType: string | null;
    itemPrice: string | null;
    itemImageUrl: string | null;
    messages: MessageText[] | null;
  };
  return rowsOf<Row>(result).map((row) => ({
    id: row.id,
    itemId: row.itemId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    lastMessageAt: row.lastMessageAt,
    createdAt: row.createdAt,
    other: {
      id: row.otherId,
      firstName: row.otherFirstName,
      lastName: row.otherLastName,
      profileImageUrl: row.otherImageUrl,
      isVerified: row.otherIsVerified,
      isPremium: row.otherIsPremium,
    },
    item:
      row.foundItemId !== null && row.itemTitle !== null && row.itemExchangeType !== null
        ? {
            id: row.foundItemId,
            title: row.itemTitle,
            exchangeType: row.itemExchangeType,
            price: row.itemPrice,
            imageUrl: row.itemImageUrl,
          }
        : null,
    messages: row.messages ?? [],
    messageCount: row.messageCount,
    unreadCount: row.unreadCount,
  }));
}

/** A conversation as its thread reads it; messages only when the reader takes part in it. */
export type ThreadRow = Omit<
  ConversationSummaryRow,
  'other' | 'messageCount' | 'unreadCount' | 'messages'
> & {
  buyer: PersonRow;
  seller: PersonRow;
  isBlocked: boolean;
  /** Whether the reader has received messages they have not read yet. */
  hasUnread: boolean;
  /** The whole thread, oldest first; null when the reader is neither buyer nor seller. */
  messages: MessageText[] | null;
};

/**
 * A conversation with both participants, its item, whether one blocked the other and (for a
 * participant) the whole thread as one JSON array, in one statement.
 */
export async function findThreadFor(
  db: Executor,
  id: number,
  readerId: number,
  now: Date,
): Promise<ThreadRow | undefined> {
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const isParticipant = sql`(${conversations.buyerId} = ${readerId} or ${conversations.sellerId} = ${readerId})`;
  const result = await db.execute(sql`
    select ${conversations.id} as id, ${conversations.itemId} as "itemId",
      ${conversations.buyerId} as "buyerId", ${conversations.sellerId} as "sellerId",
      ${isoText(conversations.lastMessageAt)} as "lastMessageAt",
      ${isoText(conversations.createdAt)} as "createdAt",
      ${blockedBetween(conversations.buyerId, conversations.sellerId)} as "isBlocked",
      json_build_object('id', ${buyer.id}, 'firstName', ${buyer.firstName}, 'lastName', ${buyer.lastName},
        'profileImageUrl', ${buyer.profileImageUrl}, 'isVerified', ${buyer.isVerified},
        'isPremium', ${isPremiumSql(buyer, now)}) as buyer,
      json_build_object('id', ${seller.id}, 'firstName', ${seller.firstName}, 'lastName', ${seller.lastName},
        'profileImageUrl', ${seller.profileImageUrl}, 'isVerified', ${seller.isVerified},
        'isPremium', ${isPremiumSql(seller, now)}) as seller,
      ${items.id} as "foundItemId", ${items.title} as "itemTitle", ${items.exchangeType} as "itemExchangeType",
      ${items.price} as "itemPrice", ${items.imageUrls}[1] as "itemImageUrl",
      ${isParticipant} and exists (select 1 from ${messages} m
        where m.conversation_id = ${conversations.id} and m.read_at is null and m.sender_id <> ${readerId}
      ) as "hasUnread",
      case when ${isParticipant} then coalesce((select json_agg(json_build_object(
          'id', m.id, 'senderId', m.sender_id, 'content', m.content,
          'createdAt', ${isoText(sql`m.created_at`)}, 'readAt', ${isoText(sql`m.read_at`)}
        ) order by m.created_at, m.id)
        from ${messages} m where m.conversation_id = ${conversations.id}), '[]'::json) end as messages
    from ${conversations}
    join ${users} as buyer on ${buyer.id} = ${conversations.buyerId}
    join ${users} as seller on ${seller.id} = ${conversations.sellerId}
    left join ${items} on ${items.id} = ${conversations.itemId}
      and (not ${items.isHidden} or ${items.userId} = ${readerId})
    where ${conversations.id} = ${id}`);
  type Row = Omit<ThreadRow, 'item'> & {
    foundItemId: number | null;
    itemTitle: string | null;
    itemExchangeType: string | null;
    itemPrice: string | null;
    itemImageUrl: string | null;
  };
  const [row] = rowsOf<Row>(result);
  if (!row) return undefined;
  const { foundItemId, itemTitle, itemExchangeType, itemPrice, itemImageUrl, ...thread } = row;
  return {
    ...thread,
    item:
      foundItemId !== null && itemTitle !== null && itemExchangeType !== null
        ? {
            id: foundItemId,
            title: itemTitle,
            exchangeType: itemExchangeType,
            price: itemPrice,
            imageUrl: itemImageUrl,
          }
        : null,
  };
}

/** Marks what the reader received in one conversation as read; returns the messages marked. */
export function markConversationRead(
  db: Executor,
  conversationId: number,
  readerId: number,
  at: Date,
): Promise<{ id: number; senderId: number }[]> {
  return db
    .update(messages)
    .set({ readAt: at })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        isNull(messages.readAt),
        ne(messages.senderId, readerId),
      ),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
}

/** Marks everything the reader has unread in their list as read; returns the messages marked. */
export function markAllReadFor(
  db: Executor,
  readerId: number,
  at: Date,
): Promise<{ conversationId: number; senderId: number }[]> {
  return db
    .update(messages)
    .set({ readAt: at })
    .where(
      and(
        isNull(messages.readAt),
        ne(messages.senderId, readerId),
        inArray(
          messages.conversationId,
          db.select({ id: conversations.id }).from(conversations).where(visibleTo(readerId)),
        ),
      ),
    )
    .returning({ conversationId: messages.conversationId, senderId: messages.senderId });
}
