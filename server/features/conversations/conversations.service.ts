import { hasPremium } from '../../../common/premium.js';
import {
  CANNOT_MESSAGE_USER,
  LISTING_UNDER_REVIEW,
  CANNOT_MESSAGE_YOURSELF,
  LIST_MESSAGES_CAP,
  NOT_A_PARTICIPANT,
  type ListConversationsQuery,
  type SendMessageInput,
  type StartConversationInput,
} from '../../../common/schemas/conversations.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { EventBus } from '../../lib/event-bus.js';
import { isBlockedBetween } from '../blocks/blocks.service.js';
import { canView } from '../items/items.service.js';
import {
  countUnread,
  findConversationWithBlock,
  findThreadFor,
  findItemById,
  findUsersByIds,
  incrementItemMessageCount,
  insertMessage,
  insertOrFindConversation,
  listConversationsJson,
  markAllReadFor,
  markConversationRead,
  setDeletedAt,
  touchConversation,
  type ConversationRow,
  type MessageRow,
  type MessageText,
  type ThreadRow,
  type Side,
} from './conversations.repo.js';
import { enqueueNews } from '../reach/reach.service.js';
import type { Executor } from '../../db/executor.js';

export type MessagingContext = { db: Database; events: EventBus; clock: Clock };

export type ConversationThread = Omit<ThreadRow, 'hasUnread' | 'messages'> & { messages: MessageText[] };

function sideOf(conversation: ConversationRow, userId: number): Side | null {
  if (conversation.buyerId === userId) return 'buyer';
  if (conversation.sellerId === userId) return 'seller';
  return null;
}

function otherParticipantId(conversation: ConversationRow, userId: number): number {
  return conversation.buyerId === userId ? conversation.sellerId : conversation.buyerId;
}

/**
 * Only the two participants may read or write a conversation: 404 when missing, 403 for others.
 * Also says whether one of the two has blocked the other.
 */
async function participantConversation(
  db: Database,
  actor: UserRow,
  id: number,
): Promise<{ conversation: ConversationRow; side: Side; isBlocked: boolean; itemHidden: boolean }> {
  const found = await findConversationWithBlock(db, id);
  if (!found) throw notFound('Conversation');
  const side = sideOf(found.conversation, actor.id);
  if (!side) throw forbidden(NOT_A_PARTICIPANT);
  return { ...found, side };
}

/** Sends a user their unread total (the bell), from inside the transaction that changed it. */
async function publishUnread(ctx: MessagingContext, tx: Executor, userId: number): Promise<void> {
  await ctx.events.publish(tx, userId, { type: 'unread', count: await countUnread(tx, userId) });
}

/**
 * Opens (or reuses) the caller's conversation with an item's owner about that item; the caller
 * is the buyer. Reusing it also brings it back to the caller's list if they had deleted it.
 * Throws 404 'Item not found' when the item is missing or hidden from the caller, 400 when
 * sellerId is not the owner or the caller owns the item, 403 when either has blocked the other.
 */
export async function startConversation(
  ctx: MessagingContext,
  actor: UserRow,
  input: StartConversationInput,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const now = ctx.clock.now();
  const item = await findItemById(ctx.db, input.itemId);
  if (!item || !canView(actor, item, now)) throw notFound('Item');
  if (item.userId === actor.id || input.sellerId === actor.id) {
    throw badRequest(CANNOT_MESSAGE_YOURSELF, [{ path: 'sellerId', message: CANNOT_MESSAGE_YOURSELF }]);
  }
  if (item.userId !== input.sellerId) {
    const message = 'sellerId must be the owner of the item';
    throw badRequest(message, [{ path: 'sellerId', message }]);
  }
  if (await isBlockedBetween(ctx.db, actor.id, item.userId)) throw forbidden(CANNOT_MESSAGE_USER);

  const found = await insertOrFindConversation(ctx.db, {
    itemId: item.id,
    buyerId: actor.id,
    sellerId: item.userId,
    createdAt: now,
  });
  if (found.created || !found.conversation.buyerDeletedAt) return found;
  const restored = await setDeletedAt(ctx.db, found.conversation.id, 'buyer', null);
  return { conversation: restored ?? found.conversation, created: false };
}

/**
 * The caller's conversations as the answer's JSON text: Premium people first, then by the latest
 * message, each with its latest LIST_MESSAGES_CAP messages (PRODUCT §7 "with messages"), or as
 * many as messageLimit asks. Hides those the caller deleted (until a new message arrives) and
 * those with someone blocked either way. One statement whatever the number of conversations.
 */
export function listConversationsAsJson(
  ctx: MessagingContext,
  viewer: UserRow,
  query: ListConversationsQuery,
): Promise<string> {
  const now = ctx.clock.now();
  return listConversationsJson(
    ctx.db,
    {
      id: viewer.id,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      isPremium: hasPremium(viewer, now),
    },
    now,
    { itemId: query.itemId, messageLimit: query.messageLimit ?? LIST_MESSAGES_CAP },
  );
}

/**
 * Opens a conversation for one of its participants (403 for anyone else, 404 when missing) and
 * marks what they received as read: their pages get the new unread total, and a Premium
 * sender gets a read receipt, all once the change is committed. One statement reads the
 * thread; a transaction follows only when there is something to mark.
 */
export async function openConversation(
  ctx: MessagingContext,
  viewer: UserRow,
  id: number,
): Promise<ConversationThread> {
  const now = ctx.clock.now();
  const found = await findThreadFor(ctx.db, id, viewer.id, now);
  if (!found) throw notFound('Conversation');
  const { messages, hasUnread, ...thread } = found;
  if (messages === null) throw forbidden(NOT_A_PARTICIPANT);
  if (!hasUnread) return { ...thread, messages };

  const other = thread.buyerId === viewer.id ? thread.seller : thread.buyer;
  const marked = await ctx.db.transaction(async (tx) => {
    const rows = await markConversationRead(tx, thread.id, viewer.id, now);
    if (rows.length === 0) return rows;
    await publishUnread(ctx, tx, viewer.id);
    // Read receipts are Premium's (PRODUCT §1), and nothing reaches someone on the other side of a block.
    if (other.isPremium && !thread.isBlocked) {
      await ctx.events.publish(tx, other.id, {
        type: 'read',
        conversationId: thread.id,
        readAt: now.toISOString(),
      });
    }
    return rows;
  });
  // The thread was read before the marking: what was just marked now reads as read.
  const readNow = new Set(marked.map((row) => row.id));
  const readAt = now.toISOString();
  return {
    ...thread,
    messages: messages.map((message) => (readNow.has(message.id) ? { ...message, readAt } : message)),
  };
}

/**
 * Posts a message from one participant to the other (403 for anyone else, and 403 'You cannot
 * message this user' when either blocked the other). In one transaction: the message (priority
 * when the sender is Premium), the conversation's lastMessageAt, the item's messageCount, the
 * conversation back in both lists, and the recipient's live 'message' and 'unread' events,
 * delivered on commit.
 */
export async function sendMessage(
  ctx: MessagingContext,
  sender: UserRow,
  conversationId: number,
  input: SendMessageInput,
): Promise<MessageRow> {
  const { conversation, isBlocked, itemHidden } = await participantConversation(
    ctx.db,
    sender,
    conversationId,
  );
  if (isBlocked) throw forbidden(CANNOT_MESSAGE_USER);
  // A listing moderation hid takes no new messages from other families until it is approved.
  if (itemHidden && conversation.sellerId !== sender.id) throw forbidden(LISTING_UNDER_REVIEW);
  const recipientId = otherParticipantId(conversation, sender.id);
  const now = ctx.clock.now();

  return ctx.db.transaction(async (tx) => {
    const message = await insertMessage(tx, {
      conversationId: conversation.id,
      senderId: sender.id,
      content: input.content,
      isPriority: hasPremium(sender, now),
      createdAt: now,
    });
    await touchConversation(tx, conversation.id, now);
    if (conversation.itemId !== null) await incrementItemMessageCount(tx, conversation.itemId);
    await ctx.events.publish(tx, recipientId, {
      type: 'message',
      conversationId: conversation.id,
      messageId: message.id,
      senderId: sender.id,
    });
    await publishUnread(ctx, tx, recipientId);
    // Sent only if it is still unread in a minute (push) or a few (e-mail): reach.service.ts.
    await enqueueNews(
      tx,
      {
        userId: recipientId,
        kind: 'message',
        groupKey: `conversation:${conversation.id}`,
        title: `${sender.firstName} sent you a message`,
        body: input.content,
        url: `/messages?conversation=${conversation.id}`,
      },
      now,
    );
    return message;
  });
}

/**
 * Marks every unread message in the caller's list as read. Premium senders get read receipts,
 * the caller's pages an unread total of 0. Returns how many messages were marked.
 */
export async function markAllRead(ctx: MessagingContext, reader: UserRow): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const marked = await markAllReadFor(tx, reader.id, now);
    if (marked.length === 0) return 0;
    const receipts = new Map(marked.map((row) => [`${row.conversationId}:${row.senderId}`, row]));
    const senders = await findUsersByIds(tx, [...new Set(marked.map((row) => row.senderId))]);
    for (const { conversationId, senderId } of receipts.values()) {
      if (!hasPremium(senders.get(senderId), now)) continue;
      await ctx.events.publish(tx, senderId, { type: 'read', conversationId, readAt: now.toISOString() });
    }
    await publishUnread(ctx, tx, reader.id);
    return marked.length;
  });
}

/**
 * Removes a conversation from the caller's list only; the other participant keeps theirs, and
 * a new message brings it back. 404 when missing, 403 for non-participants.
 */
export async function deleteConversation(ctx: MessagingContext, actor: UserRow, id: number): Promise<void> {
  const { conversation, side } = await participantConversation(ctx.db, actor, id);
  await ctx.db.transaction(async (tx) => {
    await setDeletedAt(tx, conversation.id, side, ctx.clock.now());
    await ctx.events.publish(tx, actor.id, { type: 'conversation-deleted', conversationId: conversation.id });
    // Its unread messages stop counting in the bell.
    await publishUnread(ctx, tx, actor.id);
  });
}

/** The bell's count: unread messages sent to the user in the conversations of their list. */
export function unreadCount(db: Database, userId: number): Promise<number> {
  return countUnread(db, userId);
}
