import type { ExchangeType } from '../../../common/enums.js';
import { hasPremium } from '../../../common/premium.js';
import type {
  Conversation,
  ConversationDetail,
  ConversationItem,
  ConversationPerson,
  Message,
} from '../../../common/schemas/conversations.js';
import type { UserRow } from '../../db/schema.js';
import type {
  ConversationItemRow,
  ConversationRow,
  MessageRow,
  MessageText,
  PersonRow,
} from './conversations.repo.js';
import type { ConversationThread } from './conversations.service.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentConversationItem(item: ConversationItemRow): ConversationItem {
  return {
    id: item.id,
    title: item.title,
    exchangeType: item.exchangeType as ExchangeType,
    // As on item cards: a price only for items for sale (the list's SQL, listConversationsJson, too).
    price: item.exchangeType === 'sell' ? item.price : null,
    imageUrl: item.imageUrl,
  };
}

/** The conversation row, without who deleted it when (that stays each participant's own). */
export function presentConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    itemId: row.itemId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    lastMessageAt: iso(row.lastMessageAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message row for one viewer: the same rule as presentMessageText. */
export function presentMessage(
  message: MessageRow,
  sender: Pick<UserRow, 'firstName' | 'lastName'>,
  viewer: { id: number; isPremium: boolean },
): Message {
  const asText: MessageText = {
    id: message.id,
    senderId: message.senderId,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    readAt: iso(message.readAt),
  };
  return presentMessageText(asText, message.conversationId, sender, viewer);
}

/**
 * A message for one viewer, read as text (the thread). When the viewer sent it, readAt is a read
 * receipt, which only Premium members get (PRODUCT §1); when they received it, it is when they
 * read it. The list writes the same rule in SQL (listConversationsJson).
 */
export function presentMessageText(
  message: MessageText,
  conversationId: number,
  sender: Pick<UserRow, 'firstName' | 'lastName'>,
  viewer: { id: number; isPremium: boolean },
): Message {
  const showsReadAt = message.senderId !== viewer.id || viewer.isPremium;
  return {
    id: message.id,
    conversationId,
    senderId: message.senderId,
    content: message.content,
    createdAt: message.createdAt,
    readAt: showsReadAt ? message.readAt : null,
    sender: { firstName: sender.firstName, lastName: sender.lastName },
  };
}

/** A participant as the other sees them: no e-mail, location or account fields. */
function presentPersonRow(person: PersonRow): ConversationPerson {
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    profileImageUrl: person.profileImageUrl,
    isPremium: person.isPremium,
    isVerified: person.isVerified,
  };
}

/** The whole thread for one of its participants. */
export function presentThread(thread: ConversationThread, viewer: UserRow, now: Date): ConversationDetail {
  const reader = { id: viewer.id, isPremium: hasPremium(viewer, now) };
  const senderOf = (message: MessageText) =>
    message.senderId === thread.buyer.id ? thread.buyer : thread.seller;
  return {
    id: thread.id,
    itemId: thread.itemId,
    buyerId: thread.buyerId,
    sellerId: thread.sellerId,
    lastMessageAt: thread.lastMessageAt,
    createdAt: thread.createdAt,
    buyer: presentPersonRow(thread.buyer),
    seller: presentPersonRow(thread.seller),
    item: thread.item ? presentConversationItem(thread.item) : null,
    messages: thread.messages.map((message) =>
      presentMessageText(message, thread.id, senderOf(message), reader),
    ),
    isBlocked: thread.isBlocked,
  };
}
