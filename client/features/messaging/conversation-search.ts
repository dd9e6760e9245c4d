import type { ConversationSummary } from '../../../common/schemas/conversations.js';

/** PRODUCT §2 search: by the other parent's name, the item's title or the last message. */
export function matchesSearch(conversation: ConversationSummary, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    `${conversation.otherUser.firstName} ${conversation.otherUser.lastName}`,
    conversation.item?.title ?? '',
    conversation.lastMessage?.content ?? '',
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}
