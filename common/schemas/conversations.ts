import { z } from 'zod';
import { entityId, NOT_BLANK, text } from './primitives.js';
import { exchangeTypes } from '../enums.js';
import { LIMITS } from '../limits.js';

export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message must be at most ${LIMITS.messageContent} characters`;
export const CANNOT_MESSAGE_YOURSELF = 'You cannot message yourself';
export const CANNOT_MESSAGE_USER = 'You cannot message this user';
/** A listing moderation hid: its conversation is paused for the other family. */
export const LISTING_UNDER_REVIEW = 'This listing is being reviewed; messages about it are paused';
export const NOT_A_PARTICIPANT = 'You are not part of this conversation';

const positiveId = (field: string) => entityId(`${field} must be a positive integer`);

/** POST /api/conversations (PRODUCT §7): the caller asks the item's owner about the item. */
export const startConversationSchema = z.object({
  itemId: positiveId('itemId'),
  sellerId: positiveId('sellerId'),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

/** POST /api/conversations/{id}/messages. PRODUCT §5: trimmed and not empty. */
export const sendMessageSchema = z.object({
  content: text({ message: MESSAGE_EMPTY })
    .trim()
    .min(1, MESSAGE_EMPTY)
    .meta(NOT_BLANK)
    .max(LIMITS.messageContent, MESSAGE_TOO_LONG),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** GET /api/conversations: optionally only the conversations about one item (/messages?item=). */
export const listConversationsQuerySchema = z.object({
  itemId: positiveId('itemId').optional(),
  /**
   * As built: how many of each conversation's latest messages to carry, 0 to
   * LIST_MESSAGES_CAP (the default, PRODUCT §7's "with messages"). A screen that shows only the
   * last message asks for 0 and keeps a long list light; lastMessage is there either way.
   */
  messageLimit: z.coerce
    .number({ message: 'messageLimit must be a whole number' })
    .int('messageLimit must be a whole number')
    .min(0, 'messageLimit must be between 0 and 50')
    .max(50, 'messageLimit must be between 0 and 50')
    .optional(),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

/** A participant as the other one sees them. isPremium is the evaluated premium rule. */
export const conversationPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isPremium: z.boolean(),
  isVerified: z.boolean(),
});
export type ConversationPerson = z.infer<typeof conversationPersonSchema>;

/** What a conversation shows of its item (PRODUCT §3: title, exchangeType, price). */
export const conversationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  exchangeType: z.enum(exchangeTypes),
  /** Decimal text, only for items for sale. */
  price: z.string().nullable(),
  /** The first photo, if any. */
  imageUrl: z.string().nullable(),
});
export type ConversationItem = z.infer<typeof conversationItemSchema>;

/** The row itself, as POST /api/conversations answers it. */
export const conversationSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int().nullable(),
  buyerId: z.number().int(),
  sellerId: z.number().int(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const lastMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  senderId: z.number().int(),
  createdAt: z.string(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

/**
 * A message as its viewer sees it. readAt of the viewer's own messages is a read receipt: it is
 * given to Premium senders only and is null for everyone else (PRODUCT §1).
 */
export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  sender: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/conversations carries at most this many of each conversation's latest messages. */
export const LIST_MESSAGES_CAP = 50;

/**
 * One entry of GET /api/conversations (PRODUCT §7: "with messages"): the conversation's latest
 * messages, at most LIST_MESSAGES_CAP, oldest first, each as GET /api/conversations/{id} gives
 * it; hasOlderMessages says the thread holds more (the whole thread comes with
 * GET /api/conversations/{id}). lastMessage is the newest of them; messageCount counts the
 * whole thread; unreadCount counts the other person's messages the caller has not read.
 */
export const conversationSummarySchema = conversationSchema.extend({
  otherUser: conversationPersonSchema,
  item: conversationItemSchema.nullable(),
  lastMessage: lastMessageSchema.nullable(),
  messages: z.array(messageSchema),
  hasOlderMessages: z.boolean(),
  messageCount: z.number().int(),
  unreadCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * GET /api/conversations/{id}: the thread, oldest message first. isBlocked says one of the two
 * has blocked the other, so no message can be sent.
 */
export const conversationDetailSchema = conversationSchema.extend({
  buyer: conversationPersonSchema,
  seller: conversationPersonSchema,
  item: conversationItemSchema.nullable(),
  messages: z.array(messageSchema),
  isBlocked: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markAllReadResultSchema = z.object({
  /** How many messages were marked read. */
  marked: z.number().int(),
});
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;

/**
 * The messaging events of GET /api/events (server-sent events). Each arrives as
 * `event: <type>` with the JSON object as data. They carry ids, not content: a page fetches
 * the conversation when one arrives.
 */
export const messageEventSchema = z.object({
  type: z.literal('message'),
  conversationId: z.number().int(),
  messageId: z.number().int(),
  senderId: z.number().int(),
});
/** The recipient's unread total; sent on connecting and whenever it changes. */
export const unreadEventSchema = z.object({ type: z.literal('unread'), count: z.number().int() });
/** A read receipt, to Premium senders only: their messages up to readAt were seen. */
export const readEventSchema = z.object({
  type: z.literal('read'),
  conversationId: z.number().int(),
  readAt: z.string(),
});
/** The caller deleted a conversation on another page. */
export const conversationDeletedEventSchema = z.object({
  type: z.literal('conversation-deleted'),
  conversationId: z.number().int(),
});
export const messagingEventSchema = z.discriminatedUnion('type', [
  messageEventSchema,
  unreadEventSchema,
  readEventSchema,
  conversationDeletedEventSchema,
]);
export type MessagingEvent = z.infer<typeof messagingEventSchema>;

/** GET /api/events: the browser reconnects after this many milliseconds (the SSE `retry:` field). */
export const EVENTS_RETRY_MS = 3000;
