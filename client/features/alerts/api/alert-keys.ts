/** Query keys for Wanted posts, saved searches and the notifications their matches create. */
export const notificationKeys = {
  all: ['notifications'] as const,
};

export const wantedPostKeys = {
  all: ['wishlists'] as const,
};

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};
