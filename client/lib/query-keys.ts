/**
 * The query cache's keys, shared by every feature that reads or refreshes the same data: a
 * mutation in one feature and the live event stream can refresh another feature's screens
 * without importing that feature.
 */

/** Everything item-shaped. Mutations invalidate `itemKeys.all` so every list, detail and profile view refreshes together. */
export const itemKeys = {
  all: ['items'] as const,
  lists: () => ['items', 'list'] as const,
  list: (filters: Record<string, unknown>) => ['items', 'list', filters] as const,
  detail: (id: number) => ['items', 'detail', id] as const,
  ofUser: (userId: number) => ['items', 'user', userId] as const,
};

export const userKeys = {
  profile: (userId: number) => ['users', userId] as const,
};

/** Messaging: the live event stream, the bell, /messages and the message dialog all read these. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  detail: (id: number) => ['conversations', 'detail', id] as const,
  unreadCount: () => ['conversations', 'unread-count'] as const,
};

export const blockKeys = {
  all: ['blocks'] as const,
};

/** Wanted posts, saved searches and the notifications their matches create. */
export const notificationKeys = {
  all: ['notifications'] as const,
};

export const wantedPostKeys = {
  all: ['wishlists'] as const,
};

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};

export const giveawayKeys = {
  all: ['giveaway'] as const,
  ofItem: (itemId: number) => ['giveaway', itemId] as const,
};

export const safeLocationKeys = {
  all: ['safe-locations'] as const,
};
