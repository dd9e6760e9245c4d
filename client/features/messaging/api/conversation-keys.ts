/**
 * Query keys for messaging. The live event stream, the bell, /messages and the message dialog
 * all read and refresh these, so one event updates every screen at once.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  detail: (id: number) => ['conversations', 'detail', id] as const,
  unreadCount: () => ['conversations', 'unread-count'] as const,
};

export const blockKeys = {
  all: ['blocks'] as const,
};
