import { and, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../../db/client.js';
import { preparedPerDatabase, prepareSql } from '../../db/prepared.js';
import { conversations, items, messages, users, type ItemRow, type UserRow } from '../../db/schema.js';
import { isPremiumSql } from '../billing/premium.rule.js';
import { blockedBetween } from '../blocks/blocks.rule.js';
import type { Executor } from '../../db/executor.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type Side = 'buyer' | 'seller';

const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);

/**
 * The conversations in a user's list: theirs, not deleted on their side, not between people
 * where one blocked the other. The seller only sees a conversation once it has a message; the
 * buyer sees it from the start, having opened it.
 */
function visibleTo(userId: number | SQL): SQL {
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

/** The reader of a list: whose messages are theirs, their name on them, and their Premium. */
export type ListReader = { id: number; firstName: string; lastName: string; isPremium: boolean };

/** The list's statement in one of its four forms (with messages or not, for one item or all). */
function listStatement(form: { withMessages: boolean; byItem: boolean }): SQL {
  const readerId = sql`${sql.placeholder('readerId')}::int`;
  const messageLimit = sql`${sql.placeholder('messageLimit')}::int`;
  const other = alias(users, 'other');
  const otherId = sql`case when ${conversations.buyerId} = ${readerId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const conditions = [visibleTo(readerId)];
  if (form.byItem) conditions.push(sql`${conversations.itemId} = ${sql.placeholder('itemId')}::int`);
  const isPremium = isPremiumSql(other, sql`${sql.placeholder('now')}`);
  // Column aliases name the JSON keys: row_to_json writes them compactly, in this order.
  const recentMessages = form.withMessages
    ? sql`(select coalesce(json_agg(shown.message order by shown.created_at, shown.id), '[]'::json)
        from (
          select m.created_at, m.id, (select row_to_json(message) from (select
            m.id, ${conversations.id} as "conversationId", m.sender_id as "senderId", m.content,
            ${isoText(sql`m.created_at`)} as "createdAt",
            case when m.sender_id <> ${readerId} or ${sql.placeholder('readerIsPremium')}::boolean
              then ${isoText(sql`m.read_at`)} end as "readAt",
            case when m.sender_id = ${readerId} then ${sql.placeholder('readerName')}::json
              else other_name.name end as sender
          ) message) as message
          from ${messages} m
          where m.conversation_id = ${conversations.id}
          order by m.created_at desc, m.id desc
          limit ${messageLimit}
        ) shown)`
    : sql`'[]'::json`;
  return sql`
    select coalesce(json_agg(entry.summary order by entry.premium desc, entry.latest desc nulls last, entry.id desc), '[]'::json)::text as list
    from (
      select ${conversations.id} as id, ${conversations.lastMessageAt} as latest, ${isPremium} as premium,
        (select row_to_json(summary) from (select
          ${conversations.id} as id, ${conversations.itemId} as "itemId",
          ${conversations.buyerId} as "buyerId", ${conversations.sellerId} as "sellerId",
          ${isoText(conversations.lastMessageAt)} as "lastMessageAt",
          ${isoText(conversations.createdAt)} as "createdAt",
          (select row_to_json(person) from (select ${other.id} as id, ${other.firstName} as "firstName",
            ${other.lastName} as "lastName", ${other.profileImageUrl} as "profileImageUrl",
            ${isPremium} as "isPremium", ${other.isVerified} as "isVerified") person) as "otherUser",
          case when ${items.id} is not null then (select row_to_json(item) from (select ${items.id} as id,
            ${items.title} as title, ${items.exchangeType} as "exchangeType",
            case when ${items.exchangeType} = 'sell' then ${items.price}::text end as price,
            ${items.imageUrls}[1] as "imageUrl") item) end as item,
          (select row_to_json(newest) from (select m.id, m.content, m.sender_id as "senderId",
              ${isoText(sql`m.created_at`)} as "createdAt"
            from ${messages} m where m.conversation_id = ${conversations.id}
            order by m.created_at desc, m.id desc limit 1) newest) as "lastMessage",
          ${recentMessages} as messages,
          counted.total > ${messageLimit} as "hasOlderMessages",
          counted.total as "messageCount",
          counted.unread as "unreadCount"
        ) summary) as summary
      from ${conversations}
      join ${users} as other on ${other.id} = ${otherId}
      left join ${items} on ${items.id} = ${conversations.itemId}
        and (not ${items.isHidden} or ${items.userId} = ${readerId})
      cross join lateral (select row_to_json(named) as name
        from (select ${other.firstName} as "firstName", ${other.lastName} as "lastName") named) other_name
      cross join lateral (select
        (select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id}) as total,
        (select count(*)::int from ${messages} m
          where m.conversation_id = ${conversations.id} and m.read_at is null and m.sender_id <> ${readerId}) as unread
      ) counted
      where ${and(...conditions)}
    ) entry`;
}

/**
 * The four forms, prepared once per database handle: building and planning this statement anew
 * took the app longer than reading its answer (docs/PERFORMANCE.md), and its generic plan (the
 * item of each conversation by its key) is the plan a list of any length wants.
 */
const listStatements = preparedPerDatabase((db) => {
  const prepare = (withMessages: boolean, byItem: boolean) =>
    prepareSql<{ list: string }>(
      db,
      `conversations_list${withMessages ? '' : '_bare'}${byItem ? '_by_item' : ''}`,
      listStatement({ withMessages, byItem }),
    );
  return {
    withMessages: { all: prepare(true, false), byItem: prepare(true, true) },
    bare: { all: prepare(false, false), byItem: prepare(false, true) },
  };
});

/**
 * A user's list (GET /api/conversations) as the answer's JSON text, built by one statement:
 * conversations with a Premium other person first (priority messaging, PRODUCT §1), then the most
 * recent message first, those without messages after. Each entry carries the other person's
 * public columns, the item, the thread's message and unread counts (walks of
 * `messages_conversation_idx` and the partial `messages_unread_idx`), its newest message and its
 * latest `messageLimit` messages (a backwards walk of `messages_conversation_idx` that stops), so
 * nothing grows with a thread's history but the counts and nothing is read per conversation.
 *
 * The entries leave PostgreSQL as the answer's text: a long list carries tens of thousands of
 * messages, and building them as objects to write them out again cost the app more than the
 * statement itself (docs/PERFORMANCE.md). So the list's two reading rules are written here in SQL
 * as well as in conversations.present.ts for the thread: a price only for items for sale, and
 * readAt on the reader's own messages only for a Premium reader. conversations.test.ts checks
 * that the list's messages equal the thread's.
 */
export async function listConversationsJson(
  db: Database,
  reader: ListReader,
  now: Date,
  options: { itemId?: number | undefined; messageLimit: number },
): Promise<string> {
  const forms = listStatements(db)[options.messageLimit > 0 ? 'withMessages' : 'bare'];
  const statement = options.itemId === undefined ? forms.all : forms.byItem;
  const [row] = await statement.execute({
    readerId: reader.id,
    readerName: JSON.stringify({ firstName: reader.firstName, lastName: reader.lastName }),
    readerIsPremium: reader.isPremium,
    now: now.toISOString(),
    messageLimit: options.messageLimit,
    itemId: options.itemId,
  });
  return row?.list ?? '[]';
}

/** A conversation as its thread reads it; messages only when the reader takes part in it. */
export type ThreadRow = {
  id: number;
  itemId: number | null;
  buyerId: number;
  sellerId: number;
  /** Timestamps as ISO 8601 text. */
  lastMessageAt: string | null;
  createdAt: string;
  item: ConversationItemRow | null;
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
