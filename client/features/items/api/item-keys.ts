/**
 * Query keys for everything item-shaped. Mutations invalidate `itemKeys.all` so every list,
 * detail and profile view refreshes together.
 */
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
