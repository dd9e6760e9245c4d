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

/**
 * What the inbox shows: the conversations about the filtered item (or all), those the search
 * keeps, the item's title for the filter banner, and a count that says what the list shows
 * ('n of m' while the item filter or a search narrows it).
 */
export function inboxList(
  all: ConversationSummary[],
  {
    itemId,
    search,
    itemTitle,
  }: { itemId: number | undefined; search: string; itemTitle: string | undefined },
) {
  const aboutItem = itemId === undefined ? all : all.filter((conversation) => conversation.itemId === itemId);
  const shown = aboutItem.filter((conversation) => matchesSearch(conversation, search));
  const unreadShown = shown.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  const countText = `${shown.length === all.length ? '' : `${shown.length} of `}${all.length} ${
    all.length === 1 ? 'conversation' : 'conversations'
  }${unreadShown > 0 ? `, ${unreadShown} unread` : ''}`;
  return {
    shown,
    itemTitle: itemTitle ?? aboutItem.find((conversation) => conversation.item)?.item?.title ?? 'this item',
    countText,
  };
}
